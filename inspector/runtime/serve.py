"""Serve: the included tools of live objects as an MCP server, over stdio or streamable HTTP.

``tools/list`` is what ``render --provider mcp`` writes for the same tools (the one pipeline's
render); ``tools/call`` goes through the ``Toolbox``. The MCP SDK (``toolsinspector[serve]``)
is imported only when a server starts."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from inspector.diagnostics import InspectorError, UsageError
from inspector.files.new_entries import NewMethods
from inspector.model import JsonObject, MethodKind
from inspector.runtime.binding import NeedsInstanceError, chosen_tools, classification_of
from inspector.runtime.running import Homes, NotInstances, made_at_home
from inspector.runtime.serve_options import (
    ServeOptions,
    check_transport,
    missing_context,
    served_class,
    served_version,
)
from inspector.runtime.toolbox import Toolbox
from inspector.scan.docstrings import DocstringStyle
from inspector.scan.targets import GROUP_MARK, is_function_group

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
    objects: Sequence[object] | ServedObjects,
    classification: str | Path | None,
    **toolbox_options: Any,
) -> Callable[[], Toolbox]:
    """A fresh Toolbox of the objects, reading the classification file (again) each call;
    ``toolbox_options`` are passed to each. Of ``ServedObjects``, the objects the file
    chooses at that call (an object is made when one of its methods is first included)."""

    def build() -> Toolbox:
        if not isinstance(objects, ServedObjects):
            return Toolbox(*objects, classification=classification, **toolbox_options)
        try:
            return Toolbox(
                *objects.objects(classification),
                classification=classification,
                **toolbox_options,
            )
        except NeedsInstanceError as error:  # a class given as itself, its methods now chosen
            raise InspectorError(
                f"{classification}: changed while the tools were built ({error})"
            ) from None

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


class ServedObjects:
    """What ``serve`` takes its tools from: a factory's instances and the classes of the
    targets. Each class is made (once, without arguments) only when the classification
    includes one of its instance methods: a class whose included methods are static or class
    methods is given as itself (a Toolbox takes a class for those), and one with no included
    method is never made, so its constructor (which may need arguments, or connect to
    something) never runs. The choice is made again on each build, so a method set to true
    while ``--watch`` runs makes its object then.

    Args:
        classes: The classes of the targets, in order, each with whether a target named it
            (``file.py:Class``) rather than a file or module that holds it.
        made: A factory's instances (or modules); a class one of them is an instance of (or
            a module's functions one of them is) is not served again.
        homes: The thread each object's sync methods run on: a made object gets one of its
            own, the thread that made it (None: objects are made on the calling thread).
    """

    def __init__(
        self,
        classes: Sequence[tuple[type, bool]],
        made: Sequence[object] = (),
        homes: Homes | None = None,
        module_name: str | None = None,
    ) -> None:
        self.made = list(made)
        self._module_name = module_name
        self.classes: list[type] = []
        self._named: set[type] = set()
        for cls, named in classes:
            if cls in self.classes or any(_covers(obj, cls) for obj in self.made):
                continue
            self.classes.append(cls)
            if named:
                self._named.add(cls)
        self.homes = homes
        self._instances: dict[type, object] = {}
        self._left_out: set[type] = set()  # with --all, said once

    @property
    def first(self) -> object:
        """The first object or class served."""
        return self.made[0] if self.made else self.classes[0]

    @property
    def name(self) -> str:
        """What the server is named after: the first class served, or the module (or file)
        the first target names whole, as its functions are keyed (``more_itertools``, not the
        first of its classes)."""
        if self._module_name is not None and not self.made:
            return self._module_name
        return served_class(self.first).__name__

    def objects(self, classification: str | Path | None) -> list[object]:
        """The objects a Toolbox takes for a classification file (None: every method, as
        ``--all`` serves): the factory's instances, then each class made, given as itself, or
        left out, as the file chooses its methods.

        Raises:
            UsageError: A class with included methods that need an instance needs constructor
                arguments. With ``--all``, only a class a target names is an error: one found
                in a file or module is left out with a warning (its static and class methods
                are still served), and so is one whose constructor fails.
            InspectorError: A constructor failed, or the classification file is missing or
                broken.
        """
        needed, unbound = self._chosen(classification)
        objects = list(self.made)
        for cls in self.classes:
            instance = None
            if cls in needed:
                instance = self._instances.get(cls)
                if instance is None and cls not in self._left_out:
                    instance = self._make(cls, needed[cls], classification)
            if instance is not None:
                objects.append(instance)
            elif cls not in needed or cls in unbound:
                # a class stands for its static and class methods (a module's functions are
                # such a class); one with nothing chosen gives nothing, but is still known
                objects.append(cls)
        return objects

    def _chosen(self, classification: str | Path | None) -> tuple[dict[type, list[str]], set[type]]:
        """Each class with included methods that need an instance → their names, and the
        classes with included methods that need none (static and class methods)."""
        choices = classification_of(classification)
        where = Path(classification) if classification is not None else None
        selected, owners, _, _ = chosen_tools(
            [*self.made, *self.classes], choices, where, DocstringStyle.AUTO, NewMethods.INCLUDE
        )
        needed: dict[type, list[str]] = {}
        unbound: set[type] = set()
        for chosen in selected:
            owner = owners[chosen.class_key]
            if not isinstance(owner, type):
                continue  # a factory's object
            if chosen.scanned.method_kind is MethodKind.INSTANCE:
                needed.setdefault(owner, []).append(chosen.scanned.method_name)
            else:
                unbound.add(owner)
        return needed, unbound

    def _make(
        self, cls: type, methods: Sequence[str], classification: str | Path | None
    ) -> object | None:
        """An instance of ``cls``, made without arguments for its included ``methods``; None
        when ``--all`` leaves out a class of a file or module that cannot be made (logged)."""
        name = cls.__qualname__
        stop: type[InspectorError] = UsageError
        needed = _required_arguments(cls)
        if needed:
            problem = f"{name} needs constructor arguments ({', '.join(needed)}):"
        else:
            try:
                instance = made_at_home(cls, self.homes, name)[0]
            except Exception as error:
                problem, stop = f"{name}() failed: {type(error).__name__}: {error};", InspectorError
            else:
                self._instances[cls] = instance
                return instance
        fix = "give --factory module:callable that returns an instance (or a list of instances)"
        if classification is not None:
            fix += (
                f", or set its included methods ({_listed(methods)}) to false in {classification}"
            )
        elif cls not in self._named:
            # with --all nobody chose this class: left out, so that `serve module --all`
            # serves the rest of the module
            log.warning(
                "%s its methods that need an instance are left out; %s to serve them", problem, fix
            )
            self._left_out.add(cls)
            return None
        raise stop(f"{problem} {fix}") from None


def _covers(made: object, cls: type) -> bool:
    """Whether a factory's object serves what ``cls`` would: an instance of it, or the module
    whose functions it is (a factory may return a module)."""
    if isinstance(made, ModuleType) and is_function_group(cls):
        return bool(made.__name__ == cls.__dict__[GROUP_MARK])
    return isinstance(made, cls)


def _listed(methods: Sequence[str], most: int = 5) -> str:
    """Some method names, the first ``most`` and how many more (a class may have dozens)."""
    shown_names = ", ".join(methods[:most])
    rest = len(methods) - most
    return f"{shown_names} and {rest} more" if rest > 0 else shown_names


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


def factory_objects(
    factory: Callable[[], object], spec: str, homes: Homes | None = None
) -> list[object]:
    """What a factory returns, as a list of instances (with ``homes``: made on a thread of
    their own, which then runs their sync methods); a failure or a class is an error."""
    try:
        return made_at_home(factory, homes, spec)
    except NotInstances as refused:
        raise InspectorError(
            f"--factory {spec}: must return an instance or a list of instances, got "
            f"{refused.made!r}"
        ) from None
    except Exception as error:
        raise InspectorError(f"--factory {spec}: {type(error).__name__}: {error}") from None


def served_objects(
    targets: Sequence[str],
    factory: str | None,
    root: Path | None = None,
    homes: Homes | None = None,
) -> ServedObjects:
    """What to serve for some targets and an optional ``module:callable`` factory (relative
    files and modules looked for in the project ``root`` first, if there is one): the
    factory's instances, made now (with ``homes``: on the thread that will run their sync
    methods), and the classes, made when a classification chooses them
    (``ServedObjects.objects``).

    Raises:
        UsageError: Nothing to serve, or ``factory`` is no ``module:callable``.
        InspectorError: A target or the factory cannot be imported, or the factory fails or
            returns no instance.
    """
    from inspector.scan.targets import Targets, iter_methods

    found = Targets(root)
    infos = [info for target in targets for info in found.resolve(target)]
    # a module's class with no public method (a pydantic model its functions take) serves
    # nothing and is not made: it may need arguments
    classes = [
        (info.cls, info.explicit)
        for info in infos
        if info.explicit or next(iter_methods(info), None)
    ]
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
    module_part, colon, _ = targets[0].partition(":") if targets else ("", "", "")
    module_name = None
    if module_part and not colon:  # a module or a file, served whole
        module_name = found.group_key(module_part, found.import_module(module_part, targets[0]))
    return ServedObjects(classes, made, homes, module_name)


def parse_address(text: str) -> tuple[str, int]:
    """``[HOST:]PORT`` as (host, port); the host defaults to 127.0.0.1 (this machine only)."""
    host, colon, port = text.rpartition(":")
    host = host.strip("[]") if colon else "127.0.0.1"
    if not port.isdigit() or not 0 < int(port) < 65536 or (colon and not host):
        raise UsageError(f"--http {text}: expected [HOST:]PORT, e.g. 8000 or 0.0.0.0:8000")
    return host, int(port)
