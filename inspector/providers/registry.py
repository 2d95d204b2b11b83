"""The registry: every provider (the built-in modules, and a user's module beside a user's
template in a ``--templates`` directory) with its template, and lookups by name.

A user provider is ``DIR/<name>.json.jinja`` plus, optionally, ``DIR/<name>.py`` defining
``PROVIDER = Provider("<name>", ...)``; a template alone is a provider without name rules,
limits, reader or messages (or, with a built-in's name, that built-in with another template).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inspector.catalog import Catalog
from inspector.diagnostics import InspectorError, LocatedError, reraise_interrupt
from inspector.files import provider_files
from inspector.files.provider_files import DEFAULT_CLASS, TOOLS_FORMAT, Reader
from inspector.files.schemas import SharedTypes
from inspector.providers.base import Provider

TEMPLATE_SUFFIX = ".json.jinja"
BUILTIN_MODULES = (
    "openai",
    "openai_responses",
    "anthropic",
    "gemini",
    "ollama",
    "mistral",
    "bedrock",
    "mcp",
    "cohere",
    "huggingface",
)
"""The built-in provider modules, in the order their file readers are tried."""


@dataclass(frozen=True, slots=True)
class Installed:
    """A provider as found: its unit, its template, and where they came from."""

    provider: Provider
    template: Path
    builtin: bool
    overrides_builtin: bool = False
    module: Path | None = None

    @property
    def name(self) -> str:
        """The provider's name (its template's name less ``.json.jinja``)."""
        return self.provider.name


def builtin_templates_dir() -> Path:
    """The shipped templates: inside the installed package, or ``templates/`` in a checkout."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "templates"
    if packaged.is_dir():
        return packaged
    return package.parent / "templates"


@functools.cache
def builtin_providers() -> dict[str, Provider]:
    """The built-in providers by name, in ``BUILTIN_MODULES`` order."""
    found = {}
    for module_name in BUILTIN_MODULES:
        module = importlib.import_module(f"inspector.providers.{module_name}")
        provider: Provider = module.PROVIDER
        found[provider.name] = provider
    return found


def _templates_in(directory: Path) -> dict[str, Path]:
    return {
        path.name.removesuffix(TEMPLATE_SUFFIX): path
        for path in sorted(directory.glob(f"*{TEMPLATE_SUFFIX}"))
        if not path.name.startswith("_")
    }


def _installed(template_dirs: Sequence[Path]) -> dict[str, Installed]:
    """Built-ins first (in module order), then each user template; the first user directory
    that has a name wins."""
    builtin = builtin_providers()
    templates = _templates_in(builtin_templates_dir())
    found = {
        name: Installed(provider, templates[name], True)
        for name, provider in builtin.items()
        if name in templates
    }
    for directory in reversed(template_dirs):
        for name, template in _templates_in(directory).items():
            path = template.with_name(f"{name}.py")
            module = path if path.is_file() else None
            if module is not None:
                provider = load_module(module, name)
            else:
                provider = builtin.get(name) or Provider(name, name)
            found[name] = Installed(provider, template, False, name in builtin, module)
    return found


def available(template_dirs: Sequence[Path] = ()) -> list[Installed]:
    """Every provider, sorted by name."""
    found = _installed(template_dirs)
    return [found[name] for name in sorted(found)]


def find(name: str, template_dirs: Sequence[Path] = ()) -> Installed:
    """The provider called ``name``; an unknown name is an error listing the known ones."""
    found = _installed(template_dirs)
    if name not in found:
        raise InspectorError(f"unknown provider {name!r}; available: {', '.join(sorted(found))}")
    return found[name]


def tool_readers(template_dirs: Sequence[Path] = ()) -> dict[str, Reader]:
    """Each provider that reads its files back, with its reader, in detection order."""
    return {
        name: entry.provider.read_tools
        for name, entry in _installed(template_dirs).items()
        if entry.provider.read_tools is not None
    }


def formats(template_dirs: Sequence[Path] = ()) -> list[str]:
    """Every format a tool file can be read in: tools.json and each provider with a reader."""
    return [TOOLS_FORMAT, *tool_readers(template_dirs)]


def read_catalog(
    document: object,
    format_name: str = "auto",
    class_name: str = DEFAULT_CLASS,
    template_dirs: Sequence[Path] = (),
    *,
    share_types: bool = False,
) -> tuple[Catalog, str]:
    """The catalog of a tools.json or provider document, and the format it was read as (with
    ``share_types``, equal schemas of the tools' parameters and results as one type object)."""
    readers = tool_readers(template_dirs)
    shared: SharedTypes | None = {} if share_types else None
    return provider_files.read_catalog(document, readers, format_name, class_name, shared)


_LOADED: dict[tuple[str, str], Provider] = {}


def load_module(path: Path, name: str) -> Provider:
    """The ``PROVIDER`` a user's module defines (loaded once per path and content); a module
    that fails or defines no provider called ``name`` is an error naming the file."""
    resolved = str(path.resolve())
    digest = hashlib.sha256(resolved.encode() + b"\0" + path.read_bytes()).hexdigest()
    key = (resolved, digest)
    if key in _LOADED:
        return _LOADED[key]
    module_name = f"toolsinspector_provider_{digest[:16]}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    where = path.as_posix()
    if spec is None or spec.loader is None:
        raise LocatedError("cannot be loaded as a Python module", where)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as error:  # the user's module: even its SystemExit is its failure
        del sys.modules[module_name]
        reraise_interrupt(error)
        raise LocatedError(
            f"the provider module failed: {type(error).__name__}: {error}", where
        ) from None
    provider = getattr(module, "PROVIDER", None)
    if not isinstance(provider, Provider):
        raise LocatedError(f"defines no PROVIDER = Provider({name!r}, ...)", where)
    if provider.name != name:
        raise LocatedError(
            f"PROVIDER is named {provider.name!r}; beside {name}{TEMPLATE_SUFFIX} it must be "
            f"named {name!r}",
            where,
        )
    _LOADED[key] = provider
    return provider
