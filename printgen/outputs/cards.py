"""Output verb "cards": every deck as print-and-cut sheets, one PDF per deck output name
(cards.pdf, tokens.pdf, pawns.pdf …) with a manifest of every physical card face beside it, and
the PNG and Tabletop Simulator exports when asked for (``--format``)."""

from __future__ import annotations

from collections.abc import Mapping

from printgen.documents.labels import labels, unlabelled
from printgen.draw.blocks import Kind
from printgen.draw.packing import folds
from printgen.draw.sheets import DoesNotFit, Item, impose
from printgen.layout.face import LaidOutDeck
from printgen.model.game import localize
from printgen.options import BuildOptions, CardFilter, Duplex, Format
from printgen.outputs import OutputJob
from printgen.outputs.memory import BIG, give_back
from printgen.outputs.names import plain_name
from printgen.outputs.sheet_warnings import (
    backs_off_the_page,
    bleed_off_the_paper,
    no_scale_bar,
    not_folded,
)
from printgen.problems import Problems, Severity, Where
from printgen.staged import Contents
from printgen.write import json_bytes

CARDS_OPTION = Where("--cards", 0, 0)
# the sides a sheet's margin names ("fronts" on fold sheets of cards without backs too): a game
# never folded whose labels lack 'fold' failed to build, "every sheet's margin prints it"
_SIDES = {Duplex.FOLD: ("fronts", "fold"), Duplex.NONE: ("fronts",)}


def make(job: OutputJob, problems: Problems) -> dict[str, Contents]:
    """File name -> bytes for every deck output of one game in one language (its images
    staged, when the build stages them)."""
    options = job.options
    decks = chosen_decks(job.decks, options.cards, job.game.id, problems)
    if decks is None:
        return {}
    files: dict[str, Contents] = {}
    if Format.PDF in options.formats:
        words = labels(job.project, job.lang, job.game.id)
        # a deck's output is named in the margin and the PDF's title by its label ("tokens":
        # "segnalini") when printgen has one for it; a stem of the designer's own prints as written
        named = sorted({d.deck.output for d in decks} & (words.keys() | words.untranslated))
        printed = ("sheet", *_SIDES.get(options.duplex, ("fronts", "backs")), *named)
        if options.duplex in (Duplex.LONG, Duplex.SHORT) and _some_without_backs(decks):
            printed += ("no_backs",)  # a sheet of them alone: its back page says so
        if options.duplex == Duplex.FOLD and _some_unfolded(decks, options):
            printed += ("backs", "duplex_long")  # their sheets print as --duplex long's do
        missing = unlabelled(job.project, words, printed, "every sheet's margin")
        if not missing:  # (a language of no labels is one line: the command that writes them)
            missing = unlabelled(job.project, words, ("print_and_cut",), "every card sheet PDF")
        if missing:
            problems.extend(missing)
            return {}
        shown = named_outputs(decks, words, named, job.lang, job.game.meta.languages)
        try:
            files.update(
                card_files(decks, job.title, job.author, options, shown, problems, job.lang)
            )
        except DoesNotFit as exc:
            for misfit in exc.every():
                problems.add(misfit.where, f"{misfit}; choose a smaller size")
            return {}
    if Format.PNG in options.formats:
        from printgen.outputs.png import oversized

        if oversized(decks, options, problems):
            return {}
    if options.out is None:  # validate: the sheets are imposed, not drawn, and no image made
        return files
    if Format.PNG in options.formats:
        from printgen.outputs.png import png_files

        files.update(png_files(decks, options, job.staging))
    if Format.TTS in options.formats:
        from printgen.outputs.tts import tts_files

        out = options.out or job.project.root / "build"
        meta = job.game.meta
        names = {d.deck.id: localize(d.deck.name, job.lang, meta.languages) for d in decks}
        folder = out / job.game.id / job.lang
        name = f"{job.game.id}.{job.lang}"
        files.update(tts_files(decks, job.title, name, folder, options, names, job.staging))
    return files


