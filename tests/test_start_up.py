"""What a card build pays for before it draws: no pattern compiled and no module imported that
only an error message, another command or another reader would use."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest


def _run(script: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_a_card_build_compiles_no_yaml_reader_pattern_and_imports_no_error_only_modules(
    project: Path,
) -> None:
    script = (
        "import sys\n"
        "from printgen.cli.commands import main\n"
        f"code = main(['--project', {str(project)!r}, 'build', 'warriors-and-monks', "
        f"'--lang', 'it', '--only', 'cards', '--out', {str(project / 'out')!r}])\n"
        "pattern = sys.modules['yaml.reader'].Reader.NON_PRINTABLE\n"
        "print(code, type(pattern).__name__, 'compiled' in vars(pattern))\n"
        "print(sorted({'statistics', 'difflib', 'secrets'} & set(sys.modules)))\n"
    )
    built, imported = _run(script)[-2:]
    assert built == "0 DeferredPattern False"
    assert imported == "[]"
    assert (project / "out" / "warriors-and-monks" / "it" / "cards.pdf").stat().st_size > 10_000


def test_a_game_with_its_own_svg_icons_imports_svglib_without_compiling_platypus_patterns(
    project: Path,
) -> None:
    """svglib's shapes import platypus; loading Costruttori (it checks its SVG icons: one
    edited here, so that no stored drawing has it) must not pay for platypus's whole-Unicode
    patterns on the way."""
    icon = project / "cards" / "costruttori-del-medioevo" / "icons" / "anvil.svg"
    icon.write_bytes(icon.read_bytes() + b"<!-- edited -->\n")
    script = (
        "import sys\n"
        "from printgen.project import Project\n"
        "from printgen.session import Session\n"
        f"game = Session(Project.at({str(project)!r})).game('costruttori-del-medioevo')\n"
        "paragraph = sys.modules['reportlab.platypus.paragraph']\n"
        "print('svglib.svglib' in sys.modules, type(paragraph.uri_pat).__name__,"
        " 'compiled' in vars(paragraph.uri_pat))\n"
    )
    assert _run(script)[-1] == "True DeferredPattern False"


def test_pyyamls_own_reader_still_refuses_a_control_character_with_the_deferred_pattern() -> None:
    script = (
        "import re\n"
        "compile_before = re.compile\n"
        "from printgen.source.pyyaml import yaml\n"
        "assert re.compile is compile_before\n"
        "print(yaml.safe_load('name: Monk'))\n"
        "try:\n"
        "    yaml.load('name: Mo\\x07nk', Loader=yaml.SafeLoader)\n"
        "except yaml.reader.ReaderError as exc:\n"
        "    print(type(exc).__name__, hex(exc.character))\n"
    )
    assert _run(script) == ["{'name': 'Monk'}", "ReaderError 0x7"]


def test_a_misspelt_key_still_gets_its_suggestion(project: Path) -> None:
    game = project / "cards" / "warriors-and-monks" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\ndata:", "\ndatta:", 1), "utf-8")
    script = (
        "from printgen.cli.commands import main\n"
        f"main(['--project', {str(project)!r}, 'validate', 'warriors-and-monks'])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert "unknown key 'datta'" in done.stderr and "did you mean 'data'?" in done.stderr


def test_the_process_ends_with_its_output_flushed_and_its_exit_status(
    project: Path, tmp_path: Path
) -> None:
    """The command's own process leaves its memory to the operating system (no teardown): what
    it printed still arrives whole, and its status is the command's."""
    listed = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(project), "list"],
        capture_output=True,
        text=True,
    )
    assert listed.returncode == 0, listed.stderr
    games = sorted(p.name for p in (project / "cards").iterdir() if (p / "game.yaml").exists())
    assert [line.split(":")[0] for line in listed.stdout.splitlines()] == games
    bad = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(project), "validate", "nogame"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "no game 'nogame'" in bad.stderr
    # under a profiler the interpreter ends as usual, so the profile is written
    profile = tmp_path / "list.prof"
    command = ["-m", "cProfile", "-o", str(profile), "-m", "printgen", "--project", str(project)]
    profiled = subprocess.run([sys.executable, *command, "list"], capture_output=True, text=True)
    assert profiled.returncode == 0, profiled.stderr
    assert profile.stat().st_size > 1000


def test_a_command_that_ends_its_process_runs_without_the_collector(project: Path) -> None:
    """The collector would only walk what lives until the process ends; a command run from
    Python (``main([...])``, as tests and tools do) leaves it alone."""
    script = (
        "import gc, sys\n"
        "from printgen.cli import commands as cli\n"
        "run = cli._run\n"
        "def seen(args):\n"
        "    print(args.command, gc.isenabled(), flush=True)\n"
        "    return run(args)\n"
        "cli._run = seen\n"
        f"cli.main(['--project', {str(project)!r}, 'list'])\n"
        f"sys.argv = ['printgen', '--project', {str(project)!r}, 'list']\n"
        "cli.main()\n"
    )
    lines = _run(script)
    assert [line for line in lines if line.startswith("list ")] == ["list True", "list False"]


