"""``python -m printgen.icons``: write icons/forms.json, the built-in icons' drawings as PDF
operators (see printgen.icons.forms); run it after changing a built-in SVG or ReportLab."""

from printgen.icons.forms import main

main()