def _some_without_backs(decks: list[LaidOutDeck]) -> bool:
    """Whether an output has cards printing no back beside cards printing one: a sheet may
    hold only the former, its back page blank (an output whose cards print no back has none)."""
    backed: dict[str, set[bool]] = {}
    for laid in decks:
        found = backed.setdefault(laid.deck.output, set())
        found.update(laid.back_of(card.id) is not None for card, _ in laid.fronts)
    return any(len(found) == 2 for found in backed.values())


def _some_unfolded(decks: list[LaidOutDeck], options: BuildOptions) -> bool:
    """Whether, folding, a deck with backs has cards too large for half a sheet (draw.sheets
    prints them with their backs on pages of their own)."""
    return any(
        not folds(kind_of(laid, options.gutter_mm), options.paper.size_mm)
        and any(laid.back_of(card.id) is not None for card, _ in laid.fronts)
        for laid in decks
    )


def named_outputs(
    decks: list[LaidOutDeck],
    words: Mapping[str, str],
    labelled: list[str],
    lang: str,
    languages: tuple[str, ...],
) -> dict[str, str]:
    """The labels with a name for every output: a stem of the designer's own ("tiles", which
    no label translates) is named in the margin and the PDF's title by its decks' names in the
    sheets' language ("Tessere paesaggio"), not by its English file name."""
    shown = dict(words)
    for output in sorted({d.deck.output for d in decks} - set(labelled)):
        names = (localize(d.deck.name, lang, languages) for d in decks if d.deck.output == output)
        shown[output] = ", ".join(dict.fromkeys(plain_name(str(name)) for name in names))
    return shown


def chosen_decks(
    decks: list[LaidOutDeck], chosen: CardFilter, game: str, problems: Problems
) -> list[LaidOutDeck] | None:
    """The decks with only the cards ``--cards`` names, each ``--copies`` times; None when an id
    names no card."""
    if not chosen:
        return decks
    wanted = set(chosen.ids)
    found: set[str] = set()
    result = []
    for laid in decks:
        fronts = []
        for card, face in laid.fronts:
            names = {card.id, f"{laid.deck.id}/{card.id}"}
            if chosen.ids and not names & wanted:
                continue
            found |= names & wanted
            fronts.append((card, face))
        if fronts:
            result.append(
                LaidOutDeck(
                    laid.deck,
                    fronts,
                    laid.back,
                    laid.values,
                    copies=chosen.copies,
                    shared=laid.shared,
                    later=laid.later,
                    card_backs=laid.card_backs,
                )
            )
    owners: dict[str, list[str]] = {}  # a bare id two decks both have: both printed, and said
    for laid in result:
        for card, _ in laid.fronts:
            if card.id in wanted:
                owners.setdefault(card.id, []).append(laid.deck.id)
    for card_id, decks_of in sorted(owners.items()):
        if len(decks_of) > 1:
            problems.add(
                CARDS_OPTION,
                f"'{card_id}' is a card of decks {', '.join(decks_of)}: each is printed; write "
                f"{decks_of[0]}/{card_id} for one of them",
                Severity.WARNING,
                once=("cards-in-two-decks", card_id),
            )
    sizes = [(laid.deck.id, len(laid.fronts)) for laid in result]
    if (over := chosen.over_the_limits(sizes, game)) is not None:
        problems.add(Where("--copies", 0, 0), over)
        return None
    missing = sorted(wanted - found)
    if missing:
        from printgen.source.readers import did_you_mean

        known = [f"{laid.deck.id}/{card.id}" for laid in decks for card, _ in laid.fronts]
        # a card is asked for by its id or deck/id: the closest of either kind
        ids = [*known, *(ref.partition("/")[2] for ref in known)]
        listed = f"its cards are {', '.join(known[:12])}{' …' if len(known) > 12 else ''}"
        tail = did_you_mean(missing[0], ids, f"; {listed}")
        problems.add(CARDS_OPTION, f"no card {', '.join(repr(m) for m in missing)} in {game}{tail}")
        return None
    return result


