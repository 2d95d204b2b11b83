"""The ``toolsinspector`` command line: parse arguments, call ``api``, print diagnostics."""

from __future__ import annotations

import argparse
import gc
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeAlias

from inspector.cli.output import (
    FOLD_AT,
    check_directory_output,
    files_summary,
    ignore_option,
    printer_for,
    scan_summary,
    user_prints_to_stderr,
)
from inspector.cli.parsing import Parser, VersionAction
from inspector.diagnostics import DOCS_URL, InspectorError, UsageError, docs_url, has_errors
from inspector.files.new_entries import CHOICES, NewMethods

if TYPE_CHECKING:
    from inspector.render.options import RenderOptions

_DESCRIPTION = "Turn Python classes into function-calling tools for LLM providers."
_EPILOG = f"""\
examples:
  toolsinspector scan example_class.py:ExampleClass -o tools.json
  toolsinspector render --provider openai --tools tools.json -o openai.json
  toolsinspector stubs openai.json -o stubs.py
  toolsinspector providers
  toolsinspector            (same as 'build': everything [tool.toolsinspector] names)
  toolsinspector check      (for CI and pre-commit: exit 1 when a file is stale)
  toolsinspector diff --git HEAD --fail-on breaking
  toolsinspector serve example_class.py:ExampleClass   (an MCP server on stdio)

Diagnostics go to stderr as 'path:line: level[CODE]: Class.method: message', then one
line of counts per code; a class's many diagnostics of one code fold into one line with their
count (--verbose prints each); --ignore CODE,... silences codes (see
{docs_url("reference/diagnostics.md")}).
Exit status: 0 success, 1 errors (or a stale file for check), 2 usage errors,
3 internal error (please report it; --debug or TOOLSINSPECTOR_DEBUG=1 shows the traceback).
Documentation: {DOCS_URL}"""


_Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with a known ``command`` only that command's options are built (building
    them all costs a few milliseconds of every start)."""
    parser = Parser(
        prog="toolsinspector",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action=VersionAction, nargs=0, help="print the version and exit"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    parser.add_argument("--debug", action="store_true", help=_DEBUG_HELP)
    common = _common_options(_QUIET_HELP)
    for name, add in _adders(command).items():
        # serve keeps warnings under -q and prints no summary line: its own words for it
        add(commands, _common_options(_SERVE_QUIET_HELP) if name == "serve" else common)
    return parser


_DEBUG_HELP = "show the traceback of an internal error"
_QUIET_HELP = "print errors and the one-line summary of diagnostics only"
_SERVE_QUIET_HELP = "print only warnings and errors on stderr (not the info lines)"


def _common_options(quiet_help: str) -> Parser:
    """The options every command takes (a parent parser: argparse shares its option objects
    among the commands it is given to, so a command with other words for one gets its own)."""
    common = Parser(add_help=False)
    common.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help=quiet_help,
    )
    common.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help=f"print every diagnostic: without it, {FOLD_AT} or more of one code in one class "
        "fold into one line with their count",
    )
    common.add_argument(
        "--ignore",
        metavar="CODE,...",
        type=ignore_option,
        action="append",
        default=[],
        help="diagnostic codes (or prefixes such as TI2) not to print; errors always print",
    )
    common.add_argument("--debug", action="store_true", help=_DEBUG_HELP)
    return common


def _adders(command: str | None) -> dict[str, Callable[..., None]]:
    """The option builders of ``command``, or of every command (in the order help lists them)
    when it is none of them, by command; the project and serve modules are imported only when
    needed."""
    own = {"scan": _add_scan, "render": _add_render, "stubs": _add_stubs}
    if command in (*own, "providers"):
        return {command: own.get(command, _add_providers)}
    from inspector.cli import project as cli_project

    if command in ("build", "check", "diff"):
        return {command: getattr(cli_project, f"add_{command}")}
    from inspector.cli import serve as cli_serve

    adders = {
        **own,
        "build": cli_project.add_build,
        "check": cli_project.add_check,
        "diff": cli_project.add_diff,
        "providers": _add_providers,
        "serve": cli_serve.add_serve,
    }
    return {command: adders[command]} if command in adders else adders


def _add_scan(commands: _Commands, common: argparse.ArgumentParser) -> None:
    scan = commands.add_parser(
        "scan",
        parents=[common],
        help="inspect classes and functions into tools.json and the classification file",
        description="Inspect every public method of the target classes and every target "
        "function. TARGET is path/to/file.py:Class, package.module:Class, file.py:function, "
        "package.module:function, or a file or module (every public class defined in it, and "
        "its own public functions, grouped under the module's name).",
    )
    scan.add_argument("targets", nargs="+", metavar="TARGET")
    scan.add_argument(
        "-o",
        "--output",
        default="tools.json",
        help="tools file to write, or - for stdout (default: tools.json)",
    )
    scan.add_argument(
        "--classification",
        metavar="FILE",
        help="classification file (default: <tools>.classification.json beside the "
        "tools file; not written with -o - unless given)",
    )
    scan.add_argument(
        "--new",
        choices=CHOICES,
        default="include",
        help="value given to methods not yet in the classification file (default: include, "
        "except that a name holding a destructive word, delete/drop/remove/kill/exec/spawn/"
        "unsafe..., starts false; include-all includes those too)",
    )
    scan.add_argument(
        "--prune",
        action="store_true",
        help="remove classification entries whose method no longer exists",
    )
    scan.add_argument(
        "--docstring-style",
        choices=["auto", "google", "numpy", "rest", "epydoc"],
        default="auto",
        help="docstring style (default: auto, detected per docstring)",
    )
    _force_option(scan, "a target's source file")


def _add_render(commands: _Commands, common: argparse.ArgumentParser) -> None:
    render = commands.add_parser(
        "render",
        parents=[common],
        help="render the included tools for a provider (or all of them)",
        description="Render the methods the classification file includes through the "
        "provider's template.",
    )
    render.add_argument(
        "--provider",
        required=True,
        help="provider name (see 'providers'), or 'all': every provider into -o DIRECTORY",
    )
    render.add_argument("--tools", default="tools.json", help="tools file (default: tools.json)")
    render.add_argument(
        "--classification",
        metavar="FILE",
        help="classification file, which must exist (default: <tools>.classification.json "
        "if it exists, else every method a model can call is included)",
    )
    render.add_argument(
        "--new",
        choices=CHOICES,
        default="include",
        help="methods the classification file does not mention (default: include, with a "
        "warning, except destructive names; include-all: those too)",
    )
    render.add_argument(
        "--strict",
        action="store_true",
        help="strict schemas where the provider has them (OpenAI, OpenAI Responses, Mistral: "
        "the Structured Outputs subset; Anthropic, Bedrock: Anthropic's strict subset)",
    )
    render.add_argument(
        "--gemini-json-schema",
        action="store_true",
        help="Gemini: write parametersJsonSchema (JSON Schema) instead of parameters "
        "(OpenAPI subset)",
    )
    render.add_argument(
        "--mcp-annotations",
        metavar="FILE",
        help='MCP: a JSON file of annotation hints by tool name, e.g. {"fetch_page": '
        '{"readOnlyHint": true}}',
    )
    render.add_argument(
        "--defer",
        action="append",
        default=[],
        metavar="PATTERN",
        help="load the tools whose names match this fnmatch pattern on demand (repeatable; "
        'also "defer": true in the classification file): Anthropic and OpenAI Responses get '
        "them with defer_loading and their tool search tool; other providers' files leave them "
        "out, with a warning (TI430)",
    )
    render.add_argument(
        "--cache",
        action="store_true",
        help="prompt-cache markers: Anthropic's cache_control on the last tool, Bedrock's "
        "cachePoint after the last tool (other providers cache identical prefixes themselves)",
    )
    render.add_argument(
        "--max-tool-tokens",
        type=_tokens,
        metavar="N",
        help="warn when a tool's definition is estimated at more than N tokens, naming its "
        "largest parameters (default: max-tool-tokens in [tool.toolsinspector], else 2000; "
        "0: never)",
    )
    render.add_argument(
        "--max-file-tokens",
        type=_tokens,
        metavar="N",
        help="warn when the whole file is estimated at more than N tokens (default: "
        "max-file-tokens in [tool.toolsinspector], else 20000; 0: never)",
    )
    render.add_argument(
        "--report",
        action="store_true",
        help="print each tool's size in characters and estimated tokens to stderr, and warn "
        "past the provider's documented limits",
    )
    render.add_argument(
        "-o",
        "--output",
        default="-",
        help="file to write, - for stdout (default), or a directory with --provider all",
    )
    _force_option(render, "the tools, classification or annotations file it reads")
    _templates_option(render)


def _add_stubs(commands: _Commands, common: argparse.ArgumentParser) -> None:
    stubs = commands.add_parser(
        "stubs",
        parents=[common],
        help="write typed Python stubs from tool definitions",
        description="Write a typed Python module from tools.json or any provider's tool "
        "file; inspecting it gives the same schemas back (equivalent ones where a file spells "
        '"any value" its own way, such as "items": {}).',
    )
    stubs.add_argument("schema", metavar="SCHEMA.json", help="tools.json or a provider's file")
    stubs.add_argument("-o", "--output", default="-", help="file to write, - for stdout (default)")
    stubs.add_argument(
        "--format",
        default="auto",
        help="input format: auto (default: detected), tools, or a provider that reads its files "
        "back (every built-in one; see `providers`)",
    )
    stubs.add_argument(
        "--class-name",
        metavar="NAME",
        help="class of a provider file's tools (default: Tools); tools.json keeps its classes",
    )
    stubs.add_argument(
        "--typed-dict",
        action="store_true",
        help="nested objects as TypedDicts instead of dataclasses",
    )
    _force_option(stubs, "the file it reads")
    stubs.add_argument(
        "--classification",
        metavar="FILE",
        help="tools.json only: stubs of the tools this classification file includes, with the "
        "names, texts and schemas it gives them (as in every provider file); default: every "
        "method as scanned",
    )
    _templates_option(stubs)


def _add_providers(commands: _Commands, common: argparse.ArgumentParser) -> None:
    providers = commands.add_parser(
        "providers", parents=[common], help="list built-in and user templates"
    )
    _templates_option(providers)


def _force_option(parser: argparse.ArgumentParser, reads: str) -> None:
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"write over {reads}, or over a file of another kind (a tools file, a "
        "classification file, a provider's file, Python); refused without it",
    )


def _templates_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--templates",
        metavar="DIR",
        action="append",
        default=[],
        help="directory of user templates, searched before the built-in ones (repeatable)",
    )


def _is_build_option(argument: str) -> bool:
    """An option given to the bare command (``toolsinspector -q``), which means ``build``."""
    return argument.startswith("-") and argument not in ("-h", "--help", "--version")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see ``EXIT_STATUSES``)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in arguments or os.environ.get("TOOLSINSPECTOR_DEBUG", "") not in ("", "0")
    first = next((a for a in arguments if a != "--debug"), None)
    if first is None or _is_build_option(first):
        arguments.insert(0, "build")  # bare ``toolsinspector [-q] ...`` is ``build``
    command = next(a for a in arguments if a != "--debug")
    collecting = gc.isenabled()
    if command != "serve":  # one-shot: its imports and work make objects that stay alive
        gc.disable()  # to the end, where the collector's passes free next to nothing
    parsed = False
    try:
        _current_directory_importable()
        args = _parser(command).parse_args(arguments)
        parsed = True
        status = int(_command(args.command)(args))
        sys.stdout.flush()  # inside the try: a closed pipe shows here, not at exit
        return status
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except InspectorError as error:
        for line in str(error).splitlines():  # several problems: an error line each
            print(f"error: {line}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as `cat` does
        _silence_stdout()
        return 141
    except OSError as error:  # the system refused a path the user named (a name too long for
        # it, say) where a check such as ``Path.exists`` asks first: a broken file's error
        where = f"{error.filename}: " if error.filename is not None else ""
        print(f"error: {where}{error.strerror or error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BaseException as error:  # a bug of ours, or a SystemExit or BaseException of the
        # user's code that got past the scan: one line, the traceback on request; only Ctrl-C
        # stops a command, and argparse's exits (--help, a usage error) go through
        if isinstance(error, SystemExit) and not parsed:
            raise
        if debug:
            import traceback

            traceback.print_exc()
        print(
            f"internal error: {type(error).__name__}: {error}; please report it"
            + ("" if debug else " (--debug shows the traceback)"),
            file=sys.stderr,
        )
        return 3
    finally:
        if collecting:
            gc.enable()


def run() -> NoReturn:
    """The ``toolsinspector`` command (and ``python -m inspector``): ``main`` on ``sys.argv``,
    its status the exit status. What the command leaves alive is then frozen out of the garbage
    collector's reach, so its passes as the interpreter exits do not walk every object a large
    scan made (the process ends: there is nothing to collect)."""
    status = main()
    gc.freeze()
    sys.exit(status)


def _current_directory_importable() -> None:
    """Module targets import from the current directory, as under ``python -m``."""
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, "")


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def _template_dirs(args: argparse.Namespace) -> list[Path]:
    dirs = [Path(d) for d in args.templates]
    for directory in dirs:
        if not directory.is_dir():
            raise UsageError(f"--templates {directory}: not a directory")
    return dirs


def _scan(args: argparse.Namespace) -> int:
    from inspector.api import scan_targets
    from inspector.files.classification import default_path
    from inspector.scan.docstrings import DocstringStyle

    printer = printer_for(args, _configured_ignore())
    to_stdout = args.output == "-"
    output = None if to_stdout else Path(args.output)
    if output is not None and output.is_dir():
        raise InspectorError(f"{args.output}: is a directory; a file was expected")
    if args.classification:
        classification: Path | None = Path(args.classification)
    else:
        classification = None if output is None or _is_stream(output) else default_path(output)
    with user_prints_to_stderr():
        result = scan_targets(
            args.targets,
            output=output,
            classification_path=classification,
            include_new=NewMethods(args.new).include,
            prune=args.prune,
            docstring_style=DocstringStyle(args.docstring_style),
            force=args.force,
            include_destructive=NewMethods(args.new).include_destructive,
        )
    if to_stdout:
        sys.stdout.write(result.tools_text)
    printer.print(result.diagnostics)
    stream = sys.stderr if to_stdout else sys.stdout
    if not args.quiet:
        scan_summary(result, stream)
    printer.print_summary(stream)
    return 1 if has_errors(result.diagnostics) else 0


def _tokens(text: str) -> int:
    """A ``--max-*-tokens`` value: a whole number, 0 or more."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number of tokens, got {text!r}")
    return int(text)


