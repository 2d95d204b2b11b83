"""The project's ``[tool.toolsinspector]`` configuration: what to generate, and where."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from inspector.codes import ignored_codes
from inspector.diagnostics import UsageError, did_you_mean
from inspector.files.new_entries import CHOICES, NewMethods
from inspector.scan.docstrings import DocstringStyle

TABLE = ("tool", "toolsinspector")
_STYLES = tuple(style.value for style in DocstringStyle)


class ServeConfig(NamedTuple):
    """``[tool.toolsinspector.serve]``: what ``toolsinspector serve`` serves, and how."""

    targets: tuple[str, ...] = ()
    classification: Path | None = None
    factory: str | None = None
    mcp_annotations: Path | None = None
    http: str | None = None
    watch: bool = False
    name: str | None = None
    all: bool = False
    context: tuple[tuple[str, str], ...] = ()
    token_env: str | None = None
    parallel: bool = False
    timeout: float | None = None
    errors: str | None = None
    max_result_chars: int | None = None
    approve_destructive: bool = False
    search: bool = False
    defer: tuple[str, ...] = ()


class Config(NamedTuple):
    """What to generate; paths are absolute (relative ones are read against ``root``)."""

    root: Path
    targets: tuple[str, ...] = ()
    tools: Path | None = None
    classification: Path | None = None
    providers: tuple[str, ...] = ()
    out_dir: Path | None = None
    strict: bool = False
    docstring_style: DocstringStyle = DocstringStyle.AUTO
    templates: tuple[Path, ...] = ()
    stubs: Path | None = None
    new: NewMethods = NewMethods.INCLUDE
    gemini_json_schema: bool = False
    cache: bool = False
    max_tool_tokens: int | None = None
    max_file_tokens: int | None = None
    ignore: tuple[str, ...] = ()
    defer: tuple[str, ...] = ()
    serve: ServeConfig = ServeConfig()
    source: Path | None = None

    @property
    def include_new(self) -> bool:
        """Whether a method new to the classification file is included (``new``)."""
        return self.new.include

    @property
    def include_destructive(self) -> bool:
        """Whether a new method with a destructive name is included (``new = "include-all"``)."""
        return self.new.include_destructive

    @property
    def tools_path(self) -> Path:
        """The tools file (default ``tools.json`` in the root)."""
        return self.tools or self.root / "tools.json"

    @property
    def classification_path(self) -> Path:
        """The classification file (default beside the tools file)."""
        from inspector.files.classification import default_path

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
    "new": ("new", '"include", "exclude" or "include-all"'),
    "gemini-json-schema": ("bool", "true or false"),
    "cache": ("bool", "true or false"),
    "max-tool-tokens": ("int", "a whole number of tokens (0: no budget)"),
    "max-file-tokens": ("int", "a whole number of tokens (0: no budget)"),
    "ignore": ("codes", 'a list of diagnostic codes such as "TI204"'),
    "defer": ("list", 'a list of tool-name patterns such as "connect_*"'),
    "serve": ("serve", "a table of serve settings"),
}
"""Every key of the table: its kind and how an error describes what it must be."""

_FIELDS: dict[str, str] = {}
"""Keys whose ``Config`` field is not the key with ``_`` for ``-``."""


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
            hint = did_you_mean(key, _KEYS)
            raise UsageError(f"{where}: unknown key {key!r}{hint}; known: {', '.join(_KEYS)}")
        values[_FIELDS.get(key, key.replace("-", "_"))] = _value(key, value, root, where)
    return Config(root=root, source=path, **values)  # type: ignore[arg-type]


def _read_toml(path: Path) -> dict[str, object]:
    import tomllib  # here: only a directory with a pyproject.toml above it needs it (about 3 ms)

    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except OSError as error:
        raise UsageError(f"{path}: cannot be read ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise UsageError(f"{path}: not valid TOML ({error})") from None
    except UnicodeDecodeError as error:  # TOML is UTF-8; tomllib lets the decoder's error out
        raise UsageError(
            f"{path}: not valid TOML (not UTF-8: {error.reason} at byte {error.start})"
        ) from None


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
    if _KEYS[key][0] == "serve":
        return _serve_table(value, root, where)
    return _typed(_KEYS[key], key, value, root, where)


def _typed(rule: tuple[str, str], key: str, value: object, root: Path, where: str) -> object:
    kind, wanted = rule
    problem = UsageError(f"{where}: {key} must be {wanted}, not {value!r}")
    if kind == "text":
        if not isinstance(value, str) or not value:
            raise problem
        return value
    if kind == "seconds":
        if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
            raise problem
        return float(value)
    if kind == "count":
        if isinstance(value, bool) or not isinstance(value, int) or not value > 0:
            raise problem
        return value
    if kind == "texts":
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise problem
        return tuple(sorted(value.items()))
    if kind == "errors":
        if value not in ("show", "mask"):
            raise problem
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise problem
        return value
    if kind == "int":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
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
    if kind == "codes":
        if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
            raise problem
        return tuple(sorted(ignored_codes(value, f"{where}: ignore")))
    if kind == "style":
        if value not in _STYLES:
            raise problem
        return DocstringStyle(value)
    if value not in CHOICES:
        raise problem
    return NewMethods(value)


_SERVE_KEYS: dict[str, tuple[str, str]] = {
    "targets": ("list", 'a list of targets such as "pkg/mod.py:Class"'),
    "classification": ("path", "a path"),
    "factory": ("text", 'a "module:callable" text'),
    "mcp-annotations": ("path", "a path"),
    "http": ("text", 'a "[HOST:]PORT" text'),
    "watch": ("bool", "true or false"),
    "name": ("text", "a text"),
    "all": ("bool", "true or false"),
    "context": ("texts", "a table of texts"),
    "token-env": ("text", "the name of an environment variable"),
    "parallel": ("bool", "true or false"),
    "timeout": ("seconds", "seconds above 0"),
    "errors": ("errors", '"show" or "mask"'),
    "max-result-chars": ("count", "a whole number above 0"),
    "approve-destructive": ("bool", "true or false"),
    "search": ("bool", "true or false"),
    "defer": ("list", 'a list of tool-name patterns such as "connect_*"'),
}
"""Every key of the ``serve`` table: its kind and what it must be."""


def _serve_table(table: object, root: Path, where: str) -> ServeConfig:
    where = f"{where[:-1]}.serve]" if where.endswith("]") else f"{where}: serve"
    if not isinstance(table, dict):
        raise UsageError(f"{where} must be a table")
    values: dict[str, object] = {}
    for key, value in table.items():
        if key not in _SERVE_KEYS:
            hint = did_you_mean(key, _SERVE_KEYS)
            raise UsageError(f"{where}: unknown key {key!r}{hint}; known: {', '.join(_SERVE_KEYS)}")
        values[key.replace("-", "_")] = _typed(_SERVE_KEYS[key], key, value, root, where)
    return ServeConfig(**values)  # type: ignore[arg-type]


def project_identity(path: Path | None) -> tuple[str | None, str]:
    """The ``[project]`` name and version of a pyproject.toml (None and "" when not there)."""
    if path is None or path.name != "pyproject.toml":
        return None, ""
    project = _read_toml(path).get("project")
    if not isinstance(project, dict):
        return None, ""
    name, version = project.get("name"), project.get("version")
    return (
        name if isinstance(name, str) and name else None,
        version if isinstance(version, str) else "",
    )


def with_overrides(config: Config, **overrides: object) -> Config:
    """The configuration with command-line values (None = not given) taking precedence."""
    given = {k: v for k, v in overrides.items() if v is not None and v != ()}
    return config._replace(**given)  # type: ignore[arg-type]
