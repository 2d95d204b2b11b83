"""Python type hints → model types, following DESIGN.md's type table.

``TypeMapper.map`` dispatches on the kind of hint; anything it cannot express becomes "any
value" (or, for a result, its text) and a note. ``map_parameter``, ``map_result`` and
``map_member`` give what was found as data (``Mapped``: the type, whether the hint has a JSON
form, the notes a caller reports), so no caller reads a note to decide. ``Annotated`` metadata
(descriptions, pydantic ``Field`` and annotated-types constraints, JSON Schema keywords) becomes
keywords of the type it annotates.
"""

from __future__ import annotations

import collections.abc as cabc
import contextlib
import enum
import functools
import inspect
import operator
import re
import types
import typing
from collections.abc import Callable
from typing import NamedTuple

from inspector import codes
from inspector.diagnostics import NAMED, InspectorError, clipped, listed, stable_repr
from inspector.files.schemas import parse_schema
from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    EnumType,
    Field,
    Json,
    Keywords,
    NullType,
    ObjectType,
    RefType,
    SchemaType,
    StringType,
    walk,
)
from inspector.scan.aliases import alias_value, applied_alias_value, map_parts
from inspector.scan.annotated import apply_metadata, is_json_schema_override, read_metadata
from inspector.scan.context import ScanContext
from inspector.scan.docstrings import parse_docstring
from inspector.scan.enum_names import enum_names, with_enum_names
from inspector.scan.mapping_keys import (
    NO_KEYS_OF,
    NO_SET_HOLDS,
    any_text,
    is_text,
    key_names,
    key_texts,
    text_bounds,
    unhashable,
)
from inspector.scan.resolution import record_bindings
from inspector.typetable.protocols import generic_stand_in, stand_in, stands_in_for_results
from inspector.typetable.records import private_fields
from inspector.typetable.scalars import number_row, scalar_for
from inspector.typetable.structures import (
    NOT_MADE_FROM_PAIRS,
    Container,
    container_of,
    field_attributes,
    has_fields,
    made_from_fields,
    made_from_pairs,
    tuple_items,
)
from inspector.typetable.unions import as_booleans, union_forms
from inspector.typetable.values import (
    enum_json,
    is_flag,
    literal_json,
    value_json,
)

_ANY_HINTS: frozenset[object] = frozenset({typing.Any, object})


MAX_NESTING = 100
"""Classes nested deeper than this (a field's class, its field's class...) are not read: any
value is accepted there (TI116). Deeper types than real code writes, and the scan stays within
Python's default recursion limit, which it never changes."""


class Note(NamedTuple):
    """What a diagnostic is to say about a mapped hint: its code and message; for a type with
    no JSON form for a reason of its own, the reason (``Output is abstract: ...``), which the
    diagnostic of a parameter left out or uncallable for it repeats."""

    code: str
    message: str
    why: str = ""


class Mapped(NamedTuple):
    """What the mapper found for a hint."""

    schema: SchemaType
    description: str | None = None
    """The description ``Annotated`` metadata gives (``map_parameter``, ``map_result``)."""
    json_form: bool = True
    """False when the hint has no JSON form: the "any value" of ``schema`` stands for a type
    JSON cannot carry (not for ``Any``), or, for a parameter, only ``null`` is left of a union
    whose other members have none."""
    notes: tuple[Note, ...] = ()
    """What was noticed, in order, for the caller to report."""


_Mode = tuple[bool, bool]
"""What a hint is mapped for: (a result, a parameter's docstring type)."""
_State = tuple[list[Note], int, int, bool, bool]