def _apply_budget(options: RenderOptions, args: argparse.Namespace) -> None:
    """The token budgets: the command line's, else the project configuration's, else the
    defaults."""
    from inspector.project.config import find_config, load_config

    found = find_config(Path.cwd())
    config = load_config(found) if found else None
    for name in ("max_tool_tokens", "max_file_tokens"):
        value = getattr(args, name)
        if value is None and config is not None:
            value = getattr(config, name)
        if value is not None:
            setattr(options, name, value)


def _configured_ignore() -> tuple[str, ...]:
    """The ``ignore`` codes of the project's configuration, if there is one here or above."""
    from inspector.project.config import find_config, load_config

    found = find_config(Path.cwd())
    return load_config(found).ignore if found else ()


def _is_stream(path: Path) -> bool:
    """A device or FIFO (``/dev/null``, ``/dev/stdout``): no classification file beside it."""
    return path.exists() and not path.is_file() and not path.is_dir()


def _render(args: argparse.Namespace) -> int:
    from inspector.api import load_annotations, render_providers
    from inspector.files.jsonfile import write_json
    from inspector.providers.registry import available
    from inspector.render.jinja import provider_unit
    from inspector.render.options import RenderOptions

    printer = printer_for(args, _configured_ignore())
    template_dirs = _template_dirs(args)
    every = args.provider == "all"
    if every:
        check_directory_output(args.output)
    providers = [p.name for p in available(template_dirs)] if every else [args.provider]
    if not every:  # an unknown name before any file is read
        try:
            provider_unit(args.provider, template_dirs)
        except UsageError:
            raise
        except InspectorError:
            pass  # a user's provider module that fails: the render reports it (TI401)
    tools_path = Path(args.tools)
    options = RenderOptions(
        strict=args.strict,
        template_dirs=template_dirs,
        gemini_json_schema=args.gemini_json_schema,
        annotations=load_annotations(Path(args.mcp_annotations)) if args.mcp_annotations else {},
        report=args.report,
        defer=args.defer,
        cache=args.cache,
    )
    _apply_budget(options, args)
    output = Path(args.output)

    def file_of(provider: str) -> Path:
        return output / f"{provider}.json" if every else output

    _check_render_outputs(args, [file_of(p) for p in providers], tools_path)
    results, diagnostics = render_providers(
        providers,
        tools_path=tools_path,
        classification_path=Path(args.classification) if args.classification else None,
        options=options,
        include_new=NewMethods(args.new).include,
        include_destructive=NewMethods(args.new).include_destructive,
    )
    printer.print(diagnostics)
    written: list[Path] = []
    unchanged: list[Path] = []
    for rendered in results:
        diagnostics += rendered.diagnostics
        printer.print(rendered.diagnostics)
        for line in rendered.report:
            print(line, file=sys.stderr)
        if rendered.document is not None:
            path = file_of(rendered.provider)
            (written if write_json(path, rendered.document) else unchanged).append(path)
        del rendered  # not alive while the next provider's file is made
    if args.output != "-" and not args.quiet:
        files_summary(written, unchanged)
    printer.print_summary()
    return 1 if has_errors(diagnostics) else 0


