"""Ctrl-C told apart from a KeyboardInterrupt that a designer's code raises.

Python turns Ctrl-C into KeyboardInterrupt, and a rules.py or simulate.py may raise one itself.
Ctrl-C stops printgen wherever it is; a raise in the designer's code is that code failing, said
at its line with exit status 2 like any other. The handler marks the key press, so the code
that runs designer code can tell the two apart. It lives with what runs designer code, which
the rules stage and the simulations use; the command line only starts listening.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

_pressed: list[bool] = [False]


def listen() -> None:
    """Mark every Ctrl-C from now on (the main thread alone receives signals)."""
    _pressed[0] = False
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _press)


def _press(signum: int, frame: FrameType | None) -> None:
    _pressed[0] = True
    raise KeyboardInterrupt


def stopping() -> None:
    """printgen is ending because of a Ctrl-C: another one must not interrupt its ending."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def by_user(exc: BaseException) -> bool:
    """Whether ``exc`` is the user's Ctrl-C (stop printgen), not a designer's code raising."""
    return isinstance(exc, KeyboardInterrupt) and _pressed[0]
