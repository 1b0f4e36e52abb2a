"""A big build gives freed memory back before its next big output (printgen.outputs.memory)."""

from __future__ import annotations

import platform
import subprocess
import sys
import textwrap

import pytest

from printgen.outputs.memory import give_back

# blocks of the C heap (bytes objects past pymalloc's 512-byte limit) freed with one in fifty
# kept, as a sheet PDF's page streams are: free pages scattered through the heap
FREED = textwrap.dedent(
    """
    from printgen.outputs.memory import give_back
    def rss():
        with open('/proc/self/statm') as f:
            return int(f.read().split()[1]) * 4096
    blocks = [bytes(4000) + bytes([i % 256]) for i in range(20000)]
    kept = blocks[::50]
    del blocks
    before = rss()
    give_back()
    print(before - rss())
    """
)


def test_freed_heap_pages_go_back_to_the_system() -> None:
    if platform.libc_ver()[0] != "glibc":  # no malloc_trim in this C library: nothing happens
        give_back()  # and does not fail
        return
    run = subprocess.run([sys.executable, "-c", FREED], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) > 40 * 2**20  # most of the 78 MB freed comes back


def test_without_ctypes_nothing_is_given_back_and_nothing_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")  # past the platform check, on any machine
    monkeypatch.setitem(sys.modules, "ctypes", None)  # `import ctypes` raises ImportError
    give_back()
