"""The project commands: ``build`` and ``check`` (from ``[tool.toolsinspector]``) and ``diff``."""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector.diagnostics import (
    Diagnostic,
    InspectorError,
    Level,
    UsageError,
    docs_url,
    has_errors,
)
from inspector.files.new_entries import CHOICES, NewMethods

if TYPE_CHECKING:
    from inspector.catalog import Catalog
    from inspector.files.classification import Classification
    from inspector.project.config import Config
    from inspector.project.diff import Change


_BUILD_CHECK = {
    "build": "regenerate every file [tool.toolsinspector] names (the default command)",
    "check": "exit 1 if a file [tool.toolsinspector] names is stale or missing; never writes",
}


def add_build(commands: argparse._SubParsersAction[Any], common: argparse.ArgumentParser) -> None:
    """Add ``build`` to the command line."""
    _add_project_command(commands, common, "build")


def add_check(commands: argparse._SubParsersAction[Any], common: argparse.ArgumentParser) -> None:
    """Add ``check`` to the command line."""
    _add_project_command(commands, common, "check")


def _add_project_command(
    commands: argparse._SubParsersAction[Any], common: argparse.ArgumentParser, name: str
) -> None:
    summary = _BUILD_CHECK[name]
    parser = commands.add_parser(
        name,
        parents=[common],
        help=summary,
        description=summary[0].upper() + summary[1:] + ". Command-line values override "
        "the configuration (pyproject.toml's [tool.toolsinspector], found from the current "
        "directory up, or --config).",
    )
    _project_options(parser)
    parser.add_argument(
        "--prune",
        action="store_true",
        help="remove classification entries whose method no longer exists"
        + ("" if name == "build" else " (compare with what build --prune writes)"),
    )
    if name == "build":
        parser.add_argument(
            "--force",
            action="store_true",
            help="write over a file the build reads (a target's source) or a file of another "
            "kind (a tools file, a classification file, a provider's file, Python); refused "
            "without it",
        )


def add_diff(commands: argparse._SubParsersAction[Any], common: argparse.ArgumentParser) -> None:
    """Add ``diff`` to the command line."""
    diff = commands.add_parser(
        "diff",
        parents=[common],
        help="list breaking, compatible and docs changes between two versions of the tools",
        description="Compare two tools.json files or two files of the same provider format "
        "(OLD NEW), or a file with its committed version (--git REF [FILE]).",
    )
    diff.add_argument("files", nargs="*", metavar="FILE", help="OLD NEW, or with --git: FILE")
    diff.add_argument(
        "--git",
        metavar="REF",
        help="compare FILE (default: the configured tools "
        "file) as committed at REF with the working tree",
    )
    diff.add_argument("--json", action="store_true", help="print the changes as JSON")
    diff.add_argument(
        "--fail-on",
        choices=["breaking", "compatible", "any"],
        help="exit 1 when a change this severe or worse is found (default: always exit 0)",
    )
    diff.add_argument("--config", metavar="FILE", help="config file (for the default FILE)")
    diff.add_argument(
        "--templates", metavar="DIR", action="append", default=[], help="user providers"
    )


def _project_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("targets", nargs="*", metavar="TARGET", help="override the targets")
    parser.add_argument("--config", metavar="FILE", help="pyproject.toml or a TOML file")
    parser.add_argument("--tools", metavar="FILE", help="tools file")
    parser.add_argument("--classification", metavar="FILE", help="classification file")
    parser.add_argument(
        "--provider", action="append", default=[], help="provider to render (repeatable)"
    )
    parser.add_argument("--out-dir", metavar="DIR", help="directory of the providers' files")
    parser.add_argument("--stubs", metavar="FILE", help="also write typed stubs to FILE")
    parser.add_argument(
        "--new",
        choices=CHOICES,
        default=None,
        help="value for methods not yet in the classification file (config: new; default "
        "include, except destructive names, which start false; include-all: those too)",
    )
    parser.add_argument(
        "--strict", action=argparse.BooleanOptionalAction, default=None, help="strict schemas"
    )
    parser.add_argument(
        "--docstring-style", choices=["auto", "google", "numpy", "rest", "epydoc"], default=None
    )
    parser.add_argument(
        "--templates", metavar="DIR", action="append", default=[], help="user templates"
    )


