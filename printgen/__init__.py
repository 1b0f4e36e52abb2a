"""printgen: YAML card definitions in, print-and-cut PDFs out."""

from printgen.startup import confine, dataclass_code

__version__ = "0.1.0"

dataclass_code.install()  # before any module of printgen makes its dataclasses
confine.install()  # before ReportLab is imported: it reads ~/.reportlab_settings at import
