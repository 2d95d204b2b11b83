"""Structural rows of the type table: containers (arrays, sets, tuples, mappings) and classes
with fields (dataclass, TypedDict, NamedTuple, pydantic model, attrs class, msgspec Struct),
which travel as JSON objects."""

from __future__ import annotations

import collections
import collections.abc as cabc
import dataclasses
import enum
import inspect
import sys
import typing
from typing import NamedTuple

from inspector.model import MISSING, Json, _Missing
from inspector.typetable.records import (
    NO_VALUE,
    RecordField,
    init_field_names,
    init_fields,
    is_attrs,
    is_struct,
    pydantic_init_name,
    record_fields,
)
from inspector.typetable.values import default_json


class Container(enum.Enum):
    """How a container travels: ``ARRAY`` (``items``), ``SET`` (``uniqueItems``), ``TUPLE``
    (``prefixItems`` or ``items``) or ``MAPPING`` (``additionalProperties``)."""

    ARRAY = "array"
    SET = "set"
    TUPLE = "tuple"
    MAPPING = "mapping"


ONE_SHOT: frozenset[object] = frozenset(
    {cabc.Iterator, cabc.Generator, cabc.AsyncIterator, cabc.AsyncGenerator}
)
"""Array origins a method consumes once: the Toolbox hands it an iterator over the items."""
_CONTAINERS: dict[object, Container] = {
    **dict.fromkeys(
        (
            *(list, cabc.Sequence, cabc.MutableSequence, cabc.Iterable, cabc.Collection),
            *(cabc.Container, cabc.Reversible, cabc.Sized, *ONE_SHOT),
        ),
        Container.ARRAY,
    ),
    **dict.fromkeys((set, frozenset, cabc.Set, cabc.MutableSet), Container.SET),
    tuple: Container.TUPLE,
    **dict.fromkeys((dict, cabc.Mapping, cabc.MutableMapping), Container.MAPPING),
}


class Structure(NamedTuple):
    """One structural row of the type table, for the documentation."""

    python: str
    schema: str
    reads: str
    writes: str
    stub: str


STRUCTURES: tuple[Structure, ...] = (
    Structure(
        "list, Sequence, Iterable, Collection, Container, Reversible, Sized [X]",
        '{"type": "array", "items": X}',
        "a list",
        "an array",
        "list[X]",
    ),
    Structure(
        "Iterator, Generator [X]",
        '{"type": "array", "items": X}',
        "an iterator over a list",
        "an array (the iterator is consumed)",
        "list[X]",
    ),
    Structure(
        "set, frozenset, AbstractSet [X]",
        '{"type": "array", "items": X, "uniqueItems": true}',
        "a set (frozenset for frozenset)",
        "an array, sorted by JSON text",
        "set[X]",
    ),
    Structure(
        "tuple[X, Y]",
        '{"type": "array", "prefixItems": [X, Y], "minItems": 2, "maxItems": 2}',
        "a tuple of exactly that length",
        "an array",
        "tuple[X, Y]",
    ),
    Structure("tuple[X, ...]", '{"type": "array", "items": X}', "a tuple", "an array", "list[X]"),
    Structure(
        "dict, Mapping [K, X]",
        '{"type": "object", "additionalProperties": X}; keys of another type than str add'
        ' "propertyNames": the texts they are read from ({"enum": [...]} for a Literal or an'
        ' enum, {"pattern": ...} for int and float, {"format": ...} for a UUID or a date)',
        "a dict, each key read as K from its text; a dict subclass (OrderedDict, datasets'"
        " Features) made from it (defaultdict: made empty, with the factory its value type names"
        " when that type is made with no argument, list for list[int], then filled; one whose"
        " constructor does not take the pairs: the dict; one whose constructor wants more than"
        " a mapping, pypdf's Destination(title, page, fit): no JSON form)",
        "an object (keys: strings; other keys as their JSON text: 1, true)",
        "dict[str, X]",
    ),
    Structure(
        "X | None, Optional[X], Union[X, Y]",
        '{"anyOf": [X, Y]} or {"type": [..., "null"]}',
        "the first option that fits; null is None",
        "the value's own form",
        "X | Y",
    ),
    Structure(
        "str | bytes, str | Path, str | X (X sent as a string)",
        '{"type": "string"}',
        "the str",
        "the value's own form",
        "str",
    ),
    Structure(
        "your own typing.Protocol",
        "the form of the one JSON type (object, array, string, ...) with all its members",
        "a dict, list, str, bytes, int or float",
        "the value's own form",
        "that type",
    ),
    Structure(
        "Literal[...], Enum, IntEnum, StrEnum",
        '{"type": ..., "enum": [values]}',
        "the Literal value or the Enum member",
        "the value (an Enum member: its value)",
        "Literal[...]",
    ),
    Structure(
        "Flag, IntFlag",
        '{"type": "array", "items": {"enum": [values]}, "uniqueItems": true}',
        "the members combined",
        "an array of the members' values",
        "set[Literal[...]]",
    ),
    Structure(
        "dataclass, NamedTuple, pydantic model, attrs class, msgspec Struct",
        '{"type": "object", "title": ..., "properties": ..., "required": ...}',
        "an instance (pydantic: through model_validate; msgspec: through msgspec.convert; "
        "attrs: its validators run)",
        "an object of its fields",
        "a dataclass or TypedDict",
    ),
    Structure(
        "TypedDict", '{"type": "object", "properties": ...}', "a dict", "an object", "TypedDict"
    ),
)


