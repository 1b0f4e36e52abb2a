"""Output verb "rulebook": cover, components, rules, card reference, clarifications, credits."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Any

from printgen.documents.address_marks import soft_hyphens_in_autolinks
from printgen.documents.block_lines import BlockSources
from printgen.documents.blocks import block_text, is_heading, layout_said
from printgen.documents.card_blocks import card_row, reference_rows
from printgen.documents.card_gallery import card_gallery
from printgen.documents.cards import CardIndex
from printgen.documents.context import Unprintable, embedded_fonts, render_document
from printgen.documents.cover import Contents, LateContents, card_fan, center_cover, cover_end
from printgen.documents.diagram import TIGHT
from printgen.documents.diagram_blocks import DiagramBlocks
from printgen.documents.empty_documents import blank_template, no_rules
from printgen.documents.empty_headings import empty_headings
from printgen.documents.font_licences import read_licence
from printgen.documents.label_names import unknown_labels
from printgen.documents.label_places import own_template, text_written_at
from printgen.documents.labels import Labels, emptied, unlabelled
from printgen.documents.markdown import to_flowables
from printgen.documents.overflows import overflow_problems
from printgen.documents.platypus import Flowable, LayoutError
from printgen.documents.prose_flavours import other_markdowns
from printgen.documents.prose_lint import lint_document
from printgen.documents.prose_stars import unclosed_emphasis
from printgen.documents.prose_tables import too_few_cells
from printgen.documents.prose_theme import Theme
from printgen.documents.qa_marker import QA_LABELS, collects
from printgen.documents.rulebook_document import MIN_TEXT, RulebookDocument
from printgen.documents.rules_slips import rules_slips
from printgen.documents.sections import Heading
from printgen.documents.theme import rulebook_theme, scaled, tightened
from printgen.documents.unread_tables import unread_tables
from printgen.layout.hyphens import unbroken
from printgen.limits import MAX_DOCUMENT_PAGES
from printgen.model.units import pt
from printgen.outputs import OutputJob
from printgen.problems import (
    Problem,
    Problems,
    ProjectError,
    Where,
    without_addresses,
)
from printgen.project import Project

MARGIN = 20.0  # mm on A4 and Letter
SMALL_MARGIN = 13.0  # mm on an A5 booklet page
TOC_AFTER_PAGES = 4  # a longer rulebook gets a table of contents on its cover
CONTENTS_PASSES = 3  # lay-outs with the contents in, until their page numbers hold
NEARLY_EMPTY = 0.2  # a last page printed on less than this much is worth saving


def make(job: OutputJob, problems: Problems) -> dict[str, bytes]:
    """The rulebook (and its booklet); ``validate`` (no ``--out``) lays them out for their
    checks but draws nothing and returns no files."""
    book = _book(job, problems)
    if book is None:
        return {}
    problems.extend(rules_slips(book.rel, book.prose, book.source, book.labels))
    problems.extend(unknown_labels(job.project, job.game.folder))
    draw = job.options.out is not None
    files: dict[str, bytes] = {}
    laid = book.lay_out(job.options.paper.size_mm, draw)
    problems.extend(laid.problems)
    if laid.failed:
        return {}
    if laid.data is not None:
        files["rulebook.pdf"] = laid.data
    if job.options.booklet:
        width, height = job.options.paper.size_mm
        half = (max(width, height) / 2, min(width, height))
        from printgen.outputs.booklet import impose, said_of_booklet

        pages = book.lay_out(half, draw)
        problems.extend(
            said_of_booklet(p, job.options.paper) for p in pages.problems if p not in problems
        )
        if pages.data is not None:
            files["rulebook-booklet.pdf"] = impose(
                pages.data, (max(width, height), min(width, height))
            )
    return files


def _book(job: OutputJob, problems: Problems) -> _Book | None:
    game = job.game
    # the credits print each card font's licence notice: what is wrong in one is said at its
    # file (the same in every language: said once)
    for name in embedded_fonts(job.decks):
        if name.lower() != "vera":
            problems.extend(read_licence(job.project, name).problems)
    try:
        context, source = render_document(
            job.project, game, job.lang, job.decks, "rules", "rulebook.md.j2"
        )
    except ProjectError as exc:
        problems.extend(exc.problems)
        if isinstance(exc.partial, Unprintable):  # laid out for its other problems all the same
            _checked_anyway(job, exc.partial.context, exc.partial.source, problems)
        return None
    rel = f"{game.folder}/rules.{job.lang}.md"
    rules = str(context.get("rules", ""))
    problems.extend(other_markdowns(job.project, rel, rules, job.decks, job.lang))
    problems.extend(too_few_cells(job.project, rel, rules))
    problems.extend(unread_tables(job.project, rel, rules))
    problems.extend(empty_headings(job.project, rel, rules, contents=True))
    problems.extend(unclosed_emphasis(job.project, rel, rules))
    problems.extend(soft_hyphens_in_autolinks(job.project, rel, rules))
    problems.extend(no_rules(job.project, rel, rules))
    problems.extend(blank_template(job.project, "rulebook.md.j2", source))
    # every page's foot; the contents of a long rulebook; the documents' font in the credits;
    # the PDF's subject (without it the properties said nothing, where the sheets' say theirs)
    printed = ("page", "contents", "vera_notice", "rulebook", *_asked_by_the_game(context))
    missing = unlabelled(job.project, context["t"], printed, "the rulebook")
    if missing := missing or _questions_labels(job, context["t"], printed):
        problems.extend(missing)
        return None
    return _made(job, context, source)


def _questions_labels(job: OutputJob, words: Labels, printed: tuple[str, ...]) -> list[Problem]:
    """The questions and answers' labels, where the marker asks for them: neither empty, and
    the heading in the document font — printgen's code prints it, so the check of what the
    template prints never read it (a character Vera lacks printed as an empty box)."""
    needs = {name: why for name, why in QA_LABELS.items() if name in printed}
    if (empty := emptied(job.project, words, needs)) or "questions" not in needs:
        return empty
    heading = str(words["questions"])
    return lint_document(job.project, job.game.folder, heading, "rulebook.md.j2", "")


def _asked_by_the_game(context: dict[str, Any]) -> tuple[str, ...]:
    """The labels printgen's code prints because of what the game holds: where the prose has
    the questions-and-answers marker, the word that finds its clarifications and the heading
    they are collected under (without them the section's heading and contents entry were
    empty); where it shows a Font Awesome icon, the credit line (else printed in English)."""
    from printgen.icons.fontawesome import CREDIT

    asked: tuple[str, ...] = ()
    if collects(str(context.get("rules", ""))):
        asked += ("clarification", "questions")
    if any(str(line).startswith(CREDIT) for line in context.get("icon_credits", ())):
        asked += ("credit_fontawesome",)
    return asked


def _made(job: OutputJob, context: dict[str, Any], source: str) -> _Book:
    game = job.game
    rel = f"{game.folder}/rules.{job.lang}.md"
    index = CardIndex(game, job.decks, Where(rel), job.borrowed, context["t"], job.lang)
    prose = (job.project.root / rel).read_text(encoding="utf-8")
    title = unbroken(str(context["game"]["title"]))  # each page's foot, the PDF's title
    author = str(context["game"]["author"] or "")
    # the prose as Jinja printed it: a word an expression printed is said at the expression
    rendered = str(context.get("rules", ""))
    labels = context["t"]
    return _Book(
        source, index, title, author, labels, rel, (prose, rendered), job.lang, job.project
    )


def _checked_anyway(
    job: OutputJob, context: dict[str, Any], source: str, problems: Problems
) -> None:
    """A rulebook that will not print (a Markdown image in it, say), laid out for the rest of
    its problems — a diagram's unknown card — so that one run says them all."""
    try:
        laid = _made(job, context, source).lay_out(job.options.paper.size_mm, draw=False)
    except Exception:  # what it printed wrong was said; a lay-out it breaks says no more
        return
    problems.extend(p for p in laid.problems if p not in problems)