def _check_render_outputs(args: argparse.Namespace, outputs: list[Path], tools_path: Path) -> None:
    """Refuse (unless ``--force``) to write a provider's file over a file ``render`` reads or
    over a file of another kind."""
    from inspector.files.classification import default_path
    from inspector.files.overwrite import FileKind, Input, Output, check_outputs

    classification = Path(args.classification) if args.classification else None
    reads = [
        Input(tools_path, "tools file"),
        Input(classification or default_path(tools_path), "classification file"),
    ]
    if args.mcp_annotations:
        reads.append(Input(Path(args.mcp_annotations), "annotations file"))
    check_outputs([Output(p, FileKind.PROVIDER) for p in outputs], reads, force=args.force)


def _stubs(args: argparse.Namespace) -> int:
    from inspector.api import stubs_from_file
    from inspector.providers.registry import formats

    printer = printer_for(args, _configured_ignore())
    known = formats(_template_dirs(args))
    if args.format not in ("auto", *known):
        raise UsageError(f"--format {args.format}: unknown; known: auto, {', '.join(known)}")
    result = stubs_from_file(
        Path(args.schema),
        format_name=args.format,
        class_name=args.class_name,
        typed_dict=args.typed_dict,
        template_dirs=_template_dirs(args),
        output=None if args.output == "-" else Path(args.output),
        force=args.force,
        classification_path=Path(args.classification) if args.classification else None,
    )
    printer.print(result.diagnostics)
    if args.output == "-":
        sys.stdout.write(result.text)
    elif not args.quiet:
        print(f"read {args.schema} as {result.format}; wrote {args.output}")
    printer.print_summary()
    return 0


def _providers(args: argparse.Namespace) -> int:
    from inspector.providers.registry import available

    for provider in available(_template_dirs(args)):
        origin = "built-in" if provider.builtin else "user"
        if provider.module is not None:
            origin += " + module"
        if provider.overrides_builtin:
            origin += ", overrides built-in"
        print(f"{provider.name:<20} {origin:<26} {_shown(provider.template)}")
    return 0


def _shown(path: Path) -> str:
    """A path relative to the working directory when inside it, else absolute."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path.as_posix()
    return Path(path if relative.startswith("..") else relative).as_posix()


def _command(name: str) -> Callable[[argparse.Namespace], int]:
    """The function that runs a command; the project and serve modules are imported only for
    their own commands."""
    own = {"scan": _scan, "render": _render, "stubs": _stubs, "providers": _providers}
    if name in own:
        return own[name]
    if name == "serve":
        from inspector.cli import serve as cli_serve

        return cli_serve.serve
    from inspector.cli import project as cli_project

    return {"build": cli_project.build, "check": cli_project.check, "diff": cli_project.diff}[name]
