"""What the deal analysis (``analysis.py``) covers and its version, without its searches: the
web process reads them (``apps/analysis``) and never loads the C search."""

from __future__ import annotations

VERSION = 1  # a stored analysis of another version is made again when asked for
VARIANTS = ("klub", "sixty-six")