def container_of(origin: object) -> Container | None:
    """The container kind of a generic origin or bare class, if it is one."""
    try:
        kind = _CONTAINERS.get(origin)
    except TypeError:  # unhashable
        return None
    if kind is None and isinstance(origin, type) and issubclass(origin, dict):
        return Container.MAPPING
    return kind


def type_arguments(cls: type, arguments: tuple[object, ...]) -> dict[object, object]:
    """What the type arguments of a generic class's hint (``Page[User]``) make its type
    parameters (``T``: ``User``); none when they are not one per plain TypeVar (a
    ``ParamSpec`` takes a list, a ``TypeVarTuple`` any number)."""
    parameters = getattr(cls, "__parameters__", ())
    if len(parameters) != len(arguments) or not all(
        type(parameter) is typing.TypeVar for parameter in parameters
    ):
        return {}
    return dict(zip(parameters, arguments, strict=True))


_MADE_EMPTY: dict[object, type] = {
    **{
        kind: kind
        for kind in (
            *(list, set, frozenset, dict, str, bytes, bool, int, float),
            *(collections.Counter, collections.OrderedDict, collections.deque),
        )
    },
    collections.abc.Sequence: list,
    collections.abc.MutableSequence: list,
    collections.abc.Set: set,
    collections.abc.MutableSet: set,
    collections.abc.Mapping: dict,
    collections.abc.MutableMapping: dict,
}
"""The types a ``defaultdict``'s values may be made of with no argument, and the class that
makes them (an abstract collection's plain one)."""