def test_commands_that_run_long_or_play_games_keep_the_collector() -> None:
    from printgen.cli import commands as cli
    from printgen.cli.arguments import parser

    def keeps(*argv: str) -> bool:
        return cli._runs_long(parser().parse_args(list(argv)))

    assert keeps("watch") and keeps("simulate", "warriors-and-monks")
    assert keeps("validate", "--simulate")
    assert not keeps("build") and not keeps("validate") and not keeps("list")


def test_a_rulebook_compiles_only_the_markdown_patterns_it_uses(project: Path) -> None:
    """markdown-it-py's patterns wait until first used: the rulebook and aid are made (text
    normalised, the questions-and-answers comment marker found), the raw-HTML tag pattern is
    never needed."""
    script = (
        "import re, sys\n"
        "from printgen.cli.commands import main\n"
        f"code = main(['--project', {str(project)!r}, 'build', 'warriors-and-monks', "
        f"'--lang', 'it', '--out', {str(project / 'out')!r}])\n"
        "html_re = sys.modules['markdown_it.common.html_re']\n"
        "normalize = sys.modules['markdown_it.rules_core.normalize']\n"
        "comment = sys.modules['markdown_it.rules_block.html_block'].HTML_SEQUENCES[1][0]\n"
        "print(code, 'compiled' in vars(html_re.HTML_TAG_RE),"
        " 'compiled' in vars(normalize.NEWLINES_RE), 'compiled' in vars(comment))\n"
    )
    assert _run(script)[-1] == "0 False True True"
    rulebook = project / "out" / "warriors-and-monks" / "it" / "rulebook.pdf"
    assert rulebook.stat().st_size > 20_000


def test_a_build_compiles_no_pattern_reportlab_imports_for_other_uses(project: Path) -> None:
    """textwrap's patterns (ReportLab imports it to build code it never runs for printgen) and
    the guard of ReportLab's expression evaluator wait until used, if ever; textwrap still
    wraps as written when something uses it."""
    script = (
        "import re, sys\n"
        "from printgen.cli.commands import main\n"
        "def waiting(pattern):\n"
        "    return not isinstance(pattern, re.Pattern) and 'compiled' not in vars(pattern)\n"
        f"code = main(['--project', {str(project)!r}, 'build', 'warriors-and-monks', "
        f"'--lang', 'it', '--only', 'cards', '--out', {str(project / 'out')!r}])\n"
        "wrap = sys.modules['textwrap']\n"
        "unsafe = sys.modules['reportlab.lib.rl_safe_eval'].__rl_unsafe_re__\n"
        "print(code, waiting(wrap.TextWrapper.wordsep_re), waiting(unsafe), end=' ')\n"
        "print(wrap.wrap('one two-three four', 8), unsafe.search('x.f_code') is not None)\n"
    )
    assert _run(script)[-1] == "0 True True ['one two-', 'three', 'four'] True"


def test_a_deferred_pattern_reads_copies_and_pickles_as_the_pattern() -> None:
    """What a library may do with a module's pattern object, deferred: read its flags, copy it
    (copy.deepcopy of a structure holding it), pickle it to a worker process."""
    import copy
    import pickle

    from printgen.startup.deferred import DeferredPattern

    deferred = DeferredPattern(r"(?i)card\s+(\d+)", 0)
    compiled = re.compile(r"(?i)card\s+(\d+)")
    assert (deferred.pattern, deferred.flags) == (compiled.pattern, compiled.flags)
    for made in (
        copy.copy(deferred),
        copy.deepcopy([deferred])[0],
        pickle.loads(pickle.dumps(deferred)),
    ):
        assert made == compiled and made.findall("Card 7, card  12") == ["7", "12"]
    blank = DeferredPattern.__new__(DeferredPattern)  # as a copy module makes one: no recursion
    with pytest.raises(AttributeError):
        blank.search("card 1")


