"""The command line's parser classes: a wrong argument is a usage error (exit 2) with a
did-you-mean, and ``--version`` looks the version up only when asked."""

from __future__ import annotations

import argparse

from inspector.diagnostics import UsageError, did_you_mean


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are ``UsageError``s."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {_with_suggestion(message)}")


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