def kind_of(laid: LaidOutDeck, gutter: float) -> Kind:
    """What a deck's cards share with those they sit in one grid with."""
    deck = laid.deck
    gap = deck.gutter_mm if deck.gutter_mm is not None else gutter
    if deck.shape == "circle":  # round tokens are cut one by one: each keeps all its bleed
        gap = max(gap, 2 * deck.bleed_mm)
    return Kind(deck.width_mm, deck.height_mm, deck.bleed_mm, str(deck.shape), gap)


def items_of(laid: LaidOutDeck, gutter: float) -> list[Item]:
    kind = kind_of(laid, gutter)
    return [
        Item(card.id, face, laid.back_of(card.id), kind)
        for card, face in laid.fronts
        for _ in range(laid.copies if laid.copies is not None else card.count)
    ]


def card_files(
    decks: list[LaidOutDeck],
    title: str,
    author: str,
    options: BuildOptions,
    words: dict[str, str],
    problems: Problems | None = None,
    lang: str = "",
) -> dict[str, bytes]:
    by_output: dict[str, list[LaidOutDeck]] = {}
    for laid in decks:
        by_output.setdefault(laid.deck.output, []).append(laid)
    files: dict[str, bytes] = {}
    misfits: list[DoesNotFit] = []  # of every output, not the first alone
    for output, group in by_output.items():
        try:
            sheets = impose(  # the items only for imposing: a placement holds what it needs
                [item for laid in group for item in items_of(laid, options.gutter_mm)],
                options.paper.size_mm,
                options.duplex,
                options.back_offset,
                f"{title} · {words.get(output, output)}",  # "carte", "segnalini" in Italian
                words,
            )
        except DoesNotFit as exc:  # said at the size of each deck whose cards do not fit
            misfits += _at_their_decks(exc, group, options)
            continue
        if problems is not None:
            backs_off_the_page(sheets, options, problems)
            not_folded(sheets, output, group, options, problems)
            bleed_off_the_paper(sheets, group, problems)
            no_scale_bar(sheets, output, group, problems)
        if options.out is None:  # validate: that every card fits a sheet is all it checks here
            continue
        from printgen.outputs.card_sheets import manifest, sheets_pdf  # (validate draws none)

        # one game's decks in one language share one mapping of shared operations (its lay-out
        # context's), filled as a streamed deck's fronts are laid out
        named = f"{title} — {words.get(output, output)}"  # the PDF's title, in its language
        subject = words.get("print_and_cut", "print-and-cut sheets")
        pdf = sheets_pdf(sheets, named, author, group[0].shared, options.duplex, subject, lang)
        if len(pdf) > BIG:  # the PDF's freed working memory back before the manifest is made
            give_back()
        files[f"{output}.pdf"] = pdf
        files[f"{output}.json"] = json_bytes(manifest(sheets, options))
    if misfits:
        misfits[0].more = misfits[1:]
        raise misfits[0]
    return files


def _at_their_decks(
    exc: DoesNotFit, group: list[LaidOutDeck], options: BuildOptions
) -> list[DoesNotFit]:
    """Each kind of card too large for the paper, said at the size of every deck printing
    cards of that kind (two decks of one size are one kind, packed together, whatever their
    bleed). Folding, a card too large for half a sheet prints on a whole one: only one too
    large for that is said."""
    located: list[DoesNotFit] = []
    for misfit in exc.every():
        grid = misfit.kind.grid if misfit.kind else None
        decks = [laid.deck for laid in group if kind_of(laid, options.gutter_mm).grid == grid]
        for deck in decks or [group[0].deck]:
            if not any(m.where == deck.size_where for m in located):
                located.append(DoesNotFit(str(misfit), deck.size_where, misfit.kind))
    return located
