"""The calls of ``os``, ``signal`` and ``resource`` a designer's code (rules.py, simulate.py)
may not make while it runs, because they end printgen without a word or switch off the limits
that stop it: ``os._exit``, ``os.exec*`` and ``os.abort`` end the process (``execv('/bin/true')``
even with status 0, as if all went well), ``os.kill`` of its own process or group kills it, a
fork runs the rest of printgen twice; ignoring or blocking SIGALRM, or cancelling its timer,
lets a loop run forever, and raising RLIMIT_CPU lifts the last stop; lowering RLIMIT_NOFILE
leaves printgen unable to open its own files. Each raises ``Refused`` instead, said at the
designer's line like any other failure of that code.

printgen's own code keeps these calls while the designer's runs (the time limits set their
alarm, the memory cap its limit): a call is refused only when the code making it is not
printgen's. A ``ctypes`` call into the C library passes by all of this; nothing in-process can
stop that.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

END = "end printgen nor start copies of it"
CLOCK = "change the signals and the timer printgen's time limits rely on"
LIMITS = "change the limits printgen runs under: its open files, memory and CPU time"

# the signals printgen's limits and Ctrl-C rely on: the alarm, the kernel's CPU-time stop,
# the user's key, and the worker pool's way of ending its workers
_KEPT_SIGNALS = frozenset(
    getattr(signal, name)
    for name in ("SIGALRM", "SIGXCPU", "SIGINT", "SIGTERM")
    if hasattr(signal, name)
)


class Refused(BaseException):
    """The designer's code made a call it may not (args: the call as written, then why, the
    end of "… may not …"). A BaseException: its own ``except Exception`` does not swallow it."""

    @property
    def call(self) -> str:
        return str(self.args[0])

    @property
    def why(self) -> str:
        return str(self.args[1]) if len(self.args) > 1 else END


def _by_printgen() -> bool:
    """Whether printgen's own code makes the call being checked: the nearest frame (from two
    up, past this check and the refusal) that is neither the standard library's — which acts
    for whoever called it (os.execl calls execv; multiprocessing, starting printgen's workers,
    blocks SIGINT) — is printgen's. A designer's, or none (a thread started straight on
    ``os._exit``), is not."""
    frame: Any = sys._getframe(2)
    while frame is not None:
        name = frame.f_globals.get("__name__")
        if not isinstance(name, str):
            return False  # exec'd with globals of its own: a designer's
        if name == "printgen" or name.startswith("printgen."):
            return True
        if name.partition(".")[0] not in sys.stdlib_module_names:
            return False
        frame = frame.f_back
    return False


def _said(value: Any, named: str = "") -> str:
    """An argument as the designer wrote it: ``signal.SIGALRM``, not ``<Signals.SIGALRM: 14>``;
    ``named``: the module and prefix of the constant an int stands for (``resource.RLIMIT_``)."""
    import enum

    if isinstance(value, enum.Enum):
        return f"signal.{value.name}"
    if isinstance(value, list | tuple) and value:
        inner = ", ".join(_said(item) for item in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    if named and type(value) is int:
        module, prefix = named.split(".")
        for name, constant in vars(sys.modules[module]).items():
            if name.startswith(prefix) and constant == value and type(constant) is int:
                return f"{module}.{name}"
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


@dataclass(frozen=True)
class _Rule:
    """One function refused: where it lives, and when a call of it is (None: always)."""

    module: str
    name: str
    why: str
    when: Callable[..., bool] | None = None
    named: tuple[str, ...] = ()  # for each argument, what an int of it names (see _said)

    def refusing(self, place: _Place) -> Callable[..., Any]:
        rule = self

        def refused(*args: Any, **kwargs: Any) -> Any:
            if rule.applies(args, kwargs) and not _by_printgen():
                named = (*rule.named, *([""] * len(args)))
                written = [
                    *map(_said, args, named),
                    *(f"{k}={_said(v)}" for k, v in kwargs.items()),
                ]
                raise Refused(f"{rule.module}.{rule.name}({', '.join(written)})", rule.why)
            return place.found(*args, **kwargs)

        refused.__name__ = refused.__qualname__ = self.name
        return refused

    def applies(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        if self.when is None:
            return True
        try:
            return self.when(*args, **kwargs)
        except Exception:  # arguments the real function refuses: it says what is wrong
            return False


def _own_process(pid: int, *_: Any) -> bool:
    # 0 and -1: its group, every process it may signal; the parent: printgen's main process
    # when this is a worker (and the shell that started printgen otherwise)
    return pid in (0, -1, os.getpid(), os.getppid(), -os.getpgrp())


def _kills(pid: int, sig: int, *_: Any) -> bool:
    return sig != 0 and _own_process(pid)  # signal 0 only asks whether the process exists


def _kills_group(group: int, sig: int) -> bool:
    return sig != 0 and group in (0, os.getpgrp())


def _sends(_thread: int, sig: int) -> bool:
    return sig != 0  # every thread it can name is printgen's


def _kept_signal(sig: int, *_: Any) -> bool:
    return sig in _KEPT_SIGNALS


def _real_timer(which: int, *_: Any) -> bool:
    return which == signal.ITIMER_REAL


def _masks_kept(how: int, mask: Any) -> bool:
    return how != signal.SIG_UNBLOCK and bool(_KEPT_SIGNALS & set(mask))


def _changes_limit(resource: int, limits: Any) -> bool:
    import resource as module

    return tuple(limits) != module.getrlimit(resource)


def _changes_own_limit(pid: int, resource: int, limits: Any = None) -> bool:
    return limits is not None and pid in (0, os.getpid()) and _changes_limit(resource, limits)


_EXECS = ("execl", "execle", "execlp", "execlpe", "execv", "execve", "execvp", "execvpe")
RULES = (
    *(_Rule("os", name, END) for name in ("_exit", "fork", "forkpty", "abort", *_EXECS)),
    _Rule("os", "kill", END, _kills),
    _Rule("os", "killpg", END, _kills_group),
    _Rule("signal", "pthread_kill", END, _sends),
    _Rule("signal", "raise_signal", END),
    _Rule("signal", "signal", CLOCK, _kept_signal),
    _Rule("signal", "pthread_sigmask", CLOCK, _masks_kept),
    _Rule("signal", "setitimer", CLOCK, _real_timer, ("signal.ITIMER_",)),
    _Rule("signal", "alarm", CLOCK),
    _Rule("resource", "setrlimit", LIMITS, _changes_limit, ("resource.RLIMIT_",)),
    _Rule("resource", "prlimit", LIMITS, _changes_own_limit, ("", "resource.RLIMIT_")),
)
# the same functions where code may reach them under their C module's name (posix.execv)
_ALSO_IN = {"os": ("posix",)}


@dataclass
class _Place:
    """Where one refused function lives: what was there when the refusing began (printgen's
    own calls still reach it), and its refusal."""

    rule: _Rule
    module: Any
    found: Callable[..., Any]
    refusal: Callable[..., Any] = field(init=False)

    def __post_init__(self) -> None:
        self.name = self.rule.name
        self.refusal = self.rule.refusing(self)


def _places() -> list[_Place]:
    import resource

    modules = {"os": os, "signal": signal, "resource": resource, "posix": sys.modules.get("posix")}
    places = []
    for rule in RULES:
        for module_name in (rule.module, *_ALSO_IN.get(rule.module, ())):
            module = modules.get(module_name)
            if module is not None and hasattr(module, rule.name):
                places.append(_Place(rule, module, getattr(module, rule.name)))
    return places


_PLACES = _places()
_depth = [0]  # refusals begun and not yet ended (nested: a simulation's rules)


def refuse() -> None:
    """The calls above refused until as many ``allow()`` as ``refuse()`` are called."""
    _depth[0] += 1
    for place in _PLACES:
        found = getattr(place.module, place.name)
        if found is not place.refusal:  # (kept refused by an allow before, see keeping)
            place.found = found
            setattr(place.module, place.name, place.refusal)


def allow(keeping: frozenset[str] = frozenset()) -> None:
    """The functions found at the first ``refuse()`` back in their modules once the last
    refusal ends, but for those refused for a reason in ``keeping``, which stay refused."""
    _depth[0] -= 1
    if _depth[0] > 0:
        return
    for place in _PLACES:
        if place.rule.why not in keeping:
            setattr(place.module, place.name, place.found)
