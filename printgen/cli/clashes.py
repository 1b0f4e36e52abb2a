"""Options that would be silently ignored with the others given: one line naming the clash
and its fix, before anything runs (``--booklet`` of a rulebook ``--only`` leaves out, say)."""

from __future__ import annotations

import argparse

from printgen.options import Format, Output


def ignored_option(args: argparse.Namespace) -> str | None:
    """An option that would be silently ignored: a --service or --dpi (the service sizes PNG
    images only, and fixes their size; a --dpi without PNG or TTS images sizes nothing), a
    --booklet, --cards, --copies or --format of an output --only leaves out; simulate's
    --jobs beside --debug, which plays in printgen's own process."""
    if getattr(args, "debug", False) and (getattr(args, "jobs", None) or 1) > 1:
        return (
            "printgen: --debug plays the games in this process, one after another, so that "
            "what the engine prints reaches you in order, and --jobs asks for worker "
            "processes: drop --jobs (or --debug)"
        )
    only = getattr(args, "only", None)
    if getattr(args, "booklet", False) and only and Output.RULEBOOK.value not in only:
        return (
            "printgen: --booklet imposes the rulebook, and --only leaves it out: add "
            "--only rulebook, or drop --booklet"
        )
    chosen = "--cards" if getattr(args, "cards", None) else "--copies"
    if getattr(args, chosen[2:], None) and only and Output.CARDS.value not in only:
        return (
            f"printgen: {chosen} chooses what the card sheets print, and --only leaves them "
            f"out: add --only cards, or drop {chosen}"
        )
    formats = getattr(args, "format", None) or ()
    images = [f"--format {f}" for f in formats if f != Format.PDF.value]  # documents: PDFs
    images += [f"--{name}" for name in ("service", "dpi") if getattr(args, name, None)]
    if images and only and Output.CARDS.value not in only:
        return (
            f"printgen: {images[0]} chooses what the card outputs are made as, and "
            f"--only leaves them out: add --only cards, or drop {images[0]}"
        )
    service = getattr(args, "service", None)
    if service is None:
        rasters = {Format.PNG.value, Format.TTS.value} & set(formats)  # none: PDF sheets only
        if getattr(args, "dpi", None) is not None and not rasters:
            return (
                "printgen: --dpi sets the resolution of PNG images and Tabletop Simulator "
                "sheets, and --format asks for neither: add --format png (or tts), or drop --dpi"
            )
        return None
    if formats and Format.PNG.value not in formats:
        return (
            f"printgen: --service {service} sizes the PNG images, and --format asks for none: "
            "add --format png, or drop --service"
        )
    if args.dpi is not None and Format.TTS.value not in formats:  # TTS sheets use --dpi
        return (
            f"printgen: --service {service} makes its images at the service's own pixel size "
            "(300 dpi), so --dpi has nothing to do: drop one of them"
        )
    return None
