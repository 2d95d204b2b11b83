"""Serve: the included tools of live objects as an MCP server, over stdio or streamable HTTP.

``tools/list`` is what ``render --provider mcp`` writes for the same tools (the one pipeline's
render); ``tools/call`` goes through the ``Toolbox``. The MCP SDK (``toolsinspector[serve]``)
is imported only when a server starts."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from inspector.diagnostics import InspectorError, UsageError
from inspector.model import JsonObject
from inspector.runtime.running import Homes, HomeThread
from inspector.runtime.serve_options import (
    ServeOptions,
    check_transport,
    missing_context,
    served_class,
    served_version,
)
from inspector.runtime.toolbox import Toolbox
from inspector.scan.targets import is_function_group

log = logging.getLogger("inspector.serve")

INSTALL_HINT = "serving needs the MCP SDK: pip install 'toolsinspector[serve]'"


def require_sdk() -> None:
    """Raise ``UsageError`` with the install command when the MCP SDK is missing."""
    try:
        import mcp.server.lowlevel  # noqa: F401
    except ImportError:
        raise UsageError(INSTALL_HINT) from None


def serve(
    *objects: object,
    classification: str | Path | None = None,
    name: str | None = None,
    version: str = "",
    http: tuple[str, int] | None = None,
    watch: bool = False,
    annotations: Mapping[str, JsonObject] | None = None,
    all_methods: bool = False,
    context: Mapping[str, object] | None = None,
    tokens: Mapping[str, str] | None = None,
    search: bool = False,
    defer: Sequence[str] = (),
    **toolbox_options: Any,
) -> None:
    """Serve the tools of some objects as an MCP server until the client leaves or a
    SIGTERM/SIGINT arrives.

    Args:
        *objects: The objects whose methods are the tools, or one ``Toolbox`` (served as it
            is, unless ``classification`` is given).
        classification: The classification file that says which methods are tools; objects
            without one are refused unless ``all_methods`` (a Toolbox is what you chose).
        name: The server's name (default: the first object's class name).
        version: The server's version (default: the installed version of the package that
            provides the first object's class, if any).
        http: ``(host, port)`` to serve streamable HTTP on; None serves stdio.
        watch: Reload the tools when the classification file changes, and tell the clients;
            a broken file is logged and the previous tools kept.
        annotations: MCP annotation hints by tool name
            (``{"fetch_page": {"readOnlyHint": True}}``).
        all_methods: Serve every public method of objects given without a classification.
        context: Values for injected parameters, for every call.
        tokens: Bearer tokens of HTTP, each to its client's name (the ``client_id`` context
            value); required for an address other machines reach.
        search: Local tool search: each client is listed the tools that are not deferred
            and ``search_tools(query)``; the tools a search finds are listed to that client
            from then on (``notifications/tools/list_changed`` tells it).
        defer: Globs over tool names: tools loaded on demand, besides those whose
            classification entry says ``"defer": true`` (with ``search``, none deferred means
            every tool is searched; without it, deferred tools are not listed).
        **toolbox_options: For objects: the Toolbox's options (``timeout``, ``errors``,
            ``error_formatter``, ``result_serializer``, ``max_result_chars``,
            ``approve_destructive``, ...).

    Raises:
        UsageError: The MCP SDK is not installed (``pip install 'toolsinspector[serve]'``),
            nothing to serve was given, objects without a classification and without
            ``all_methods``, ``watch`` without a classification file, HTTP on a non-loopback
            address without tokens, or a tool needs a context value nobody gives.
    """
    require_sdk()
    given = objects[0] if len(objects) == 1 and isinstance(objects[0], Toolbox) else None
    objects = given.objects if given is not None else objects
    if not objects:
        raise UsageError("nothing to serve: give an object or a Toolbox")
    if given is None and classification is None and not all_methods:
        raise UsageError(NO_CHOICE)
    if watch and classification is None:
        raise UsageError("watching needs a classification file")
    options = ServeOptions(
        name=name or served_class(objects[0]).__name__,
        version=version or served_version(objects[0]),
        http=http,
        watch=Path(classification) if watch and classification is not None else None,
        annotations=annotations or {},
        context=dict(context or {}),
        tokens=tokens,
        search=search,
    )
    if given is not None and classification is None and not defer:
        run(lambda: given, options)
    else:
        hints = {"annotations": options.annotations, "defer": defer, **toolbox_options}
        run(builder(objects, classification, **hints), options)


NOTHING = "nothing to serve: give a TARGET (or --factory)"

NO_CHOICE = (
    "no classification file: serving would offer every public method to any client; give "
    "--classification FILE (make one with 'toolsinspector scan'), or --all to serve them all"
)


def builder(
    objects: Sequence[object], classification: str | Path | None, **toolbox_options: Any
) -> Callable[[], Toolbox]:
    """A fresh Toolbox of the objects, reading the classification file (again) each call;
    ``toolbox_options`` are passed to each."""

    def build() -> Toolbox:
        return Toolbox(*objects, classification=classification, **toolbox_options)

    return build


def run(build: Callable[[], Toolbox], options: ServeOptions) -> None:
    """Serve the tools ``build`` gives (called again on each reload) until told to stop.

    Raises:
        UsageError: HTTP on a non-loopback address without tokens, or a tool needs a context
            value that neither the options nor each request gives.
    """
    require_sdk()
    check_transport(options)
    from inspector.runtime.mcp_server import run_server

    def checked() -> Toolbox:
        toolbox = build()
        missing = missing_context(toolbox, options)
        if missing:
            keys = ", ".join(missing)
            raise UsageError(
                f"the tools need context values nobody gives: {keys}; give --context KEY=VALUE"
            )
        return toolbox

    run_server(checked, options)


def instances(
    classes: Sequence[type], made: Sequence[object], homes: Homes | None = None
) -> list[object]:
    """The objects to serve: ``made`` (a factory's instances) and an instance of each class
    that none of them is, made by calling it without arguments (with ``homes``: on a thread
    of its own, which then runs its sync methods)."""
    objects = list(made)
    for cls in classes:
        if is_function_group(cls):  # a module's functions: called as they are
            objects.append(cls)
            continue
        if any(isinstance(obj, cls) for obj in objects):
            continue
        needed = _required_arguments(cls)
        if needed:
            raise UsageError(
                f"{cls.__qualname__} needs constructor arguments ({', '.join(needed)}): give "
                "--factory module:callable that returns an instance (or a list of instances)"
            )
        try:
            objects.append(_made(cls, homes, cls.__qualname__))
        except Exception as error:
            raise InspectorError(
                f"{cls.__qualname__}() failed: {type(error).__name__}: {error}; give --factory "
                "module:callable that returns an instance"
            ) from None
    return objects


def _required_arguments(cls: type) -> list[str]:
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):
        return []
    return [
        p.name
        for p in signature.parameters.values()
        if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


def _made(make: Callable[[], object], homes: Homes | None, name: str) -> object:
    """``make()``, on a new home thread when there are ``homes`` (its objects' thread)."""
    if homes is None:
        return make()
    home = HomeThread(f"toolsinspector-{name}")
    made = home.submit(make).result()
    for obj in made if isinstance(made, list | tuple) else [made]:
        homes.threads[id(obj)] = home
    return made


def factory_objects(
    factory: Callable[[], object], spec: str, homes: Homes | None = None
) -> list[object]:
    """What a factory returns, as a list of instances (with ``homes``: made on a thread of
    their own, which then runs their sync methods); a failure or a class is an error."""
    try:
        made = _made(factory, homes, spec)
    except Exception as error:
        raise InspectorError(f"--factory {spec}: {type(error).__name__}: {error}") from None
    found = list(made) if isinstance(made, list | tuple) else [made]
    if not found or any(isinstance(obj, type) or obj is None for obj in found):
        raise InspectorError(
            f"--factory {spec}: must return an instance or a list of instances, got {made!r}"
        )
    return found


def load_objects(
    targets: Sequence[str],
    factory: str | None,
    root: Path | None = None,
    homes: Homes | None = None,
) -> list[object]:
    """The objects to serve for some targets and an optional ``module:callable`` factory
    (relative files and modules looked for in the project ``root`` first, if there is one);
    with ``homes``, each made on the thread that will run its sync methods."""
    from inspector.scan.targets import Targets, iter_methods

    found = Targets(root)
    infos = [info for target in targets for info in found.resolve(target)]
    # a module's class with no public method (a pydantic model its functions take) serves
    # nothing and is not made: it may need arguments
    classes = [info.cls for info in infos if info.explicit or next(iter_methods(info), None)]
    made: list[object] = []
    if factory is not None:
        module_part, _, attribute = factory.partition(":")
        if not module_part or not attribute:
            raise UsageError(f"--factory {factory}: expected module:callable or file.py:callable")
        function: object = found.import_module(module_part, factory)
        for part in attribute.split("."):
            function = getattr(function, part, None)
        if not callable(function):
            raise InspectorError(f"--factory {factory}: {attribute} is not a callable")
        made = factory_objects(function, factory, homes)
    if not classes and not made:
        raise UsageError(NOTHING)
    return instances(classes, made, homes)


def parse_address(text: str) -> tuple[str, int]:
    """``[HOST:]PORT`` as (host, port); the host defaults to 127.0.0.1 (this machine only)."""
    host, colon, port = text.rpartition(":")
    host = host.strip("[]") if colon else "127.0.0.1"
    if not port.isdigit() or not 0 < int(port) < 65536 or (colon and not host):
        raise UsageError(f"--http {text}: expected [HOST:]PORT, e.g. 8000 or 0.0.0.0:8000")
    return host, int(port)
