"""How a printgen process starts quickly: libraries' regular expressions compiled when first
used (``deferred``) and printgen's dataclass methods compiled once, not in every process
(``dataclass_code``)."""