def _config(args: argparse.Namespace) -> Config:
    from inspector.project.config import Config, find_config, load_config, with_overrides
    from inspector.scan.docstrings import DocstringStyle

    cwd = Path.cwd()
    if args.config:
        config = load_config(Path(args.config))
    else:
        found = find_config(cwd)
        if found is None and not args.targets:
            raise UsageError(
                "no [tool.toolsinspector] table in a pyproject.toml here or above, and no "
                "TARGET given (see "
                + docs_url("guides/ci.md", "project-configuration-build-and-check")
                + ")"
            )
        config = load_config(found) if found else Config(root=cwd)

    def path(value: str | None) -> Path | None:
        return cwd / value if value else None

    return with_overrides(
        config,
        targets=tuple(args.targets),
        tools=path(args.tools),
        classification=path(args.classification),
        providers=tuple(args.provider),
        out_dir=path(args.out_dir),
        stubs=path(args.stubs),
        new=None if args.new is None else NewMethods(args.new),
        strict=args.strict,
        docstring_style=DocstringStyle(args.docstring_style) if args.docstring_style else None,
        templates=tuple(cwd / t for t in args.templates),
    )


def build(args: argparse.Namespace) -> int:
    """Write every file the configuration names (only those whose content changed)."""
    from inspector.cli.output import printer_for, user_prints_to_stderr
    from inspector.files.jsonfile import write_file
    from inspector.project.generate import check_build_outputs, generate

    config = _config(args)
    check_build_outputs(config, force=args.force)
    printer = printer_for(args, config.ignore)
    written: list[Path] = []

    def write(path: Path, content: bytes) -> None:
        if write_file(path, content):
            written.append(path)

    with user_prints_to_stderr():
        generated = generate(config, write, prune=args.prune)
    printer.print(generated.diagnostics)
    if generated.scan_failed:
        print("errors found: nothing written", file=sys.stderr)
        printer.print_summary()
        return 1
    if not args.quiet:
        unchanged = len(generated.files) - len(written)
        names = ", ".join(_shown(p) for p in written) or "nothing"
        print(f"wrote {names}; {unchanged} file{'s' if unchanged != 1 else ''} unchanged")
    printer.print_summary(sys.stdout)
    return 1 if has_errors(generated.diagnostics) else 0


def check(args: argparse.Namespace) -> int:
    """Exit 0 when every file is as ``build`` would write it, else 1 with a line per file."""
    from inspector.cli.output import printer_for, user_prints_to_stderr
    from inspector.files.jsonfile import file_holds
    from inspector.project.generate import generate

    config = _config(args)
    printer = printer_for(args, config.ignore)
    printer.quiet = True  # check prints errors only
    problems: dict[Path, str] = {}

    def compare(path: Path, content: bytes) -> None:
        try:
            same = file_holds(path, content)
        except FileNotFoundError:
            problems[path] = f"{_shown(path)}: missing"
            return
        except OSError as error:
            raise InspectorError(f"{path}: cannot read ({error.strerror})") from None
        if not same:
            detail = ""
            if path == config.tools_path:
                detail = _tools_detail(path.read_bytes(), content)
            elif path == config.classification_path:
                detail = _entries_detail(path.read_bytes(), content)
            problems[path] = f"{_shown(path)}: stale{detail}"

    with user_prints_to_stderr():
        generated = generate(config, compare, prune=args.prune)
    printer.print(generated.diagnostics)
    if has_errors(generated.diagnostics):
        print("errors found: nothing compared", file=sys.stderr)
        printer.print_summary()
        return 1
    for line in (problems[path] for path in generated.files if path in problems):
        print(line)
    if problems:
        print("run `toolsinspector build` to regenerate", file=sys.stderr)
    elif not args.quiet:
        print(f"{len(generated.files)} files up to date")
    printer.print_summary()
    return 1 if problems else 0


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _tools_detail(old_text: bytes, new_text: bytes) -> str:
    """What differs in tools.json: the tools that changed, and the stub sources (typeshed's
    version, ``-stubs`` packages) when the file was made in another environment, as the likely
    cause."""
    import json

    from inspector.files.tools_json import from_json
    from inspector.project.diff import diff_catalogs

    try:
        old, new = json.loads(old_text), json.loads(new_text)
        changes = diff_catalogs(from_json(old), from_json(new))
    except (InspectorError, ValueError, RecursionError):  # the file on disk, as it was edited
        return " (not a readable tools file)"
    cause = _stub_sources_change(old.get("stubs") or {}, new.get("stubs") or {})
    tools = list(dict.fromkeys(c.tool for c in changes))
    if not tools and cause:
        return f" (only the stub sources differ: {cause})"
    if not tools:
        return " (formatting or locations only)"
    plural = "s" if len(tools) != 1 else ""
    because = f"; the stub sources differ, which may be why: {cause}" if cause else ""
    return f" ({len(tools)} tool{plural} changed: {', '.join(tools)}{because})"


