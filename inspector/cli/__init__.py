"""The command line: argument parsing and printing only; the work is the pipeline's."""

from inspector.cli.main import main

__all__ = ["main"]
