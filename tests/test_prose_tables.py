"""A prose file's table rows, read as markdown-it reads the prose once rendered: the text a row
loses past its header's cells, and the cells it lacks, said at the line of the file that writes
the row, with the fix quoted."""

from __future__ import annotations

import jinja2
import pytest

from printgen.documents.compiled import SETTINGS
from printgen.documents.prose_tables import row_problems

RULES = "cards/base/rules.en.md"
MORE = "add a column to the header and the line under it, or move the text into a cell"


def _said(*lines: str) -> list[str]:
    """What validate says of these lines of a prose file, rendered as a document renders it."""
    written = "\n".join(lines) + "\n"
    rendered = jinja2.Environment(**SETTINGS).from_string(written).render()
    problems = row_problems(written, rendered, RULES)
    return [f"{p.where.line}:{p.where.col}: {p.severity.value}: {p.message}" for p in problems]


@pytest.mark.parametrize(
    "table",
    [
        ("- > | A | B |", "  > |---|---|", "  > | 1 | 2 |", "  > | 3 | 4 | lost |"),
        ("> - | A | B |", ">   |---|---|", ">   | 1 | 2 |", ">   | 3 | 4 | lost |"),
        ("1. > > | A | B |", "   > > |---|---|", "   > > | 1 | 2 |", "   > > | 3 | 4 | lost |"),
    ],
)
def test_a_table_in_a_list_item_and_a_quote_is_counted_without_its_marks(
    table: tuple[str, ...],
) -> None:
    """In '- > | A | B |' the '>' was counted a cell: '| 1 | 2 |' was warned of as short and
    the row losing 'lost' said nothing. Any nesting of list items and quotes leads no cell."""
    col = table[3].index("lost") + 1
    assert _said(*table) == [
        f"4:{col}: error: this row has 3 cells and its table's header 2: 'lost' is not "
        f"printed; {MORE}"
    ]


ONE = "2 cells and its table's header 3: the last is printed empty; if that is meant, add"
TWO = "1 cell and its table's header 3: the last 2 are printed empty; if that is meant, add"


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ("| Short | 1 |", f"3:1: warning: this row has {ONE} the missing cell: `| Short | 1 |  |`"),
        ("Short | 1", f"3:1: warning: this row has {ONE} the missing cell: `Short | 1 |  |`"),
        ("| Short |", f"3:1: warning: this row has {TWO} the 2 missing cells: `| Short |  |  |`"),
        ("> | Short |", f"3:3: warning: this row has {TWO} the 2 missing cells: `| Short |  |  |`"),
        (
            "{% for n in [1] %}| {{ n }} | x |",
            f"3:19: warning: this row has {ONE} `  |` at the end of the row",
        ),
    ],
)
def test_a_short_row_is_told_the_cells_that_make_it_whole(row: str, said: str) -> None:
    """'| Short | 1 |' was told to add `|  |`, which made it '| Short | 1 ||  |': four cells
    under a header of three. Now the row is quoted with its cells added."""
    end = ("{% endfor %}",) if "{% for" in row else ()
    quote = ">" if row.startswith(">") else ""
    header = (f"{quote} | A | B | C |".lstrip(), f"{quote} |---|---|---|".lstrip())
    assert _said(*header, row, *end) == [said]


def test_text_a_macro_or_a_loop_prints_into_a_row_counts_as_printed() -> None:
    """A macro's row ({{ row("Miner", 0) }}) was warned of as 1 cell, and a row a {% for %}
    fills as 2, though each prints whole."""
    assert (
        _said(
            "{% macro row(name, n) %}| {{ name }} | {{ n }} |{% endmacro %}",
            "| Name | N |",
            "|---|---|",
            '{{ row("Miner", 0) }}',
            "",
            "| Card | 2 | 3 | 4 |",
            "|---|---|---|---|",
            "| Miner | {% for n in [2, 3, 4] %}{{ n }} | {% endfor %}",
        )
        == []
    )


def test_a_row_a_macro_prints_too_long_is_said_at_its_call() -> None:
    """A row the file never writes as it prints is said at the line that prints it."""
    assert _said(
        "{% macro row(name, n) %}| {{ name }} | {{ n }} | {{ n }} |{% endmacro %}",
        "| Name | N |",
        "|---|---|",
        '{{ row("Miner", 0) }}',
    ) == [
        "4:1: error: this row has 3 cells and its table's header 2: '0' (printed by "
        f'{{{{ row("Miner", 0) }}}}) is not printed; {MORE}'
    ]