class _FormlessPart(Exception):
    """A parameter's container item or value type has no JSON form (``why``)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class TypeMapper:
    """Maps hints to types for one scan (its ``context``); recursive classes end up in
    ``definitions`` as ``$defs``."""

    def __init__(self, context: ScanContext | None = None) -> None:
        self.context = context if context is not None else ScanContext()
        self.definitions: dict[str, SchemaType] = {}
        self._notes: list[Note] = []
        """The notes of the hint being mapped."""
        self._unformed = 0
        """Parts of it mapped to "any value" for having no JSON form (not left out of a union)."""
        self._nulled = 0
        """Unions in it that left out members without a JSON form (TI123)."""
        self._in_progress: dict[object, str] = {}
        """Classes and aliases being mapped → their definition name, should they recur."""
        self._recursive: set[object] = set()
        self._class_cache: dict[tuple[object, _Mode], SchemaType] = {}
        """Per class (with its type arguments) and mode (``_mode``)."""
        self._defined: dict[object, str] = {}
        self._hint_cache: dict[tuple[object, _Mode], SchemaType] = {}
        """Per mode (``_mode``): a record's field of no JSON form is text only in results."""
        self._results = False
        """Mapping a return value (``map_result``)."""
        self._loose = False
        """Mapping a parameter's type read from its docstring (``map_parameter(loose=True)``)."""
        self._same_hint: dict[tuple[int, _Mode], tuple[object, SchemaType]] = {}  # by id, mode
        self._noted: dict[tuple[object, _Mode], tuple[SchemaType, tuple[Note, ...], int, int]] = {}
        """Hints whose mapping only added notes (a union member with no JSON form, a type with
        none), per mode (``_mode``): the type, the notes, what the two counts grew by."""
        self._handlers = self._dispatch()

    def take_definitions(self) -> dict[str, SchemaType]:
        """The definitions gathered since the last call, then reset for the next tool."""
        gathered = self.definitions
        self.definitions, self._defined = {}, {}
        return gathered

    def map_parameter(self, hint: object, *, loose: bool = False) -> Mapped:
        """The type of a parameter or field hint, with its ``Annotated`` description apart.
        ``loose``: the hint was read from a docstring's prose (pandas' "Mapping of column name
        -> data type"), so a container whose items have no JSON form stays a container of any
        item (the library may take what the prose did not name) instead of having none."""
        return self._mapped(hint, results=False, loose=loose)

    def map_result(self, hint: object) -> Mapped:
        """Like ``map_parameter``, for a return value: a type with no JSON form is the text a
        model gets for it (a string: the value's ``repr``, as the Toolbox answers)."""
        return self._mapped(hint, results=True)

    def map_member(self, hint: object, *, loose: bool = False) -> Mapped:
        """A member of a union as ``map_union`` reads it (the Toolbox converts a union by the
        members its schema offers): its whole type, and whether it has a JSON form (``loose``:
        as ``map_parameter``)."""
        state = self._begin(results=False, loose=loose)
        try:
            schema = self.map(hint)
            return Mapped(schema, None, not self._no_form(schema, 0), tuple(self._notes))
        finally:
            self._end(state)

    def _mapped(self, hint: object, *, results: bool, loose: bool = False) -> Mapped:
        state = self._begin(results=results, loose=loose)
        try:
            schema, description = self._described(hint)
            null_left = schema == NullType() and self._nulled > 0
            json_form = not (self._no_form(schema, 0) or null_left)
            return Mapped(schema, description, json_form, tuple(self._notes))
        finally:
            self._end(state)

    def _begin(self, *, results: bool, loose: bool = False) -> _State:
        """A fresh count of notes for a hint mapped from the outside; the state it replaces."""
        state = (self._notes, self._unformed, self._nulled, self._results, self._loose)
        self._notes, self._unformed, self._nulled = [], 0, 0
        self._results, self._loose = results, loose
        return state

    def _end(self, state: _State) -> None:
        self._notes, self._unformed, self._nulled, self._results, self._loose = state

    @property
    def _mode(self) -> _Mode:
        return self._results, self._loose

    def map(self, hint: object) -> SchemaType:
        """The model type of a hint; a hint mapped before without side effects is reused, unless
        it refers to a definition: those belong to one tool's ``$defs``."""
        same_key = (id(hint), self._mode)
        if (same := self._same_hint.get(same_key)) is not None and same[0] is hint:
            return same[1]  # the same object (kept alive): typing's hash and repr are slow
        # ``Literal["q", "p"] == Literal["p", "q"]``: a generic hint is keyed by its text too,
        # so that each keeps its own order
        key = (hint if isinstance(hint, type) else (hint, repr(hint)), self._mode)
        try:
            return self._same_hint.setdefault(same_key, (hint, self._hint_cache[key]))[1]
        except (KeyError, TypeError):  # not seen yet, or unhashable
            pass
        with contextlib.suppress(TypeError):
            noted = self._noted.get(key)
            if noted is not None:  # a hint mapped with notes only: the same notes again
                self._notes.extend(noted[1])
                self._unformed += noted[2]
                self._nulled += noted[3]
                return noted[0]
        before = (len(self._notes), len(self.definitions), len(self._recursive))
        counts = (self._unformed, self._nulled, len(self._class_cache))
        mapped = self._map(hint)
        after = (len(self._notes), len(self.definitions), len(self._recursive))
        if before[1:] == after[1:] and not any(isinstance(node, RefType) for node in walk(mapped)):
            with contextlib.suppress(TypeError):
                if before == after:
                    self._hint_cache[key] = mapped
                    self._same_hint[same_key] = (hint, mapped)
                elif counts[2] == len(self._class_cache):
                    # only notes were added, and mapping it again would add them again (a
                    # class built now tells its notes once: the next time it is known)
                    added = tuple(self._notes[before[0] :])
                    grown = (self._unformed - counts[0], self._nulled - counts[1])
                    self._noted[key] = (mapped, added, *grown)
        return mapped

    def _map(self, hint: object) -> SchemaType:
        for predicate, handler in self._handlers:
            if predicate(hint):
                return handler(hint)
        return self._unsupported(hint)

    def _dispatch(
        self,
    ) -> tuple[tuple[Callable[[object], bool], Callable[[object], SchemaType]], ...]:
        return (
            (lambda h: h is typing.Any or h is object, lambda h: AnyValueType()),
            (lambda h: h is None or h is type(None), lambda h: NullType()),
            (lambda h: h is typing.LiteralString, lambda h: StringType()),
            (lambda h: typing.get_origin(h) is typing.Annotated, self.map_annotated),
            (is_union, self.map_union),
            (lambda h: typing.get_origin(h) is typing.Literal, self.map_literal),
            (lambda h: isinstance(h, typing.TypeVar), self.map_typevar),
            (lambda h: isinstance(h, typing.NewType), self.map_new_type),
            (lambda h: alias_value(h) is not None, self.map_alias),
            (lambda h: typing.get_origin(h) is not None, self.map_generic),
            (lambda h: isinstance(h, type), self.map_class),
        )

    def map_annotated(self, hint: object) -> SchemaType:
        """``Annotated[X, ...]``: descriptions and constraints from the metadata."""
        inner, *metadata = typing.get_args(hint)
        mapped = self._with_json_schema(metadata) or self.map(inner)
        extra: dict[str, Json] = {}
        for item in metadata:
            read_metadata(item, extra)
        return apply_metadata(mapped, extra)

    def _described(self, hint: object) -> tuple[SchemaType, str | None]:
        """The type of a parameter or field hint, and its ``Annotated`` description if any."""
        if type(hint) is type or typing.get_origin(hint) is not typing.Annotated:
            return self.map(hint), None
        inner, *metadata = typing.get_args(hint)
        extra: dict[str, Json] = {}
        for item in metadata:
            read_metadata(item, extra)
        description = extra.pop("description", None)
        mapped = self._with_json_schema(metadata) or self.map(inner)
        return apply_metadata(mapped, extra), (
            description if isinstance(description, str) else None
        )

    def _with_json_schema(self, metadata: list[object]) -> SchemaType | None:
        """The schema a pydantic ``WithJsonSchema`` gives, in place of the hint's."""
        for item in metadata:
            schema = getattr(item, "json_schema", None)
            if is_json_schema_override(item) and isinstance(schema, dict):
                try:
                    return parse_schema(typing.cast(Json, schema))
                except InspectorError as error:
                    message = f"WithJsonSchema not understood ({error}); type kept"
                    self._notes.append(Note(codes.JSON_SCHEMA_UNREADABLE, message))
        return None

    def map_union(self, hint: object) -> SchemaType:
        """``X | Y``, ``Optional[X]``: nested unions flattened, ``None`` last."""
        options: list[SchemaType] = []
        has_null = False
        dropped: list[object] = []
        whys: dict[str, None] = {}  # the reasons of members dropped for one, in order
        for arg in typing.get_args(hint):
            before = (len(self._notes), self._unformed, self._nulled)
            mapped = self.map(arg)
            if self._no_form(mapped, before[1]):
                whys.update(dict.fromkeys(n.why for n in self._notes[before[0] :] if n.why))
                del self._notes[before[0] :]  # the other members still say what is accepted
                self._unformed, self._nulled = before[1:]
                dropped.append(arg)
                continue
            parts = (
                mapped.options
                if isinstance(mapped, AnyOfType) and not mapped.keywords
                else (mapped,)
            )
            for part in parts:
                if isinstance(part, NullType) and not part.keywords:
                    has_null = True
                elif part not in options:
                    options.append(part)
        if not options and not has_null:  # no member has a JSON form
            return self._unsupported(hint, "; ".join(whys))
        if any(isinstance(o, AnyValueType) and not o.keywords for o in options):
            return AnyValueType()  # scipy's ``Any | npt.ArrayLike``: nothing was left out
        if dropped:
            why = "; ".join(whys)
            message = _dropped_members(_distinct_names(dropped), why)
            self._notes.append(Note(codes.UNION_MEMBER_NO_JSON, message, why))
            self._nulled += 1
        options = union_forms(options)
        if has_null:
            options.append(NullType())
        return options[0] if len(options) == 1 else AnyOfType(tuple(options))

    def map_literal(self, hint: object) -> SchemaType:
        """``Literal[...]``: an enum of the values (Enum members become their values)."""
        values: list[Json] = []
        seen: set[tuple[type, str]] = set()
        for arg in typing.get_args(hint):
            value = literal_json(arg)
            if value is MISSING:
                message = f"Literal value {arg!r} has no JSON form; left out"
                self._notes.append(Note(codes.LITERAL_NOT_JSON, message))
            elif (type(value), repr(value)) not in seen:  # keeps True apart from 1
                seen.add((type(value), repr(value)))
                values.append(value)
        if values == [None]:  # ``Literal[None]`` is ``None`` (PEP 586), in a union too
            return NullType()
        return as_booleans([EnumType(tuple(values))])[0]  # ``Literal[True, False]``: bool

    def map_typevar(self, hint: object) -> SchemaType:
        """A TypeVar: its bound, its constraints as a union, or any value."""
        assert isinstance(hint, typing.TypeVar)
        bound = self.context.names.typevar_bound(hint)
        if bound is not None:
            return self.map(bound)
        if hint.__constraints__:
            return self.map(typing.Union[hint.__constraints__])  # noqa: UP007
        return AnyValueType()

    def map_new_type(self, hint: object) -> SchemaType:
        """``NewType("UserId", int)``: the type it is made from. One made from ``object``
        (typeshed's ``_AllowMissingType``, a sentinel's type) has no JSON form: any value is an
        ``object``, but only the values made with it are of the new type."""
        assert isinstance(hint, typing.NewType)
        supertype = hint.__supertype__
        if supertype is object:
            return self._unsupported(hint)
        return self.map(supertype)

    def map_alias(self, hint: object) -> SchemaType:
        """A type alias object (``type X = ...``, one that names itself): what it stands for;
        one that recurs becomes a ``$defs`` entry named after it."""
        known = self._in_progress.get(hint) or self._defined.get(hint)
        if known is not None:
            if hint in self._in_progress:
                self._recursive.add(hint)
            return RefType(known)
        name = self._definition_name(str(getattr(hint, "__name__", "Alias")))
        self._in_progress[hint] = name
        try:
            mapped = self.map(self.context.names.alias_target(hint))
        finally:
            del self._in_progress[hint]
        if hint not in self._recursive:
            return mapped
        self.definitions[name] = mapped
        self._defined[hint] = name
        return RefType(name)

    def map_generic(self, hint: object) -> SchemaType:
        """Parametrized containers: lists, sets, tuples, mappings, ``type X = ...`` aliases. A
        parameter's container whose items (values) have no JSON form has none either: no JSON
        value makes the items the method takes (python-docx's ``Sequence[Run]``)."""
        notes, unformed, nulled = len(self._notes), self._unformed, self._nulled
        try:
            return self._generic(hint)
        except _FormlessPart as part:  # what its other parts noted (TI113 of its keys) is moot
            del self._notes[notes:]
            self._unformed, self._nulled = unformed, nulled
            return self._unsupported(hint, part.why)

    def _part(self, hint: object) -> SchemaType:
        """A container's item or value type; ``_FormlessPart`` when a parameter's has no JSON
        form (``map_generic`` replaces its notes by the container's)."""
        notes, unformed, nulled = len(self._notes), self._unformed, self._nulled
        mapped = self.map(hint)
        null_left = mapped == NullType() and self._nulled > nulled  # ``list[Engine | None]``
        if self._results or self._loose or not (self._no_form(mapped, unformed) or null_left):
            return mapped
        whys = [note.why for note in self._notes[notes:] if note.why]
        raise _FormlessPart(whys[0] if whys else f"{no_form_name(hint)} inside it has none")

    def _generic(self, hint: object) -> SchemaType:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if isinstance(origin, type) and has_fields(origin):  # ``Page[User]``, a TypedDict's too
            return self._record(origin, hint)
        kind = container_of(origin)
        if kind is Container.ARRAY:
            return ArrayType(items=self._item(args))
        if kind is Container.SET:
            if args and not self._results and unhashable(args[0]):
                return self._unsupported(hint, NO_SET_HOLDS.format(named(args[0])))
            return ArrayType(items=self._set_item(args), unique=True)
        if kind is Container.TUPLE:
            items = tuple_items(hint)
            return ArrayType() if items is None else self._tuple(items)
        if kind is Container.MAPPING:
            if not self._results and isinstance(origin, type) and not made_from_pairs(origin):
                return self._unsupported(hint, NOT_MADE_FROM_PAIRS.format(named(origin)))
            return self._mapping(hint, args)
        value = applied_alias_value(origin, args)
        if value is not None:
            return self.map(value)
        form = generic_stand_in(origin, args)
        if form is not None:  # os.PathLike[str], SupportsAbs[int], a user's generic protocol
            return self.map(form)
        return self._unsupported(hint)

    def _item(self, args: tuple[object, ...]) -> SchemaType | None:
        if not args or args[0] is typing.Any or args[0] is object:  # no hashing: an item may be
            # unhashable (``Annotated[int, {"minimum": 0}]``)
            return None
        return self._part(args[0])

    def _set_item(self, args: tuple[object, ...]) -> SchemaType | None:
        """A set's item: any value a set can hold, when the hint says any (a JSON scalar: a
        list or a dict from the model could not be one); a result's, as the method made it."""
        item = self._item(args)
        if self._results or not (item is None or item == AnyValueType()):
            return item
        return self.map(cabc.Hashable)  # a TypeVar unbound, ``Any | int``: any value too

    def _tuple(self, args: tuple[object, ...]) -> SchemaType:
        if len(args) == 2 and args[1] is Ellipsis:
            return ArrayType(items=self._item(args[:1]))
        return ArrayType(prefix=tuple(self._part(a) for a in args))

    def _mapping(self, hint: object, args: tuple[object, ...]) -> SchemaType:
        if args and not self._results and unhashable(args[0]):
            return self._unsupported(hint, NO_KEYS_OF.format(named(args[0])))
        if args and not self._results:  # keys no JSON text makes (cattrs' ``Mapping[type, X]``):
            before = (len(self._notes), self._unformed, self._nulled)
            self._part(args[0])  # no form either (``map_generic``); what it noted is the keys'
            del self._notes[before[0] :]
            self._unformed, self._nulled = before[1:]
        key = _bound_of(args[0], self.context.names.typevar_bound) if args else None
        keys = key_names(key) if args else None
        texts = None
        if (
            args
            and all(key is not h for h in (str, *_ANY_HINTS))
            and keys is None
            and not any_text(key)
        ):
            if is_text(key):  # the keys' own bounds (``Annotated[str, MinLen(1)]``), if any
                texts = text_bounds(self.map(key))
            else:
                message = f"mapping keys of type {named(key)} arrive as JSON strings"
                self._notes.append(Note(codes.MAPPING_KEYS_AS_STRINGS, message))
                texts = key_texts(key)
        value = self._part(args[1]) if len(args) == 2 else AnyValueType()
        if keys is not None:  # the keys the Toolbox takes, said where a model reads them
            texts = {"enum": keys}
        if texts is not None:
            return ObjectType(additional=value, keywords=(("propertyNames", texts),))
        return ObjectType(additional=value)

    def map_class(self, hint: object) -> SchemaType:
        """Plain classes: the type table's scalars, enums, containers, classes with fields."""
        assert isinstance(hint, type)
        if issubclass(hint, enum.Enum):
            return self._enum(hint)
        if has_fields(hint):
            return self._record(hint, hint)
        scalar = scalar_for(hint) or number_row(hint)
        if scalar is not None:
            return scalar.schema
        kind = container_of(hint)
        if kind is Container.MAPPING:
            if not self._results and not made_from_pairs(hint):
                return self._unsupported(hint, NOT_MADE_FROM_PAIRS.format(named(hint)))
            return ObjectType(additional=AnyValueType())
        if kind is Container.SET:
            return ArrayType(items=self._set_item(()), unique=True)
        if kind is not None:
            return ArrayType()
        form = stand_in(hint)
        if form is not None and (not self._results or stands_in_for_results(hint)):
            return self.map(form)  # a protocol or ABC with a JSON form
        return self._unsupported(hint)

    def _enum(self, hint: type[enum.Enum]) -> SchemaType:
        values: list[Json] = []
        for member in hint:
            value = enum_json(member)
            if value_json(member.value) is MISSING:
                message = f"{hint.__name__}.{member.name} has no JSON value; its name is used"
                self._notes.append(Note(codes.ENUM_VALUE_NOT_JSON, message))
            values.append(value)
        names = enum_names(hint, values)
        described = EnumType(tuple(values), (("description", names),) if names else ())
        if is_flag(hint):  # members combine: an array of them
            return ArrayType(items=described, unique=True)
        return described

    def _record(self, cls: type, hint: object) -> SchemaType:
        """A class that travels as an object of its fields; ``hint`` is it, or it with type
        arguments (``Page[User]``: its fields typed ``T`` are ``User``)."""
        if inspect.isabstract(cls) and not self._results:  # no argument can be made of it
            return self._unsupported(cls, f"{named(cls)} is abstract: no value of it is made")
        if not self._results and not made_from_fields(cls):
            return self._unsupported(cls, f"{named(cls)}'s own __init__ does not take its fields")
        arguments = typing.get_args(hint)
        return self._structured(cls, _record_key(cls, hint, arguments), arguments)

    def _structured(self, cls: type, key: object, arguments: tuple[object, ...]) -> SchemaType:
        """The object of ``cls``'s fields read with its type ``arguments``; ``key`` is what it
        is known by, should it recur (``_record_key``)."""
        if key in self._in_progress:
            self._recursive.add(key)
            return RefType(self._in_progress[key])
        cached = self._class_cache.get((key, self._mode))
        if cached is not None:
            return cached
        if key in self._defined:
            return RefType(self._defined[key])
        if len(self._in_progress) >= MAX_NESTING:
            message = (
                f"fields of {cls.__qualname__} not read: nested more than {MAX_NESTING} classes "
                "deep; any value accepted"
            )
            self._notes.append(Note(codes.FIELDS_UNREADABLE, message))
            return AnyValueType()
        name = self._definition_name(cls.__name__)
        self._in_progress[key] = name
        try:
            built = ObjectType(
                properties=self._fields_of(cls, record_bindings(cls, arguments)),
                title=cls.__name__,
                keywords=self._class_doc(cls),
            )
        except Exception as error:  # unresolvable field hints, odd classes
            message = (
                f"fields of {cls.__qualname__} cannot be read ({type(error).__name__}: "
                f"{error}); any value accepted"
            )
            self._notes.append(Note(codes.FIELDS_UNREADABLE, message))
            return AnyValueType()
        finally:
            del self._in_progress[key]
        if key in self._recursive:
            self.definitions[name] = built
            self._defined[key] = name
            return RefType(name)
        if not any(isinstance(node, RefType) for node in walk(built)):
            self._class_cache[key, self._mode] = built
        return built

    def _definition_name(self, wanted: str) -> str:
        name = wanted
        taken = set(self._in_progress.values()) | set(self.definitions)
        suffix = 2
        while name in taken:
            name, suffix = f"{wanted}{suffix}", suffix + 1
        return name

    def _class_doc(self, cls: type) -> Keywords:
        doc = _own_doc(cls)
        style = self.context.docstring_style
        description = parse_docstring(doc, style).description if doc else ""
        return (("description", description),) if description else ()

    def _fields_of(self, cls: type, arguments: dict[object, object]) -> tuple[Field, ...]:
        """The fields of ``cls``, its type parameters read as ``arguments`` gives them."""
        doc = _own_doc(cls)
        texts = parse_docstring(doc, self.context.docstring_style).attributes if doc else {}
        failed: list[tuple[str, str]] = []
        private = private_fields(cls)
        rows = self.context.resolver.field_rows(
            cls, failed, untold=private if self._results else frozenset()
        )
        self._notes.extend(Note(code, text) for code, text in failed)
        under = self.context.attribute_docs.of(cls)
        attributes = field_attributes(cls)
        fields: list[Field] = []
        for name, written, required, default in rows:
            # a result keeps its private fields to itself; an argument's private field whose
            # default no JSON can say is internal, as such a parameter is (TI117): its factory
            # applies (rich's ``Task._lock``, a lock made by ``default_factory``); one with a
            # JSON default may be data (a document's ``_id: str = ""``) and stays
            if name in private and (self._results or (not required and default is MISSING)):
                continue
            attribute = attributes.get(name, name)  # what the docstring and body document
            hint = (
                map_parts(written, lambda part, _: arguments.get(part, part))
                if arguments
                else written
            )
            mapped, explicit = self._described(hint)
            if explicit is not None:
                description = explicit
            elif attribute in under:
                description = under[attribute]
            else:
                documented = texts.get(attribute) or texts.get(name)
                description = documented.description if documented is not None else ""
            description = with_enum_names(description, mapped)
            fields.append(
                Field(name, mapped, description, required, MISSING if required else default)
            )
        return tuple(fields)

    def _no_form(self, mapped: SchemaType, unformed: int) -> bool:
        """Whether a hint just mapped to ``mapped`` has no JSON Schema form: "any value"
        (perhaps with a description) because a part had none (more than ``unformed`` of them),
        not because it says any value."""
        return (
            self._unformed > unformed
            and isinstance(mapped, AnyValueType)
            and all(key == "description" for key, _ in mapped.keywords)
        )

    def _unsupported(self, hint: object, why: str = "") -> SchemaType:
        """Any value, for a type with no JSON form (``why``: the reason, when there is more to
        say than that), with the note of the direction mapped."""
        if self._results:  # an array, a record or a mapping by duck typing, else its text
            message = (
                f"type {named(hint)} has no JSON form; the model gets the "
                "form read from "
                "the value (an array, a record's fields, a mapping), else its text"
            )
            self._notes.append(Note(codes.RESULT_AS_TEXT, message))
            return AnyValueType()
        reason = f" ({why})" if why else ""
        message = f"type {named(hint)} has no JSON Schema form{reason}; any value accepted"
        self._notes.append(Note(codes.NO_SCHEMA_FORM, message, why))
        self._unformed += 1
        return AnyValueType()


