"""The project: ``[tool.toolsinspector]`` configuration, and every file it names generated in
memory, to be written (``build``) or compared with the disk (``check``)."""

from __future__ import annotations

import contextlib
import difflib
import os
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.diagnostics import Diagnostic, InspectorError, UsageError, has_errors
from inspector.docstrings import DocstringStyle

if TYPE_CHECKING:
    from inspector.catalog import Catalog

TABLE = ("tool", "toolsinspector")
_STYLES = tuple(style.value for style in DocstringStyle)


@dataclass(frozen=True)
class Config:
    """What to generate; paths are absolute (relative ones are read against ``root``)."""

    root: Path
    targets: tuple[str, ...] = ()
    tools: Path | None = None
    classification: Path | None = None
    providers: tuple[str, ...] = ()
    out_dir: Path | None = None
    strict: bool = False
    docstring_style: DocstringStyle = DocstringStyle.GOOGLE
    templates: tuple[Path, ...] = ()
    stubs: Path | None = None
    include_new: bool = True
    gemini_json_schema: bool = False
    source: Path | None = None

    @property
    def tools_path(self) -> Path:
        """The tools file (default ``tools.json`` in the root)."""
        return self.tools or self.root / "tools.json"

    @property
    def classification_path(self) -> Path:
        """The classification file (default beside the tools file)."""
        from inspector.classification import default_path

        return self.classification or default_path(self.tools_path)

    @property
    def provider_dir(self) -> Path:
        """Where provider files go (default: beside the tools file)."""
        return self.out_dir or self.tools_path.parent


_KEYS: dict[str, tuple[str, str]] = {
    "targets": ("list", 'a list of targets such as "pkg/mod.py:Class"'),
    "tools": ("path", "a path"),
    "classification": ("path", "a path"),
    "providers": ("list", "a list of provider names"),
    "out-dir": ("path", "a path"),
    "strict": ("bool", "true or false"),
    "docstring-style": ("style", f"one of {', '.join(_STYLES)}"),
    "templates": ("paths", "a path or a list of paths"),
    "stubs": ("path", "a path"),
    "new": ("new", '"include" or "exclude"'),
    "gemini-json-schema": ("bool", "true or false"),
}
"""Every key of the table: its kind and how an error describes what it must be."""


def find_config(start: Path) -> Path | None:
    """The nearest pyproject.toml with a ``[tool.toolsinspector]`` table, from ``start`` up."""
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file() and _table(_read_toml(candidate), candidate, required=False):
            return candidate
    return None


def load_config(path: Path) -> Config:
    """The configuration in a pyproject.toml (``[tool.toolsinspector]``) or in a TOML file of its
    own (the top-level table); every wrong key or value is an error naming it."""
    data = _read_toml(path)
    table = _table(data, path, required=path.name == "pyproject.toml")
    if table is None:
        table = data
    root = path.resolve().parent
    where = f"{path}: [tool.toolsinspector]" if table is not data else str(path)
    values: dict[str, object] = {}
    for key, value in table.items():
        if key not in _KEYS:
            close = difflib.get_close_matches(key, _KEYS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UsageError(f"{where}: unknown key {key!r}{hint}; known: {', '.join(_KEYS)}")
        values[key.replace("-", "_")] = _value(key, value, root, where)
    return Config(root=root, source=path, **values)  # type: ignore[arg-type]


def _read_toml(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except OSError as error:
        raise UsageError(f"{path}: cannot be read ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"{path}: not valid TOML ({error})") from None


def _table(data: dict[str, object], path: Path, required: bool) -> dict[str, object] | None:
    tool = data.get(TABLE[0])
    table = tool.get(TABLE[1]) if isinstance(tool, dict) else None
    if table is None:
        if required:
            raise UsageError(f"{path}: no [tool.toolsinspector] table")
        return None
    if not isinstance(table, dict):
        raise UsageError(f"{path}: [tool.toolsinspector] must be a table")
    return table


def _value(key: str, value: object, root: Path, where: str) -> object:
    kind, wanted = _KEYS[key]
    problem = UsageError(f"{where}: {key} must be {wanted}, not {value!r}")
    if kind == "bool":
        if not isinstance(value, bool):
            raise problem
        return value
    if kind == "path":
        if not isinstance(value, str) or not value:
            raise problem
        return root / value
    if kind == "paths":
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(i, str) and i for i in items):
            raise problem
        return tuple(root / i for i in items)
    if kind == "list":
        if not isinstance(value, list) or not all(isinstance(i, str) and i for i in value):
            raise problem
        return tuple(value)
    if kind == "style":
        if value not in _STYLES:
            raise problem
        return DocstringStyle(value)
    if value not in ("include", "exclude"):
        raise problem
    return value == "include"


def with_overrides(config: Config, **overrides: object) -> Config:
    """The configuration with command-line values (None = not given) taking precedence."""
    given = {k: v for k, v in overrides.items() if v is not None and v != ()}
    return replace(config, **given)  # type: ignore[arg-type]


@dataclass
class Generated:
    """Every file the configuration names, as it should be, plus what was noticed."""

    files: dict[Path, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


@contextlib.contextmanager
def _in_root(root: Path) -> Iterator[None]:
    """Run with the project root as working directory and on ``sys.path``, so targets and the
    locations written into tools.json are read as the project sees them."""
    before = Path.cwd()
    added = str(root) not in sys.path
    if added:
        sys.path.insert(0, str(root))
    os.chdir(root)
    try:
        yield
    finally:
        os.chdir(before)
        if added:
            sys.path.remove(str(root))


def generate(config: Config) -> Generated:
    """Scan the targets and produce tools.json, the classification file, each provider's file
    and the stubs, without writing anything; after a scan with errors, only tools.json."""
    from inspector import catalog as catalog_module
    from inspector import classification as classification_module
    from inspector.api import collector_paused
    from inspector.files import json_text

    if not config.targets:
        raise UsageError("no targets: give TARGET arguments or set targets in the config")
    result = Generated()
    existing = classification_module.load(config.classification_path)
    with _in_root(config.root), collector_paused():
        catalog, result.diagnostics = catalog_module.scan(
            list(config.targets), config.docstring_style
        )
        result.files[config.tools_path] = catalog_module.to_text(catalog)
    if has_errors(result.diagnostics):
        return result  # the caller reports them; nothing is compared or written
    merged = classification_module.merge(
        existing, catalog, include_new=config.include_new, prune=False
    )
    result.files[config.classification_path] = json_text(merged.classification)
    if config.providers:
        _render(config, catalog, merged.classification, result)
    if config.stubs is not None:
        from inspector.stubs import build_module, render_stubs

        module, notes = build_module(catalog, config.tools_path.name)
        result.diagnostics += notes
        result.files[config.stubs] = render_stubs(module, list(config.templates))
    return result


def _render(
    config: Config,
    catalog: Catalog,
    classification: dict[str, dict[str, bool]],
    result: Generated,
) -> None:
    from inspector.rendering import RenderOptions, organize, render

    tools, notes = organize(catalog, classification, config.classification_path)
    result.diagnostics += notes
    options = RenderOptions(
        strict=config.strict,
        template_dirs=list(config.templates),
        gemini_json_schema=config.gemini_json_schema,
    )
    for provider in config.providers:
        try:
            text, notes = render(provider, tools, options)
        except InspectorError as error:
            raise InspectorError(f"provider {provider}: {error}") from None
        result.diagnostics += notes
        result.files[config.provider_dir / f"{provider}.json"] = text
