"""The options a build or a validation runs with: each the command line's, else the project's
printgen.yaml's, else printgen's default.

Kept apart from commands.py (which runs the commands): the one place the command line's words
become a build's options.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.options import (
    BACK_OFFSET_OPTION,
    DEFAULT_DPI,
    BuildOptions,
    CardFilter,
    Duplex,
    Format,
    Offset,
    Output,
    Paper,
    Service,
)

if TYPE_CHECKING:
    from printgen.project import Project


def options_from(args: argparse.Namespace, out: Path | None, project: Project) -> BuildOptions:
    """The build's options: the command line's, else the project's printgen.yaml, else defaults."""
    from printgen.settings import read_settings

    settings = read_settings(project)
    ids = tuple(dict.fromkeys(i for group in args.cards or () for i in group))
    gutter = args.gutter if args.gutter is not None else settings.gutter_mm
    return BuildOptions(
        paper=Paper(args.paper or settings.paper or Paper.A4),
        duplex=Duplex(args.duplex or settings.duplex or Duplex.LONG),
        languages=tuple(dict.fromkeys(args.lang or ())),
        outputs=frozenset(Output(o) for o in args.only or ()),
        out=out,
        gutter_mm=gutter if gutter is not None else 0.0,
        back_offset=next(
            (o for o in (args.back_offset, settings.back_offset) if o is not None), Offset()
        ),
        back_offset_where=(
            settings.back_offset_where or BACK_OFFSET_OPTION
            if args.back_offset is None
            else BACK_OFFSET_OPTION
        ),
        cards=CardFilter(ids, args.copies),
        # --service alone asks for the service's images
        formats=frozenset(
            Format(f) for f in args.format or ((Format.PNG,) if args.service else (Format.PDF,))
        ),
        dpi=args.dpi if args.dpi is not None else DEFAULT_DPI,
        service=Service(args.service) if args.service else None,
        booklet=bool(getattr(args, "booklet", False)),
    )
