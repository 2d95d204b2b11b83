"""attrs classes and msgspec ``Struct``s as records: objects of their fields, as dataclasses
are. Read through the library that made the class (imported, since the class exists), never
imported here: a class is one by its own marks (``__attrs_attrs__``, ``__struct_fields__``)."""

from __future__ import annotations

import dataclasses
import math
import operator
import re
import sys
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

from inspector.model import Json

NO_VALUE: typing.Final = object()
"""The default of a record field that has none (it is required)."""


@dataclass(frozen=True, slots=True)
class RecordField:
    """One field of a record.

    Attributes:
        name: Its name in JSON: the constructor's keyword for attrs (``_x`` is ``x``), the
            encoded name for msgspec (``rename=``).
        attribute: The attribute that holds it on an instance.
        hint: The type the library recorded (the class's resolved hints come first).
        default: The default value, ``NO_VALUE`` when there is none or a factory makes it.
        factory: The default factory, if any.
        constraints: What the library's validators allow, as JSON Schema keywords (``Annotated``
            metadata: ``{"minimum": 0}``, ``{"max_length": 5}``, named for the type when
            applied).
    """

    name: str
    attribute: str
    hint: object
    default: object = NO_VALUE
    factory: Callable[[], object] | None = None
    constraints: tuple[dict[str, Json], ...] = ()

    @property
    def required(self) -> bool:
        """Whether a value must be given."""
        return self.default is NO_VALUE and self.factory is None


def is_attrs(cls: type) -> bool:
    """A class made by attrs (``@attrs.define``, ``@attr.s``)."""
    return isinstance(getattr(cls, "__attrs_attrs__", None), tuple)


def is_struct(cls: type) -> bool:
    """A msgspec ``Struct``."""
    return isinstance(getattr(cls, "__struct_fields__", None), tuple) and hasattr(
        cls, "__struct_config__"
    )


def record_fields(cls: type) -> list[RecordField] | None:
    """The fields of an attrs class (those its constructor takes) or a msgspec ``Struct``;
    None for any other class."""
    if is_attrs(cls):
        return _attrs_fields(cls)
    if is_struct(cls):
        return _struct_fields(cls)
    return None


def init_fields(cls: type) -> list[dataclasses.Field[object]]:
    """A dataclass's fields that its constructor takes: a ``field(init=False)`` is computed by
    the class (in ``__post_init__``), never given, so it is no property (as attrs' are not)."""
    return [f for f in dataclasses.fields(cls) if f.init]


def init_field_names(cls: type) -> list[tuple[str, str]]:
    """A dataclass's fields that its constructor takes (``init_fields``), each as (the name its
    constructor takes, its attribute): a pydantic dataclass's field under its alias
    (``a: int = Field(alias="A")``: pydantic's ``__init__`` takes ``A``; see
    ``pydantic_init_name``), others as named."""
    infos = getattr(cls, "__pydantic_fields__", None)
    aliases: dict[str, object] = infos if isinstance(infos, dict) else {}
    return [(pydantic_init_name(aliases.get(f.name), f.name), f.name) for f in init_fields(cls)]


def pydantic_init_name(info: object, attribute: str) -> str:
    """The keyword a pydantic dataclass's ``__init__`` takes a field by: its
    ``validation_alias`` when that is text (or ``AliasChoices`` whose first choice is), else
    its ``alias``, else the attribute's name
    (``info``: pydantic's ``FieldInfo``, None for a field it does not list)."""
    for kind in ("validation_alias", "alias"):
        name = getattr(info, kind, None)
        choices = getattr(name, "choices", None)  # ``AliasChoices("c", "cnt")``: its first
        if isinstance(choices, list) and choices and isinstance(choices[0], str):
            name = choices[0]
        if isinstance(name, str) and name:
            return name
    return attribute


def private_fields(cls: type) -> frozenset[str]:
    """The names of a dataclass's, attrs class's or msgspec struct's fields that are private
    by their own name (a leading underscore: ``_token``): internal state a result keeps to
    itself (huggingface_hub's ``InferenceEndpoint._api``). An attrs ``_label`` is made from
    ``label``, a public name; a TypedDict's ``_id`` or a NamedTuple's field is data."""
    if dataclasses.is_dataclass(cls):
        return frozenset(name for name, attribute in init_field_names(cls) if attribute[:1] == "_")
    records = record_fields(cls)
    return frozenset(f.name for f in records or () if f.name.startswith("_"))


def _attrs_fields(cls: type) -> list[RecordField]:
    attr = sys.modules.get("attr")
    nothing = getattr(attr, "NOTHING", None)
    factory_class = getattr(attr, "Factory", None)
    attributes = getattr(cls, "__attrs_attrs__", ())
    # the validators' table is made only for a class with one (the Toolbox reads the fields
    # at every call)
    validators = None
    if any(attribute.validator is not None for attribute in attributes):
        validators = _AttrsValidators(sys.modules.get("attr.validators"))
    found = []
    for attribute in attributes:
        if not attribute.init:
            continue
        name = getattr(attribute, "alias", None) or attribute.name.lstrip("_")
        default, factory = attribute.default, None
        if isinstance(factory_class, type) and isinstance(default, factory_class):
            # a factory of ``self`` runs only in the constructor: no value known before
            made_by: typing.Any = default
            factory = None if made_by.takes_self else made_by.factory
            default = NO_VALUE
        elif default is nothing:
            default = NO_VALUE
        hint = attribute.type if attribute.type is not None else typing.Any
        constraints = tuple(validators.keywords(attribute.validator)) if validators else ()
        found.append(RecordField(name, attribute.name, hint, default, factory, constraints))
    return found


