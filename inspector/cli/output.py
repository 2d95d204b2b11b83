"""What the command line prints: diagnostics on stderr, then one line of counts per code."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from inspector.diagnostics import Diagnostic, Level, UsageError

if TYPE_CHECKING:
    from inspector.api import ScanResult

_LEVELS = ((Level.ERROR, "error", "errors"), (Level.WARNING, "warning", "warnings"))


FOLD_AT = 10
"""A class's warnings (or infos) of one code print as one line with a count from this many
on (``--verbose`` prints each): kubernetes' ``CoreV1Api`` gives 2,968 TI117 lines otherwise."""


class DiagnosticPrinter:
    """Prints each diagnostic once to stderr, except ignored codes (never errors) and, with
    ``quiet``, everything but errors; counts what it was given by level and code. A class's
    diagnostics of one code fold into one line (see ``FOLD_AT``) unless ``verbose``."""

    def __init__(
        self, *, quiet: bool = False, ignore: Iterable[str] = (), verbose: bool = False
    ) -> None:
        self.quiet = quiet
        self.verbose = verbose
        self.ignore = frozenset(ignore)
        self.counts: Counter[tuple[Level, str]] = Counter()
        self.ignored = 0
        self._seen: set[Diagnostic] = set()

    def print(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Print the diagnostics not printed before (a message shared by providers once)."""
        shown: list[Diagnostic] = []
        for diagnostic in diagnostics:
            if diagnostic in self._seen:
                continue
            self._seen.add(diagnostic)
            if diagnostic.code in self.ignore and diagnostic.level is not Level.ERROR:
                self.ignored += 1
                continue
            self.counts[diagnostic.level, diagnostic.code] += 1
            if not self.quiet or diagnostic.level is Level.ERROR:
                shown.append(_relative(diagnostic))
        lines = [str(d) for d in shown] if self.verbose else folded(shown)
        if lines:
            print("\n".join(lines), file=sys.stderr)

    def summary(self) -> str:
        """``diagnostics: 0 errors, 3 warnings (2 TI204, 1 TI201), 1 info (1 TI109)``, then
        ``; N ignored`` when codes were silenced."""
        parts = []
        for level, one, many in (*_LEVELS, (Level.INFO, "info", "info")):
            codes = sorted(
                ((n, code) for (at, code), n in self.counts.items() if at is level),
                key=lambda item: (-item[0], item[1]),
            )
            total = sum(n for n, _ in codes)
            part = f"{total} {one if total == 1 else many}"
            if codes:
                part += " (" + ", ".join(f"{n} {code or 'uncoded'}" for n, code in codes) + ")"
            parts.append(part)
        ignored = f"; {self.ignored} ignored" if self.ignored else ""
        return "diagnostics: " + ", ".join(parts) + ignored

    def print_summary(self, stream: TextIO | None = None) -> None:
        """The summary line: last in the command's summary on stdout, or on stderr when stdout
        carries the output (``None``)."""
        if stream is None:
            sys.stdout.flush()
        print(self.summary(), file=stream or sys.stderr)


def _relative(diagnostic: Diagnostic) -> Diagnostic:
    """The diagnostic with its path relative to the working directory when it is an absolute
    path inside it: ``build`` and ``check`` locate at files the configuration names, which it
    resolves against its own directory."""
    if not os.path.isabs(diagnostic.path):
        return diagnostic
    try:
        relative = os.path.relpath(diagnostic.path)
    except (ValueError, OSError):  # another drive; no working directory any more
        return diagnostic
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return diagnostic
    return replace(diagnostic, path=Path(relative).as_posix())


def folded(diagnostics: list[Diagnostic]) -> list[str]:
    """The lines of the diagnostics, those of one class, code and level folded into one at the
    first of them once there are ``FOLD_AT``: ``path:line: info[TI117]: CoreV1Api: 2968 times
    in 412 methods, first connect_pod: parameter ...; --verbose lists each``. Errors are never
    folded: each may need its own fix (one code, such as TI330, covers several mistakes)."""
    return [line for _, line in folded_lines(diagnostics)]


def folded_lines(diagnostics: list[Diagnostic]) -> list[tuple[Diagnostic, str]]:
    """``folded``'s lines, each with the first diagnostic it shows (whose level it has)."""
    groups: dict[tuple[Level, str, str], list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        if diagnostic.subject and diagnostic.code and diagnostic.level is not Level.ERROR:
            owner = diagnostic.subject.rpartition(".")[0] or diagnostic.subject
            groups.setdefault((diagnostic.level, diagnostic.code, owner), []).append(diagnostic)
    first_of = {
        id(group[0]): (owner, group)
        for (_, _, owner), group in groups.items()
        if len(group) >= FOLD_AT
    }
    folded_away = {id(d) for _, group in first_of.values() for d in group[1:]}
    lines = []
    for diagnostic in diagnostics:
        if id(diagnostic) in folded_away:
            continue
        found = first_of.get(id(diagnostic))
        lines.append((diagnostic, str(diagnostic) if found is None else _folded_line(*found)))
    return lines


def _folded_line(owner: str, group: list[Diagnostic]) -> str:
    first = group[0]
    methods = {d.subject for d in group if d.subject != owner}
    count = f"{len(group)} times"
    if methods:
        count += f" in {len(methods)} method{'s' if len(methods) != 1 else ''}"
    method = first.subject[len(owner) + 1 :]
    about = f"first {method}: " if method else "first: "
    head = f"{first.where}: " if first.where else ""
    return (
        f"{head}{first.level.value}[{first.code}]: {owner}: {count}, {about}{first.message}; "
        "--verbose lists each"
    )


def ignore_option(value: str) -> frozenset[str]:
    """``--ignore CODE,...`` read at parse time: an unknown code is a usage error."""
    from inspector.codes import ignored_codes

    return ignored_codes(value.split(","), "--ignore")


def printer_for(args: argparse.Namespace, configured: Iterable[str] = ()) -> DiagnosticPrinter:
    """The printer of a command: ``-q``, and the ``--ignore`` codes added to the configured
    ones."""
    ignore = set(configured).union(*args.ignore)
    return DiagnosticPrinter(quiet=args.quiet, ignore=ignore, verbose=args.verbose)


def user_prints_to_stderr() -> contextlib.redirect_stdout[TextIO]:
    """While the user's code is imported (or its factory runs), what it prints goes to stderr:
    stdout carries data (``scan -o -``, the MCP stdio channel) or the command's own summary."""
    return contextlib.redirect_stdout(sys.stderr)


def files_summary(written: list[Path], unchanged: list[Path]) -> None:
    """``wrote a, b`` and ``unchanged c``, as ``scan`` says it (one line each, when any)."""
    for verb, paths in (("wrote", written), ("unchanged", unchanged)):
        if paths:
            print(f"{verb} {', '.join(str(p) for p in paths)}")


def check_directory_output(output: str) -> None:
    """``--provider all`` writes one file per provider: ``-o`` must name a directory."""
    message = "--provider all writes one file per provider: give -o DIRECTORY"
    path = Path(output)
    if output == "-":
        raise UsageError(message)
    if path.is_file() or (not path.exists() and path.suffix == ".json"):
        raise UsageError(f"{message} ({output!r} names a file)")


def scan_summary(result: ScanResult, stream: TextIO) -> None:
    """What ``scan`` did: counts, what became included, the files written and left as they were."""
    classes = f"{result.classes} class{'es' if result.classes != 1 else ''}"
    if result.modules:
        modules = f"{result.modules} module{'s' if result.modules != 1 else ''}"
        classes = f"{classes}, {modules}" if result.classes else modules
    why = ""
    if result.destructive:
        count = len(result.destructive)
        why = (
            f" ({count} new with a destructive name recorded false: --new include-all "
            "includes them)"
        )
    lines = [
        f"{classes}, {result.tools} tool{'s' if result.tools != 1 else ''}: "
        f"{result.included} included, "
        f"{result.tools - result.included} excluded{why}",
    ]
    if result.nothing_written:
        lines.append("nothing written: every target failed")
    if result.new_classification and result.newly_included:
        lines.append(
            f"newly included: all {len(result.newly_included)} (a new classification file)"
        )
    elif result.newly_included:
        lines.append("newly included: " + ", ".join(result.newly_included))
    if result.written:
        lines.append("wrote " + ", ".join(str(p) for p in result.written))
    if result.unchanged:
        lines.append("unchanged " + ", ".join(str(p) for p in result.unchanged))
    print("\n".join(lines), file=stream)
