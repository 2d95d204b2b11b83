"""The command line: argument parsing and printing only; the work is the pipeline's."""

from inspector.cli.main import main, run

__all__ = ["main", "run"]
