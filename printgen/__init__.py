"""printgen: YAML card definitions in, print-and-cut PDFs out."""

from printgen.startup import dataclass_code

__version__ = "0.1.0"

dataclass_code.install()  # before any module of printgen makes its dataclasses