def test_only_the_named_packages_patterns_are_all_deferred(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package named in ``every_pattern_of`` has every pattern deferred; a module it imports
    from elsewhere, or one whose name merely starts the same, compiles as usual."""
    from printgen.startup import deferred
    from printgen.startup.deferred import DeferredPattern, import_deferring_patterns

    (tmp_path / "pgdefer").mkdir()
    (tmp_path / "pgdefer" / "__init__.py").write_text(
        "import re\nimport pgdeferx\nimport pgother\nOWN = re.compile(r'[a-z]+')\n"
    )
    (tmp_path / "pgdeferx.py").write_text("import re\nNEAR = re.compile(r'[0-9]+')\n")
    (tmp_path / "pgother.py").write_text("import re\nOTHER = re.compile(r'x+')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("pgdefer", "pgdeferx", "pgother"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    package = import_deferring_patterns("pgdefer", every_pattern_of=("pgdefer",))
    assert isinstance(package.OWN, DeferredPattern)
    assert isinstance(package.pgdeferx.NEAR, re.Pattern)
    assert isinstance(package.pgother.OTHER, re.Pattern)
    assert package.OWN.findall("ab 12 cd") == ["ab", "cd"]  # and it works as written
    assert re.compile is deferred._compile  # the import over, compiling is as before


def test_pillow_runs_only_when_a_picture_needs_it(project: Path) -> None:
    """ReportLab imports Pillow's image module; a game built to PDFs without a picture never
    runs it, and a PNG export made after that in the same process is byte for byte what a
    process that imported Pillow as usual, before printgen, makes."""

    def script(out: Path, eager: bool) -> str:
        return (
            "import sys\n"
            + ("import PIL.Image\n" if eager else "")
            + "from printgen.cli.commands import main\n"
            "def state():\n"
            "    return type(sys.modules['PIL.Image']).__name__, 'PIL.ExifTags' in sys.modules\n"
            f"args = ['--project', {str(project)!r}, 'build', 'warriors-and-monks']\n"
            "args += ['--lang', 'it']\n"
            f"pdf = main([*args, '--out', {str(out / 'pdf')!r}]), *state()\n"
            f"png = main([*args, '--only', 'cards', '--format', 'png', '--out', {str(out)!r}])\n"
            "print(*pdf, png, *state())\n"
        )

    lazy, eager = project / "lazy", project / "eager"
    assert _run(script(lazy, eager=False))[-1] == "0 _LazyModule False 0 module True"
    assert _run(script(eager, eager=True))[-1] == "0 module True 0 module True"
    pngs = sorted(path.relative_to(eager) for path in eager.rglob("*.png"))
    assert len(pngs) == 8  # seven distinct fronts and the back
    assert sorted(path.relative_to(lazy) for path in lazy.rglob("*.png")) == pngs
    for name in pngs:
        assert (lazy / name).read_bytes() == (eager / name).read_bytes()


def test_reportlab_reads_no_settings_from_the_users_home(demo: Path, tmp_path: Path) -> None:
    """ReportLab ran ~/.reportlab_mods and ~/.reportlab_settings (Python, outside the project)
    when imported: a settings file with ``invariant=0`` changed the rulebook's bytes."""
    import os

    home = tmp_path / "home"
    home.mkdir()
    for name in (".reportlab_mods", ".reportlab_settings"):
        marker = tmp_path / f"ran{name}"
        (home / name).write_text(f"open({str(marker)!r}, 'w').close()\ninvariant = 0\n")
    done = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(demo), "build", "demo", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": str(home)},
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.glob("ran.*")) == []


def test_reportlab_takes_no_setting_from_the_environment(demo: Path) -> None:
    """RL_pageCompression=abc, left in a shell, ended every command in 'internal error:
    ValueError' as ReportLab was imported (and RL_pageCompression=0 changed the rulebook)."""
    import os

    done = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(demo), "validate", "demo"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "RL_pageCompression": "abc"},
    )
    assert (done.returncode, done.stderr) == (0, "")


def test_the_pdfs_keep_their_date_whatever_source_date_epoch_says(demo: Path) -> None:
    """SOURCE_DATE_EPOCH=1.5 (ReportLab reads it for every PDF's date) ended every build in
    'internal error: ValueError', exit 1; a date it could read changed the PDFs' bytes, which
    a build already up to date kept as they were."""
    import os

    made: dict[str, bytes] = {}
    build = [sys.executable, "-m", "printgen", "--project", str(demo), "build", "demo"]
    for epoch in ("", "1.5", "1700000000"):
        out = demo / f"out{len(made)}"
        done = subprocess.run(
            [*build, "--lang", "en", "--only", "rulebook", "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "SOURCE_DATE_EPOCH": epoch},
        )
        assert (done.returncode, done.stderr) == (0, ""), epoch
        made[epoch] = (out / "demo" / "en" / "rulebook.pdf").read_bytes()
    assert made["1.5"] == made[""] == made["1700000000"]


def test_a_validate_compiles_no_pattern_only_a_flaw_or_a_message_needs(project: Path) -> None:
    """printgen's patterns for a flaw in a file or for a message (a Jinja error, a decimal
    comma, an SVG's style, a web address) wait for their first use; used after the command,
    each finds what it was written for."""
    script = (
        "import sys\n"
        "from printgen.cli.commands import main\n"
        f"code = main(['--project', {str(project)!r}, 'validate', 'warriors-and-monks'])\n"
        "words = sys.modules['printgen.sandbox.jinja_words']._UNKNOWN\n"
        "commas = sys.modules['printgen.source.flow_commas']._RUN\n"
        "style = sys.modules['printgen.icons.svg']._STYLE\n"
        "waiting = [type(p).__name__ == 'DeferredPattern' and 'compiled' not in vars(p)\n"
        "           for p in (words, commas, style)]\n"
        "print(code, *waiting, end=' ')\n"
        "print(words.match(\"No filter named 'shout'\").group(2), end=' ')\n"
        "print(commas.search('size: {w: 63,5}').group(1), end=' ')\n"
        "print(style.search(b'<svg:style>') is not None)\n"
    )
    assert _run(script)[-1] == "0 True True True shout ,5 True"