def _stub_sources_change(old: dict[str, str], new: dict[str, str]) -> str:
    """``typeshed-client 2.7.0 in the file, 2.15.0 here``, or "" when they agree."""
    if old == new:
        return ""

    def shown(sources: dict[str, str]) -> str:
        return ", ".join(f"{name} {version}" for name, version in sorted(sources.items()))

    return f"{shown(old) or 'none'} in the file, {shown(new) or 'none'} here"


def _entries_detail(old_text: bytes, new_text: bytes) -> str:
    """What ``build`` would change in the classification file: entries added or dropped, or
    only its layout (the values a user set are never changed)."""
    import json

    def entries(text: bytes) -> set[str]:
        data = json.loads(text)
        return {f"{c}.{m}" for c, methods in data.items() for m in methods}

    try:
        old, new = entries(old_text), entries(new_text)
    except (ValueError, AttributeError, RecursionError):
        return " (not a readable classification file)"
    parts = [
        f"{len(found)} {what}: {', '.join(sorted(found)[:3])}" + (", ..." if len(found) > 3 else "")
        for what, found in (("to add", new - old), ("to drop", old - new))
        if found
    ]
    return f" ({'; '.join(parts)})" if parts else " (layout only)"


def diff(args: argparse.Namespace) -> int:
    """Print the changes between two versions; the exit status follows ``--fail-on``."""
    import json

    from inspector.cli.output import printer_for
    from inspector.project.diff import Severity, diff_catalogs, summary

    if args.git:
        if len(args.files) > 1:
            raise UsageError("diff --git REF takes at most one FILE")
        path = Path(args.files[0]) if args.files else _configured_tools(args)
        reads = (functools.partial(_committed, args.git, path), functools.partial(_read, path))
        names = (f"{path} at {args.git}", str(path))
    else:
        if len(args.files) != 2:
            raise UsageError("diff needs OLD and NEW files (or --git REF)")
        reads = (
            functools.partial(_read, Path(args.files[0])),
            functools.partial(_read, Path(args.files[1])),
        )
        names = (args.files[0], args.files[1])
    dirs = [Path(t) for t in args.templates]
    # each file's JSON is dropped once it is a catalog, before the other is read
    old, new = (_catalog(read(), name, dirs) for read, name in zip(reads, names, strict=True))
    if old[1] != new[1]:
        raise UsageError(
            f"{names[0]} is {old[1]} but {names[1]} is {new[1]}: compare like with like"
        )
    shaped_old, shaped_new, problems = _shaped(args, old[0], new[0], old[1])
    if problems:
        # an entry that cannot be applied leaves its tool out, which the changes then report
        # as removed: the error says why
        printer_for(args).print(problems)
    changes = diff_catalogs(shaped_old, shaped_new)
    counts = summary(changes)
    if args.json:
        document = {
            "changes": [
                {
                    "tool": c.tool,
                    "path": c.path,
                    "class": c.severity.label,
                    "kind": c.kind.value,
                    "message": c.message,
                }
                for c in changes
            ],
            "summary": counts,
        }
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        _print_changes(changes, counts)
    threshold = {
        "breaking": Severity.BREAKING,
        "compatible": Severity.COMPATIBLE,
        "any": Severity.DOCS,
    }
    if args.fail_on and any(c.severity >= threshold[args.fail_on] for c in changes):
        return 1
    return 0


