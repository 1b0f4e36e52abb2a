"""A prose file's table rows, read as markdown-it reads them: the text a row loses past its
header's cells, and the cells it lacks, said at the line of the file that writes the row."""

from __future__ import annotations

import pytest

from printgen.documents.prose_tables import too_many_cells

RULES = "cards/base/rules.en.md"
MORE = "add a column to the header and the line under it, or move the text into a cell"


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
    said = [
        f"{p.where.line}:{p.where.col}: {p.message}"
        for p in too_many_cells("\n".join(table), RULES)
    ]
    assert said == [
        f"4:{col}: this row has 3 cells and its table's header 2: 'lost' is not printed; {MORE}"
    ]
