"""The command line's parser classes: a wrong argument is a usage error (exit 2) with a
did-you-mean, and ``--version`` looks the version up only when asked."""

from __future__ import annotations

import argparse
import os
import sys

from inspector.diagnostics import UsageError, did_you_mean


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are ``UsageError``s."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {_with_suggestion(message)}")

    def _get_formatter(self) -> argparse.HelpFormatter:
        """argparse's, with the width given: without one, argparse imports ``shutil`` (and its
        compression modules, about 3 ms) at the first ``add_argument``, for every command."""
        formatter_class: type[argparse.HelpFormatter] = self.formatter_class  # type: ignore[assignment]
        return formatter_class(prog=self.prog, width=_terminal_columns())


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``: ``COLUMNS``, else the terminal's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def _with_suggestion(message: str) -> str:
    """argparse's ``invalid choice: 'scann' (choose from ...)`` with the closest choice."""
    import re

    found = re.search(r"invalid choice: '?([^' ]*)'? \(choose from (.*)\)$", message)
    if found is None:
        return message
    listed = found.group(2)  # quoted up to Python 3.11, bare since
    choices = re.findall(r"'([^']*)'", listed) or [c.strip() for c in listed.split(",")]
    return message + did_you_mean(found.group(1), choices)


class VersionAction(argparse.Action):
    """``--version``: the version is looked up only when asked for (it costs start-up time)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        import inspector

        print(f"{parser.prog} {inspector.__version__}")
        parser.exit()