def _record_key(cls: type, hint: object, arguments: tuple[object, ...]) -> object:
    """What a record read with type arguments is known by: the class itself when the hint has
    none or its own parameters (``Tree`` and the ``Tree[T]`` of its own field are one), else
    the hint, or the class and its arguments' identities when the hint cannot be hashed
    (``Page[Annotated[int, {"minimum": 0}]]``)."""
    if not arguments or arguments == getattr(cls, "__parameters__", None):
        return cls
    try:
        hash(hint)
    except TypeError:
        return (cls, *(id(argument) for argument in arguments))
    return hint


def is_union(hint: object) -> bool:
    origin = typing.get_origin(hint)
    return origin is typing.Union or origin is types.UnionType


def hint_name(hint: object) -> str:
    """How diagnostics and tools.json name a hint: a class or a ``NewType`` by its qualified
    name, else its text, without a memory address (a function a class body's ``list`` names
    once the class defines ``list`` is ``<function Client.list>``). ``typing.`` is dropped
    where it names the module ``typing``, not inside a longer dotted name (numpy's
    ``numpy._typing._array_like._SupportsArray``, ``numpy.typing.NDArray``)."""
    if isinstance(hint, type):
        return hint.__qualname__
    if isinstance(hint, typing.NewType):
        return hint.__name__
    return _TYPING_MODULE.sub("", stable_repr(hint))