def _shaped(
    args: argparse.Namespace, old: Catalog, new: Catalog, format_name: str
) -> tuple[Catalog, Catalog, list[Diagnostic]]:
    """Two tools.json catalogs as a model is offered them: each shaped by the classification
    file beside it (for ``--git``, the old one as committed), when either has one, and the
    errors of the new one's (an entry that cannot be applied leaves its tool out). Provider
    files are shaped already."""
    from inspector.files.classification import default_path
    from inspector.files.classification import load as load_classification
    from inspector.files.provider_files import TOOLS_FORMAT
    from inspector.project import pipeline

    if format_name != TOOLS_FORMAT:
        return old, new, []
    if args.git:
        path = default_path(Path(args.files[0]) if args.files else _configured_tools(args))
        old_path, new_path = path, path
        old_choices = _committed_classification(args.git, path)
    else:
        old_path, new_path = (default_path(Path(name)) for name in args.files)
        old_choices = load_classification(old_path)
    new_choices = load_classification(new_path)
    if old_choices is None and new_choices is None:
        return old, new, []
    shaped, notes = pipeline.curated_catalog(new, new_choices, new_path)
    errors = [note for note in notes if note.level is Level.ERROR]
    return pipeline.curated_catalog(old, old_choices, old_path)[0], shaped, errors


def _committed_classification(ref: str, path: Path) -> Classification | None:
    """The classification file as committed at ``ref``; None when it was not there."""
    from inspector.files.classification import validated

    try:
        data = _committed(ref, path)
    except InspectorError:
        return None
    return validated(data, lambda keys: f"{path} at {ref}", f"{path} at {ref}")


def _print_changes(changes: list[Change], counts: dict[str, int]) -> None:
    current = None
    for change in changes:
        if change.tool != current:
            current = change.tool
            print(f"{current}:")
        where = f"{change.path}: " if change.path else ""
        print(f"  {change.severity.label:<10} {where}{change.message}")
    if not changes:
        print("no changes")
    else:
        print(", ".join(f"{n} {label}" for label, n in counts.items()))


def _configured_tools(args: argparse.Namespace) -> Path:
    from inspector.project.config import find_config, load_config

    found = Path(args.config) if args.config else find_config(Path.cwd())
    return load_config(found).tools_path if found else Path("tools.json")


def _read(path: Path) -> object:
    """A tools file's or a provider file's JSON."""
    from inspector.files.jsonfile import read_json

    return read_json(path, "tools file")


def _committed(ref: str, path: Path) -> object:
    import json
    import subprocess

    done = subprocess.run(
        ["git", "show", f"{ref}:./{_git_relative(path)}"],
        capture_output=True,
        text=True,
        check=False,
        cwd=path.parent if path.is_absolute() else None,
    )
    if done.returncode != 0:
        raise InspectorError(f"git show {ref}:{path}: {done.stderr.strip()}")
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError as error:
        raise InspectorError(f"{path} at {ref}: not JSON ({error})") from None


def _git_relative(path: Path) -> str:
    return path.name if path.is_absolute() else str(path)


def _catalog(data: object, name: str, template_dirs: list[Path]) -> tuple[Catalog, str]:
    from inspector.providers.registry import read_catalog

    try:
        return read_catalog(data, template_dirs=template_dirs)
    except InspectorError as error:
        raise InspectorError(f"{name}: {error}") from None
