"""``toolsinspector serve``: the included methods as an MCP server (stdio or streamable HTTP)."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from collections.abc import Callable, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector.diagnostics import Diagnostic, Level, UsageError

if TYPE_CHECKING:
    from inspector.project.config import Config

_DESCRIPTION = """\
Serve the included methods of the target classes as an MCP server: tools/list is what
'render --provider mcp' writes, tools/call runs your methods. Settings not given here come
from [tool.toolsinspector.serve] (and the targets and classification file of
[tool.toolsinspector]) in the nearest pyproject.toml, or --config.

Without a classification file, serve refuses to start unless --all is given. HTTP on an
address other machines reach needs --token-env. Each object's sync methods run on one thread
of its own (the one that made it), so thread-bound resources such as a sqlite3 connection
work; --parallel runs every call on a fresh thread instead."""


def add_serve(commands: argparse._SubParsersAction[Any], common: argparse.ArgumentParser) -> None:
    """Add ``serve`` to the command line."""
    serve = commands.add_parser(
        "serve",
        parents=[common],
        help="serve the included methods as an MCP server (stdio, or HTTP with --http)",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.add_argument(
        "targets",
        nargs="*",
        metavar="TARGET",
        help="file.py:Class, package.module:Class, file.py:function, or a file or module (its "
        "public classes and functions)",
    )
    serve.add_argument(
        "--classification",
        metavar="FILE",
        help="classification file (default: the configured one, else "
        "tools.classification.json here if it exists)",
    )
    serve.add_argument(
        "--all",
        action="store_true",
        default=None,
        help="without a classification file, serve every public method (refused otherwise)",
    )
    serve.add_argument(
        "--factory",
        metavar="MODULE:CALLABLE",
        help="callable returning the instance (or a list of instances) to serve, for classes "
        "whose constructor needs arguments",
    )
    serve.add_argument(
        "--mcp-annotations", metavar="FILE", help="annotation hints by tool name (JSON)"
    )
    serve.add_argument(
        "--http",
        metavar="[HOST:]PORT",
        help="serve streamable HTTP at http://HOST:PORT/mcp (HOST default: 127.0.0.1) "
        "instead of stdio",
    )
    serve.add_argument(
        "--watch",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="reload the tools when the classification file changes and notify the clients",
    )
    serve.add_argument(
        "--token-env",
        metavar="VAR",
        help="HTTP: require a bearer token, read from this environment variable (TOKEN, or "
        "name=TOKEN,... to name each client: the client_id context value); required for "
        "an address other than 127.0.0.1/localhost",
    )
    serve.add_argument(
        "--context",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a value for parameters marked Annotated[T, Injected('KEY')] (repeatable)",
    )
    serve.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="the longest a call may take (a tool's classification entry can say otherwise)",
    )
    serve.add_argument(
        "--mask-errors",
        action="store_true",
        default=None,
        help="a failed method answers 'TOOL failed' without the exception's text (logged)",
    )
    serve.add_argument(
        "--max-result-chars",
        type=int,
        metavar="N",
        help="cut longer result texts, with a note (default: 100000)",
    )
    serve.add_argument(
        "--approve-destructive",
        action="store_true",
        default=None,
        help="tools annotated destructiveHint: true need approval (asked through MCP "
        "elicitation; refused when the client cannot be asked)",
    )
    serve.add_argument(
        "--parallel",
        action="store_true",
        default=None,
        help="run each sync call on a fresh thread instead of its object's own thread",
    )
    serve.add_argument(
        "--search",
        action="store_true",
        default=None,
        help="local tool search: list the tools that are not deferred and search_tools(query); "
        "the tools a client's search finds are listed to it from then on "
        "(notifications/tools/list_changed); with nothing deferred, every tool is searched",
    )
    serve.add_argument(
        "--defer",
        action="append",
        default=[],
        metavar="PATTERN",
        help='tools to load on demand (fnmatch over tool names; repeatable; also "defer": true '
        "in the classification file): found with --search, not listed without it",
    )
    serve.add_argument("--name", help="server name (default: the project's name)")
    serve.add_argument("--config", metavar="FILE", help="pyproject.toml or a TOML file")


def serve(args: argparse.Namespace) -> int:
    """Serve until the client leaves (EOF on stdio), SIGTERM or SIGINT; exit 0 (also when the
    signal comes while starting)."""
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        return _serve(args)
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(number: int, frame: object) -> None:
    raise KeyboardInterrupt


def _serve(args: argparse.Namespace) -> int:
    from inspector.api import load_annotations
    from inspector.cli.output import user_prints_to_stderr
    from inspector.project.config import project_identity
    from inspector.runtime import serve as serving
    from inspector.runtime.http_auth import read_tokens
    from inspector.runtime.results import MAX_RESULT_CHARS
    from inspector.runtime.running import Homes
    from inspector.runtime.serve_options import (
        ServeOptions,
        check_transport,
        served_version,
    )

    serving.require_sdk()
    config = _config(args)
    settings = config.serve
    root = None if args.targets else config.root
    targets = args.targets or list(settings.targets or config.targets)
    factory = args.factory or settings.factory
    _importable(root, targets)
    classification = _classification(args, config)
    watch = args.watch if args.watch is not None else settings.watch
    if watch and classification is None:
        raise UsageError("--watch needs a classification file (--classification FILE)")
    http = args.http or settings.http
    address = serving.parse_address(http) if http else None
    if not targets and not factory:
        raise UsageError(serving.NOTHING)
    if classification is None and not _given(args.all, settings.all):
        raise UsageError(serving.NO_CHOICE)  # before any of the user's code runs
    token_env = args.token_env or settings.token_env
    tokens = read_tokens(os.environ.get(token_env, ""), token_env) if token_env else None
    check_transport(ServeOptions(http=address, tokens=tokens))
    homes = None if _given(args.parallel, settings.parallel) else Homes({})
    _log_to_stderr(args.quiet)  # before the classes are made: a class left out is logged
    with user_prints_to_stderr():
        served = serving.served_objects(targets, factory, root, homes)
        # made now, as the classification chooses, so that a class that cannot be made stops
        # the server before it starts, and what constructors print stays off stdout
        served.objects(classification)
    annotations_path = _path(args.mcp_annotations) or settings.mcp_annotations
    project_name, version = project_identity(config.source)
    options = ServeOptions(
        name=args.name or settings.name or project_name or served.name,
        version=version or served_version(served.first),
        http=address,
        watch=classification if watch else None,
        annotations=load_annotations(annotations_path) if annotations_path else {},
        context=dict(settings.context) | _pairs(args.context),
        tokens=tokens,
        search=_given(args.search, settings.search),
        report=_reporter(set(config.ignore).union(*args.ignore), args.verbose),
    )
    errors = "mask" if args.mask_errors else settings.errors or "show"
    build = serving.builder(
        served,
        classification,
        annotations=options.annotations,
        approve_destructive=_given(args.approve_destructive, settings.approve_destructive),
        timeout=args.timeout if args.timeout is not None else settings.timeout,
        errors=errors,
        max_result_chars=args.max_result_chars or settings.max_result_chars or MAX_RESULT_CHARS,
        homes=homes,
        defer=args.defer or settings.defer or config.defer,
    )
    if classification is None:
        logging.getLogger("inspector.serve").info(
            "no classification file: --all serves every public method"
        )
    serving.run(build, options)
    return 0


def _given(flag: bool | None, configured: bool) -> bool:
    return flag if flag is not None else configured


def _pairs(given: list[str]) -> dict[str, str]:
    """``--context KEY=VALUE`` values as a mapping."""
    pairs = {}
    for item in given:
        key, equals, value = item.partition("=")
        if not equals or not key:
            raise UsageError(f"--context {item}: expected KEY=VALUE")
        pairs[key] = value
    return pairs


def _importable(root: Path | None, targets: list[str]) -> None:
    """The served code imports what it needs as it runs: the project root and the folders of
    the file targets go in front of ``sys.path`` for the life of the server (the command, not
    the library, owns the process), as ``python file.py`` puts its file's folder there."""
    folders = [root] if root is not None else []
    for target in targets:
        module_part = target.partition(":")[0]
        if module_part.endswith(".py") or "/" in module_part or os.sep in module_part:
            folders.append(((root or Path()) / module_part).resolve().parent)
    for folder in reversed(folders):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))


