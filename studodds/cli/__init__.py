"""The `studodds` command line: click commands (one module per command group) and their
rendering (render.py). Commands call the library and render what it returns; no odds here."""

from .main import cli, main, run

__all__ = ["cli", "main", "run"]
