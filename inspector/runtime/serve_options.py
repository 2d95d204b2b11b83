"""What a server needs to know: how to serve, and the tools it lists (the mcp render)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from inspector.diagnostics import Diagnostic, InspectorError, UsageError
from inspector.model import JsonObject
from inspector.runtime.http_auth import CLIENT_ID, is_loopback
from inspector.runtime.tool_search import ToolSearchSession
from inspector.runtime.toolbox import Toolbox


@dataclass(frozen=True, slots=True)
class ServeOptions:
    """How to serve: identity, transport (``http`` = (host, port); None = stdio), the
    classification file to watch (None = no reloading), MCP annotation hints by tool, whether
    each client finds the deferred tools with ``search_tools`` (``search``), the context for
    injected values and the bearer tokens of HTTP (token → client name); ``report`` prints the
    tools' diagnostics at the start (None: each is logged)."""

    name: str = "toolsinspector"
    version: str = ""
    http: tuple[str, int] | None = None
    watch: Path | None = None
    annotations: Mapping[str, JsonObject] = field(default_factory=dict)
    poll_seconds: float = 0.5
    context: Mapping[str, object] = field(default_factory=dict)
    tokens: Mapping[str, str] | None = None
    search: bool = False
    report: Callable[[list[Diagnostic]], None] | None = None


def check_transport(options: ServeOptions) -> None:
    """HTTP on an address other machines reach needs bearer tokens.

    Raises:
        UsageError: ``--http`` on a non-loopback address without ``--token-env``.
    """
    if options.http is not None and options.tokens is None and not is_loopback(options.http[0]):
        raise UsageError(
            f"--http {options.http[0]}:{options.http[1]}: other machines can reach this "
            "address; give --token-env VAR (a bearer token in that environment variable)"
        )


def missing_context(toolbox: Toolbox, options: ServeOptions) -> list[str]:
    """The context keys some served tool needs (an injected parameter without a default)
    that neither ``--context``, the Toolbox's own context nor each request (``client_id``
    with tokens) gives."""
    given = set(options.context) | set(toolbox.context)
    if options.tokens is not None:
        given.add(CLIENT_ID)
    return [key for key in toolbox.needed_context() if key not in given]


def served_class(obj: object) -> type:
    """The class an object is served as: its own, or itself when it is a class (a module's
    functions come as one, and a class given for its class and static methods)."""
    return obj if isinstance(obj, type) else type(obj)


def served_version(obj: object) -> str:
    """The installed version of the distribution that provides an object's class (httpx's
    for an ``httpx.Client``, slugify's for its module's functions), or "" when there is none
    (a script, the standard library)."""
    from importlib import metadata

    top = served_class(obj).__module__.partition(".")[0]
    for distribution in metadata.packages_distributions().get(top, ()):
        try:
            return metadata.version(distribution)
        except metadata.PackageNotFoundError:
            continue
    return ""


def mcp_tools(
    toolbox: Toolbox,
    annotations: Mapping[str, JsonObject],
    search: ToolSearchSession | None = None,
) -> list[JsonObject]:
    """The ``tools/list`` entries: the mcp render of the toolbox's tools (with ``search``:
    those that conversation offers now; without it, deferred tools are left out); errors
    raise."""
    rendered = toolbox.provider_file(
        "mcp", search=search if search is not None else False, annotations=annotations
    )
    document = rendered.document
    if document is None:
        raise InspectorError(rendered.diagnostics[0].message)
    if not isinstance(document, dict) or not isinstance(document.get("tools"), list):
        raise InspectorError('the mcp template wrote no {"tools": [...]} object')
    return cast("list[JsonObject]", document["tools"])