def _config(args: argparse.Namespace) -> Config:
    from inspector.project.config import Config, find_config, load_config

    if args.config:
        return load_config(Path(args.config))
    found = find_config(Path.cwd())
    return load_config(found) if found else Config(root=Path.cwd())


def _path(value: str | None) -> Path | None:
    return Path.cwd() / value if value else None


def _classification(args: argparse.Namespace, config: Config) -> Path | None:
    """The classification file: a named one must exist; the default one may be missing."""
    named = _path(args.classification) or config.serve.classification
    if named is not None:
        if not named.is_file():
            raise UsageError(f"classification file {named}: not found")
        return Path(named)
    default = config.classification_path if config.source else Path.cwd() / _DEFAULT
    return Path(default) if default.is_file() else None


_DEFAULT = "tools.classification.json"


def _log_to_stderr(quiet: bool) -> None:
    """Our messages on stderr (stdout may be the MCP channel); the SDK's and the web
    server's warnings reach stderr through Python's last-resort handler."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Format())
    logger = logging.getLogger("inspector")
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING if quiet else logging.INFO)
    logger.propagate = False


def _reporter(ignore: Set[str], verbose: bool) -> Callable[[list[Diagnostic]], None]:
    """How the tools' diagnostics reach stderr, as every command prints them: the ``ignore``
    codes left out (never an error), 10 or more of one code in one class folded into one line
    unless ``verbose`` (kubernetes' ``CoreV1Api`` gave 2,968 lines of TI117); through the log,
    so ``-q`` keeps the warnings and errors."""
    from inspector.cli.output import folded_lines

    def report(diagnostics: list[Diagnostic]) -> None:
        shown = [d for d in diagnostics if d.code not in ignore or d.level is Level.ERROR]
        lines = [(d, str(d)) for d in shown] if verbose else folded_lines(shown)
        for diagnostic, line in lines:
            level = logging.INFO if diagnostic.level is Level.INFO else logging.WARNING
            logging.getLogger("inspector.serve").log(level, "%s", line, extra={"diagnostic": True})

    return report


class _Format(logging.Formatter):
    """``level: message`` like the diagnostics, which are printed as they are."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        return (
            text if getattr(record, "diagnostic", False) else f"{record.levelname.lower()}: {text}"
        )
