"""``python -m printgen.icons [FOLDER ...]``: write icons/forms.json, the built-in icons' drawings
as PDF operators (see printgen.icons.forms), and those of the SVGs in each FOLDER; run it after
changing an SVG or ReportLab. The repository stores its games' icons too:

    .venv/bin/python -m printgen.icons cards/*/icons
"""

import sys
from pathlib import Path

from printgen.icons.forms import main

main(sorted(Path(folder) for folder in sys.argv[1:]))