@dataclass
class _Pass:
    """One lay-out of the rulebook: its PDF when drawn, and what its checks found."""

    pages: int
    data: bytes | None  # None when the pass drew nothing, or failed
    entries: list[tuple[str, int]]  # level-2 headings and their pages
    problems: list[Problem]
    failed: bool = False  # the lay-out itself failed (a block too large for a page)
    contents_in_place: bool = True  # the late contents fit where they stood
    last_fill: float = 1.0  # how much of the last page's body is printed on


class _Book:
    """A rulebook's Markdown and cards, laid out on a page size: once, with the room for the
    table of contents a long rulebook gets on its cover kept free and filled in when the page
    numbers are known; when the contents would not fit there, as before — a first pass, then
    a second with the contents if no page moves."""

    def __init__(
        self,
        source: str,
        index: CardIndex,
        title: str,
        author: str,  # the game's, in the PDF's properties as the sheets' and aid's
        labels: Labels,
        rel: str,
        prose: tuple[str, str],  # as written, and as Jinja printed it
        lang: str,
        project: Project,
    ) -> None:
        self.source, self.index, self.labels = source, index, labels
        self.project = project
        self.title, self.author = title, author
        self.rel, (self.prose, self.rendered), self.lang = rel, prose, lang
        self.template = own_template(project, "rulebook.md.j2")  # its own text, said there
        index.sources = BlockSources(rel, self.prose, self.template)

    def lay_out(self, paper: tuple[float, float], draw: bool) -> _Pass:
        """The rulebook on ``paper``; drawn into a PDF only when ``draw`` (else the checks)."""
        done = self._laid_out(paper, draw, tight=False)
        if not done.failed and done.pages > 2 and done.last_fill < NEARLY_EMPTY:
            # a sheet printed for a few lines: the same rulebook with less air, if it saves it
            tight = self._laid_out(paper, draw, tight=True)
            if not tight.failed and tight.pages < done.pages:
                done = tight
        done.problems += [p for p in self.index.problems if p not in done.problems]
        return done

    def _laid_out(self, paper: tuple[float, float], draw: bool, tight: bool) -> _Pass:
        done = self._one_pass(paper, draw, tight)
        return done if done is not None else self._two_passes(paper, draw, tight)

    def _one_pass(self, paper: tuple[float, float], draw: bool, tight: bool) -> _Pass | None:
        story, theme, diagrams = self._story(paper, tight)
        cut = cover_end(story)
        if cut and story[cut - 1].getKeepWithNext():
            return None  # the contents would be kept with what precedes them, moving it
        # the room kept depends on the titles (a long one wraps), the entries' pages listed
        # by the document under the same words
        titles = [f.entry() for f in story if isinstance(f, Heading) and f.listed()]
        late = LateContents(titles, theme.h2)
        story.insert(cut, late)
        done = self._pass(paper, story, diagrams, draw, late)
        if done.failed and done.pages > MAX_DOCUMENT_PAGES:
            return done  # no other arrangement is hundreds of pages shorter
        if done.failed or not done.contents_in_place or [t for t, _ in done.entries] != titles:
            return None
        return done

    def _two_passes(self, paper: tuple[float, float], draw: bool, tight: bool) -> _Pass:
        story, _, diagrams = self._story(paper, tight)
        first = self._pass(paper, story, diagrams, draw=False)
        long = not first.failed and first.pages > TOC_AFTER_PAGES
        if long and (with_toc := self._with_contents(paper, tight, first.entries, draw)):
            return with_toc
        if first.failed or not draw:
            return first
        story, _, diagrams = self._story(paper, tight)
        return self._pass(paper, story, diagrams, draw)

    def _with_contents(
        self, paper: tuple[float, float], tight: bool, entries: list[tuple[str, int]], draw: bool
    ) -> _Pass | None:
        """The rulebook with its table of contents: on the cover if they fit the room left
        there (no page moves), else opening the page after it, the rules following on."""
        for on_cover in (True, False):
            wanted = entries
            # off the cover they move what follows them: their page numbers are then those of
            # a pass with them in, which settle at once
            for _ in range(1 if on_cover else CONTENTS_PASSES):
                story, theme, diagrams = self._story(paper, tight)
                cut = cover_end(story)
                if not on_cover and cut >= len(story):
                    return None  # no cover to follow
                at = cut if on_cover else cut + 1
                contents = Contents(self.labels["contents"], wanted, theme.h2, not on_cover)
                story.insert(at, contents)
                done = self._pass(paper, story, diagrams, draw)
                if done.failed:  # contents the cover cannot hold may open the next page
                    break
                if done.entries == wanted:
                    return done
                wanted = done.entries
        return None

    def _story(
        self, paper: tuple[float, float], tight: bool
    ) -> tuple[list[Flowable], Theme, DiagramBlocks]:
        margin = _margin(paper)
        theme = rulebook_theme(self.index.icon_colors, self.index.icons).with_callouts(self.labels)
        if margin < MARGIN:  # a booklet page: the same type a little smaller
            theme = scaled(theme, 0.9)
        if tight:  # less air, the same type sizes (see lay_out)
            theme = tightened(theme)
        width = pt(paper[0] - 2 * margin)
        # a diagram's caption ends it as a paragraph ends: the paragraph's space after it
        caption = replace(theme.body, size=theme.body.size * 0.9, align="center")
        # less air takes a little off each diagram too: a diagram's page is most often the one
        # whose next block, or last lines, moved on (an arena rulebook's credits alone on a page)
        scale = TIGHT if tight else 1.0
        diagrams = DiagramBlocks(
            self.index, self.rel, self.prose, caption, scale, template=self.template
        )
        index = self.index
        story = to_flowables(
            self.source,
            theme,
            width,
            {
                "card": lambda content, line: reference_rows(index, theme, width, content, line),
                "cardrow": lambda content, line: card_row(index, width, content, line),
                "cardfan": lambda content, line: card_fan(index, width, content, line),
                "cardgallery": lambda content, line: card_gallery(
                    index, theme, width, content, line
                ),
                "diagram": diagrams,
            },
        )
        center_cover(story)
        return story, theme, diagrams

    def _pass(
        self,
        paper: tuple[float, float],
        story: list[Flowable],
        diagrams: DiagramBlocks,
        draw: bool,
        late: LateContents | None = None,
    ) -> _Pass:
        buffer = io.BytesIO()
        doc = RulebookDocument(
            buffer,
            paper,
            _margin(paper),
            self.title,
            self.labels.get("page", "page"),
            draw,
            late,
            author=self.author,
            subject=self.labels.get("rulebook", ""),
            lang=self.lang,
        )
        where = Where(self.rel)
        try:
            doc.build(story)
        except LayoutError as exc:
            text = block_text(doc.placing)  # the block it could not place: found by its text
            said = layout_said(without_addresses(str(exc)), is_heading(doc.placing))
            problem = Problem(self._where(text) if text else where, f"rulebook layout: {said}")
            return _Pass(doc.page, None, [], [problem], failed=True)
        data = None
        if draw:
            if late is not None:
                late.fill(doc.canv, self._contents(doc))
            doc.canv.save()
            data = buffer.getvalue()
        problems = list(diagrams.problems)
        problems += overflow_problems(
            doc.overflowing, self.rel, self.prose, self._where, rendered=self.rendered
        )
        problems += [
            Problem(
                small.where or self._where(small.what),
                f"text printed at {small.size:.1f} pt in the rulebook ('{small.what[:40]}'); "
                f"nothing a reader must read is under {MIN_TEXT:g} pt",
            )
            for small in doc.small_text
        ]
        frame = doc.frame  # the last page's: how far down it was filled
        fill = (frame._y2 - frame._y) / frame._height if frame._height else 1.0
        return _Pass(doc.page, data, doc.entries, problems, False, doc.contents_in_place, fill)

    def _where(self, text: str) -> Where:
        return text_written_at(
            self.project, self.rel, self.prose, text, self.index, self.labels, self.template
        )

    def _contents(self, doc: RulebookDocument) -> tuple[str, list[tuple[str, int]]] | None:
        """What the late contents print: nothing in a rulebook of a few pages."""
        if doc.page <= TOC_AFTER_PAGES:
            return None
        return self.labels["contents"], doc.entries


def _margin(paper: tuple[float, float]) -> float:
    return MARGIN if min(paper) > 160 else SMALL_MARGIN