_BOUNDS = {
    operator.ge: "minimum",
    operator.gt: "exclusiveMinimum",
    operator.le: "maximum",
    operator.lt: "exclusiveMaximum",
}


class _AttrsValidators:
    """attrs' own validators read as the JSON Schema keywords they enforce (``ge(0)`` is
    ``minimum: 0``); any other validator (a user's function, ``instance_of``, ``not_``) adds
    none. Each kind is known by the class attrs' public function makes, not by its name."""

    def __init__(self, module: ModuleType | None) -> None:
        self.kinds: dict[type, str] = {}
        if module is None:
            return
        made = {
            "bound": lambda: module.ge(0),
            "max": lambda: module.max_len(0),
            "min": lambda: module.min_len(0),
            "in": lambda: module.in_(()),
            "re": lambda: module.matches_re(""),
            "and": module.and_,
            "optional": lambda: module.optional(lambda *_: None),
        }
        for kind, make in made.items():
            try:
                self.kinds[type(make())] = kind
            except (AttributeError, TypeError):  # an older attrs without it: not read
                continue

    def keywords(self, validator: object) -> Iterator[dict[str, Json]]:
        """The keywords of one field's validator (``and_`` and ``optional`` read through)."""
        kind = self.kinds.get(type(validator))
        found: typing.Any = validator
        if kind == "and":
            for part in getattr(found, "_validators", ()):
                yield from self.keywords(part)
        elif kind == "optional":  # the hint says None; the rest holds for the other values
            for inner in self.keywords(found.validator):
                values = inner.get("enum")
                if isinstance(values, list) and None not in values:
                    yield {**inner, "enum": [*values, None]}
                else:
                    yield inner
        elif kind == "bound" and found.compare_func in _BOUNDS and _is_number(found.bound):
            yield {_BOUNDS[found.compare_func]: found.bound}
        elif kind in ("max", "min"):
            length = found.max_length if kind == "max" else found.min_length
            if isinstance(length, int) and not isinstance(length, bool):
                yield {"max_length" if kind == "max" else "min_length": length}
        elif kind == "in":
            # the options as given: attrs keeps a set's items as a tuple in ``options``, in an
            # order of the hashes of the run (text hashes change between runs)
            values = _listed_options(getattr(found, "_original_options", found.options))
            if values is not None:
                yield {"enum": values}
        elif kind == "re":
            pattern = _json_pattern(found.pattern, found.match_func)
            if pattern is not None:
                yield {"pattern": pattern}


def _is_number(value: object) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


def _listed_options(options: object) -> list[Json] | None:
    """``in_``'s options as an enum: a sequence or set of JSON scalars (a set sorted, for one
    order every run); None for others (``in_("abc")`` takes any part of
    the text)."""
    if not isinstance(options, list | tuple | set | frozenset):
        return None
    values = list(options)
    if not all(v is None or isinstance(v, str | int | bool) or _is_number(v) for v in values):
        return None
    if isinstance(options, set | frozenset):
        try:
            values.sort()  # {10, 9}: [9, 10]
        except TypeError:  # values of several types: by their text, one order every run
            values.sort(key=repr)
    return values


_PYTHON_ONLY = re.compile(r"\(\?P|\(\?#|\(\?[aiLmsux-]+[:)]|\\[AZ]")
"""Regular-expression syntax of Python's that a JSON Schema pattern (ECMA 262) does not read:
``(?P<name>...)``, comments, inline flags, the escapes of the text's start and end (A, Z)."""


def _json_pattern(pattern: object, match: object) -> str | None:
    """``matches_re``'s regular expression as a JSON Schema ``pattern``, which searches: a
    ``fullmatch`` (attrs' default) anchored at both ends, a ``match`` at the start; None for
    flags a pattern cannot carry (``re.IGNORECASE``) and Python's own syntax (``_PYTHON_ONLY``)."""
    if not isinstance(pattern, re.Pattern) or not isinstance(pattern.pattern, str):
        return None
    if pattern.flags & ~re.UNICODE or _PYTHON_ONLY.search(pattern.pattern):
        return None
    if match == pattern.fullmatch:
        return f"^(?:{pattern.pattern})$"
    if match == pattern.match:
        return f"^(?:{pattern.pattern})"
    return pattern.pattern if match == pattern.search else None


def _struct_fields(cls: type) -> list[RecordField]:
    structs = sys.modules.get("msgspec.structs")
    msgspec = sys.modules.get("msgspec")
    nodefault = getattr(msgspec, "NODEFAULT", None)
    found = []
    for info in structs.fields(cls) if structs is not None else ():
        default = NO_VALUE if info.default is nodefault else info.default
        factory = None if info.default_factory is nodefault else info.default_factory
        found.append(RecordField(info.encode_name, info.name, info.type, default, factory))
    return found


def struct_convert(cls: type) -> Callable[[object], object] | None:
    """msgspec's own conversion of JSON values into a ``Struct`` (its names, constraints and
    messages), for a ``Struct``; None for any other class."""
    msgspec = sys.modules.get("msgspec")
    convert = getattr(msgspec, "convert", None)
    if not is_struct(cls) or not callable(convert):
        return None
    return lambda value: convert(value, cls)