_TYPING_MODULE = re.compile(r"(?<![\w.])typing\.")


def named(hint: object) -> str:
    """How a message names a hint: ``hint_name``, cut to ``NAMED`` characters."""
    return clipped(hint_name(hint), NAMED)


def no_form_name(hint: object) -> str:
    """How diagnostics and tools.json name a type with no JSON form: without ``Annotated``
    metadata, a union by its members other than ``None``."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    if not is_union(hint):
        return hint_name(hint)
    members = [no_form_name(a) for a in typing.get_args(hint) if a is not type(None)]
    return " | ".join(members)


def _own_doc(cls: type) -> str | None:
    """The class docstring, unless it is the signature dataclasses write for undocumented ones."""
    doc = cls.__dict__.get("__doc__")
    if not isinstance(doc, str) or doc.startswith(f"{cls.__name__}("):
        return None
    return doc


def _distinct_names(hints: list[object]) -> list[str]:
    """How a message names each hint, a class by its module too when another one has its name
    (google-genai's ``httpx.Client`` and ``httpx2.Client`` were ``Client, Client``)."""
    names = [named(hint) for hint in hints]
    return [
        clipped(f"{hint.__module__}.{name}", NAMED)
        if isinstance(hint, type) and names.count(name) > 1
        else name
        for hint, name in zip(hints, names, strict=True)
    ]


def _dropped_members(names: list[str], why: str) -> str:
    """One TI123 message for every member of a union left out for having no JSON form
    (``why``: their reasons, or "")."""
    reason = f" ({why})" if why else ""
    if len(names) == 1:
        return f"union member {names[0]} has no JSON Schema form{reason}; left out"
    listing = listed(names, separator=", ")
    return f"union members {listing} have no JSON Schema form{reason}; left out"


def _bound_of(key: object, bound_of: Callable[[typing.TypeVar], object]) -> object:
    """A mapping's key type, a type variable read as what it takes: its bound (``bound_of``:
    its text evaluated, ``bound="str"``), the union of its constraints, or any value
    (typeshed's ``csv.DictWriter.writerow(rowdict: Mapping[_T, Any])``: TI113 said that keys
    of type ``~_T`` arrive as JSON strings)."""
    if not isinstance(key, typing.TypeVar):
        return key
    if key.__bound__ is not None:
        return bound_of(key)
    if key.__constraints__:
        return functools.reduce(operator.or_, key.__constraints__)  # ``str | int``
    return typing.Any
