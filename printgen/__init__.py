"""printgen: YAML card definitions in, print-and-cut PDFs out."""

__version__ = "0.1.0"