def empty_value_factory(hint: object) -> type | None:
    """The factory of a ``defaultdict`` whose values the hint types: what makes an empty value
    of it (``list`` for ``list[int]`` and ``Sequence[int]``, ``int`` for ``int``), or None
    (no factory: a missing key is a ``KeyError``) for another type, whose constructor may
    want arguments or do more than make a value. A method that fills the mapping
    (``groups[key].append(x)``) then works on any key the model did not give."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    origin = typing.get_origin(hint) or hint
    if origin is tuple:  # ``()`` is a value of ``tuple[int, ...]``, not of ``tuple[int, int]``
        items = tuple_items(hint)
        return tuple if items is None or not items or items[-1] is Ellipsis else None
    try:
        return _MADE_EMPTY.get(origin)
    except TypeError:  # an unhashable hint (a field object): no factory
        return None


def tuple_items(hint: object) -> tuple[object, ...] | None:
    """The item types of a tuple hint (``tuple[int, str]``, ``tuple[()]``: none, ``tuple[int,
    ...]`` with its ``...``); None for a bare ``tuple`` or ``typing.Tuple``, of any items.
    Both kinds have no arguments to ``typing.get_args``: only a parametrized one has
    ``__args__``."""
    args = getattr(hint, "__args__", None)
    if typing.get_origin(hint) is not tuple or not isinstance(args, tuple):
        return None
    return () if args == ((),) else args


_TYPED_DICT_QUALIFIERS = frozenset(
    q for q in (typing.Required, typing.NotRequired, getattr(typing, "ReadOnly", None)) if q
)
_EMPTY_FACTORIES: frozenset[object] = frozenset({list, dict, set, frozenset, tuple})
"""Dataclass default factories whose value is known without calling user code."""


def has_fields(cls: type) -> bool:
    """Whether a class travels as an object of its fields."""
    return (
        dataclasses.is_dataclass(cls)
        or is_typeddict(cls)
        or (issubclass(cls, tuple) and hasattr(cls, "_fields"))
        or isinstance(getattr(cls, "model_fields", None), dict)
        or is_attrs(cls)
        or is_struct(cls)
    )


NOT_MADE_FROM_PAIRS = "{}'s own __init__ does not take a dict"
"""Why a ``dict`` subclass whose constructor wants more than a mapping has no JSON form."""


def made_from_pairs(cls: type) -> bool:
    """Whether a ``dict`` subclass is made of the pairs a model sends, as the Toolbox makes it:
    its constructor takes one mapping (``OrderedDict``, datasets' ``Features``), or it is a
    ``defaultdict`` (made empty, then filled). pypdf's ``Destination(title, page, fit)`` wants
    more than a mapping: no argument of it is made of a JSON object. Constructors ``inspect``
    cannot read are taken to take one."""
    if cls is dict or not issubclass(cls, dict) or issubclass(cls, collections.defaultdict):
        return True
    try:
        inspect.signature(cls).bind({})
    except ValueError:  # no signature to read
        return True
    except TypeError:  # a mapping alone does not call it
        return False
    return True


def made_from_fields(cls: type) -> bool:
    """Whether the class's constructor takes its fields by name, as the Toolbox passes them: a
    dataclass or attrs class whose own ``__init__`` takes something else (chromadb's
    ``Schema.__init__(self)``, which sets the fields itself) is made of no fields a model
    gives. Classes of other kinds, and constructors ``inspect`` cannot read, are."""
    if dataclasses.is_dataclass(cls) and isinstance(
        getattr(cls, "__pydantic_fields__", None), dict
    ):
        return True  # pydantic's ``__init__`` validates its fields by their aliases, whatever
        # signature it shows (``AliasChoices``: ``count``, where it takes ``c``)
    if dataclasses.is_dataclass(cls):
        names = [name for name, _ in init_field_names(cls)]
    elif is_attrs(cls):
        names = [f.name for f in record_fields(cls) or ()]
    else:
        return True
    try:
        parameters = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        return True
    kinds = {p.kind for p in parameters.values()}
    if inspect.Parameter.VAR_KEYWORD in kinds:
        return True
    by_name = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return all(n in parameters and parameters[n].kind in by_name for n in names)


FieldRow = tuple[str, object, bool, Json | _Missing]
"""(JSON name, hint, required, default as JSON or MISSING)."""


def field_rows(cls: type, hints: dict[str, object] | None = None) -> list[FieldRow]:
    """(name, hint, required, default) for each field of a structured class; ``hints``, when
    given, are the fields' hints already resolved."""
    if isinstance(getattr(cls, "model_fields", None), dict):
        return _pydantic_rows(cls.model_fields)  # type: ignore[attr-defined]
    pydantic_fields = getattr(cls, "__pydantic_fields__", None)
    if dataclasses.is_dataclass(cls) and isinstance(pydantic_fields, dict):
        # a pydantic dataclass: its fields as pydantic reads them (a ``Field(...)`` default is
        # pydantic's description of the field, not a value; the alias is what it takes)
        taken = {f.name for f in init_fields(cls)}
        fields = {k: v for k, v in pydantic_fields.items() if k in taken}
        return _pydantic_rows(fields, pydantic_init_name)
    if hints is None:
        hints = typing.get_type_hints(cls, include_extras=True)
    records = record_fields(cls)
    if records is not None:
        return [
            (
                f.name,
                _constrained(hints.get(f.attribute, f.hint), f),
                f.required,
                _record_default(f),
            )
            for f in records
        ]
    if dataclasses.is_dataclass(cls):
        rows: list[FieldRow] = []
        for f in init_fields(cls):
            has_default = f.default is not dataclasses.MISSING
            has_factory = f.default_factory is not dataclasses.MISSING
            default = default_json(f.default) if has_default else MISSING
            factory: typing.Any = f.default_factory
            if has_factory and factory in _EMPTY_FACTORIES:
                default = default_json(factory())
            required = not (has_default or has_factory)
            rows.append((f.name, hints.get(f.name, typing.Any), required, default))
        return rows
    if is_typeddict(cls):
        required_keys: frozenset[str] = getattr(cls, "__required_keys__", frozenset())
        return [
            (n, strip_required(h), _typed_dict_required(h, n in required_keys), MISSING)
            for n, h in hints.items()
        ]
    defaults: dict[str, object] = getattr(cls, "_field_defaults", {})
    field_names: tuple[str, ...] = getattr(cls, "_fields", ())
    return [
        (
            n,
            hints.get(n, typing.Any),
            n not in defaults,
            default_json(defaults[n]) if n in defaults else MISSING,
        )
        for n in field_names
    ]


def _constrained(hint: object, record: RecordField) -> object:
    """A record field's hint with what its validators allow as metadata, as a pydantic field's
    constraints are (an attrs ``ge(0)`` is a ``minimum`` in the schema)."""
    if not record.constraints:
        return hint
    return typing.Annotated[(hint, *record.constraints)]


def _record_default(record: RecordField) -> Json | _Missing:
    """An attrs or msgspec field's default as JSON (an empty factory's value too)."""
    if record.default is not NO_VALUE:
        return default_json(record.default)
    if record.factory is not None and record.factory in _EMPTY_FACTORIES:
        return default_json(record.factory())
    return MISSING


def _pydantic_alias(info: typing.Any, attribute: str) -> str:
    return info.alias or attribute


def _pydantic_rows(
    model_fields: dict[str, typing.Any],
    named: typing.Callable[[typing.Any, str], str] = _pydantic_alias,
) -> list[FieldRow]:
    """A pydantic model's (or pydantic dataclass's) fields, each by the name ``named`` gives
    it (a model's: its alias; ``model_validate`` takes the validation alias, see the
    Toolbox; a dataclass's: the keyword its ``__init__`` takes)."""
    rows: list[FieldRow] = []
    for name, info in model_fields.items():
        hint: object = info.annotation
        metadata = list(info.metadata)
        if info.description:
            metadata.insert(0, info.description)
        if metadata:
            hint = typing.Annotated[(hint, *metadata)]
        required = bool(info.is_required())
        default = MISSING if required or info.default_factory else default_json(info.default)
        rows.append((named(info, name), hint, required, default))
    return rows


def field_attributes(cls: type) -> dict[str, str]:
    """A record's fields whose JSON name is not their attribute's, by that name: a pydantic
    alias (``count: int = Field(alias="Count")``: ``Count`` → ``count``), attrs' ``label`` of
    ``_label``, msgspec's renamed fields. A docstring and the class body document the
    attribute."""
    model_fields = getattr(cls, "model_fields", None)
    if isinstance(model_fields, dict):
        named = {_pydantic_alias(info, name): name for name, info in model_fields.items()}
    elif dataclasses.is_dataclass(cls):
        named = dict(init_field_names(cls))
    else:
        named = {f.name: f.attribute for f in record_fields(cls) or ()}
    return {name: attribute for name, attribute in named.items() if name != attribute}


def _typed_dict_required(hint: object, by_totality: bool) -> bool:
    """``Required``/``NotRequired`` win; Python 3.11 misses them in ``__required_keys__`` when
    annotations are strings (``from __future__ import annotations``)."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated or is_read_only(hint):
        return _typed_dict_required(typing.get_args(hint)[0], by_totality)
    if origin is typing.Required:
        return True
    if origin is typing.NotRequired:
        return False
    return by_totality


def strip_required(hint: object) -> object:
    """A TypedDict field hint without ``Required``/``NotRequired``/``ReadOnly``."""
    while typing.get_origin(hint) in _TYPED_DICT_QUALIFIERS or is_read_only(hint):
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) is typing.Annotated:
        inner, *metadata = typing.get_args(hint)
        return typing.Annotated[(strip_required(inner), *metadata)]
    return hint


def is_typeddict(cls: object) -> bool:
    """A TypedDict of ``typing`` or of ``typing_extensions`` (its own class before 3.13)."""
    if typing.is_typeddict(cls):
        return True
    extensions = sys.modules.get("typing_extensions")
    return extensions is not None and bool(extensions.is_typeddict(cls))


def is_read_only(hint: object) -> bool:
    """``typing_extensions.ReadOnly[X]`` (typing has it only from 3.13)."""
    extensions = sys.modules.get("typing_extensions")
    read_only = getattr(extensions, "ReadOnly", None)
    return read_only is not None and typing.get_origin(hint) is read_only
