"""Changes between two versions of the same tools, classified by what they do to a caller.

**breaking**: a call that worked may now fail (tool or parameter removed or renamed, optional →
required, type narrowed or changed, enum value removed, null no longer accepted, object
property removed, additionalProperties tightened, constraint tightened). **compatible**: every
old call still works (optional parameter added, type widened, enum value added, constraint
loosened, default changed, the method deprecated or no longer). **docs**: descriptions and
titles only.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from inspector.catalog import Catalog
from inspector.diagnostics import shown
from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    BooleanType,
    Deprecation,
    EnumType,
    Field,
    IntegerType,
    Json,
    NullType,
    NumberType,
    ObjectType,
    RefType,
    SchemaType,
    StringType,
    ToolDescriptor,
)


class Severity(enum.IntEnum):
    """How a change affects callers; higher is worse."""

    DOCS = 0
    COMPATIBLE = 1
    BREAKING = 2

    @property
    def label(self) -> str:
        """The lower-case name used in output."""
        return self.name.lower()


class ChangeKind(enum.Enum):
    """What changed, as data: the message says the same in words (with the values)."""

    TOOL_REMOVED = "tool-removed"
    TOOL_RENAMED = "tool-renamed"
    TOOL_ADDED = "tool-added"
    REMOVED = "removed"
    """A parameter (``path`` its name) or an object's property (``path`` with a dot)."""
    RENAMED = "renamed"
    ADDED = "added"
    HIDDEN = "hidden"
    """A parameter the classification file now hides (its default applies)."""
    FIXED = "fixed"
    """A parameter the classification file now fixes to a value."""
    BECAME_OPTIONAL = "became-optional"
    BECAME_REQUIRED = "became-required"
    DEFAULT_CHANGED = "default-changed"
    DESCRIPTION_CHANGED = "description-changed"
    DEPRECATION_CHANGED = "deprecation-changed"
    """The method became deprecated, or no longer is, or what its code says of it changed."""
    TITLE_CHANGED = "title-changed"
    TYPE_WIDENED = "type-widened"
    TYPE_NARROWED = "type-narrowed"
    TYPE_CHANGED = "type-changed"
    NULL_ACCEPTED = "null-accepted"
    NULL_REJECTED = "null-rejected"
    ENUM_VALUE_ADDED = "enum-value-added"
    ENUM_VALUE_REMOVED = "enum-value-removed"
    UNIQUE_ITEMS_CHANGED = "unique-items-changed"
    TUPLE_SHAPE_CHANGED = "tuple-shape-changed"
    ADDITIONAL_PROPERTIES_CHANGED = "additional-properties-changed"
    CONSTRAINT_CHANGED = "constraint-changed"


@dataclass(frozen=True, slots=True)
class Change:
    """One change of one tool; ``path`` is ``""`` for the tool itself."""

    tool: str
    path: str
    severity: Severity
    kind: ChangeKind
    message: str


_LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties")
_UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties")
_DOC_KEYWORDS = frozenset({"description", "title", "examples", "$comment"})


def diff_catalogs(old: Catalog, new: Catalog) -> list[Change]:
    """Every change from ``old`` to ``new``, tool by tool in order of appearance."""
    before = {tool.name: tool for _, tool in old.tools()}
    after = {tool.name: tool for _, tool in new.tools()}
    removed = [name for name in before if name not in after]
    added = [name for name in after if name not in before]
    renamed = _renames(removed, added, before, after)
    changes: list[Change] = []
    for name, tool in before.items():
        if name in renamed:  # and what else changed with the name
            message = f"tool renamed to {renamed[name]!r}"
            changes.append(Change(name, "", Severity.BREAKING, ChangeKind.TOOL_RENAMED, message))
            changes.extend(diff_tools(tool, after[renamed[name]]))
        elif name not in after:
            changes.append(
                Change(name, "", Severity.BREAKING, ChangeKind.TOOL_REMOVED, "tool removed")
            )
        else:
            changes.extend(diff_tools(tool, after[name]))
    for name in added:
        if name not in renamed.values():
            changes.append(
                Change(name, "", Severity.COMPATIBLE, ChangeKind.TOOL_ADDED, "tool added")
            )
    return changes


def _renames(
    removed: list[str],
    added: list[str],
    before: dict[str, ToolDescriptor],
    after: dict[str, ToolDescriptor],
) -> dict[str, str]:
    """A removed tool that an added one is offered for: the same method (a classification's
    ``name``, a ``Class_method`` name), else the same description and exactly the same
    parameters (a provider file knows no method). Two tools that only share a parameter
    ``text: string`` are a removal and an addition."""
    result: dict[str, str] = {}
    for same in (_same_method, _same_offer):
        for old_name in removed:
            if old_name in result:
                continue
            for new_name in added:
                if new_name not in result.values() and same(before[old_name], after[new_name]):
                    result[old_name] = new_name
                    break
    return result


def _same_method(old: ToolDescriptor, new: ToolDescriptor) -> bool:
    return bool(old.method_name) and (old.class_name, old.method_name) == (
        new.class_name,
        new.method_name,
    )


def _same_offer(old: ToolDescriptor, new: ToolDescriptor) -> bool:
    return old.description == new.description and old.parameters_schema() == new.parameters_schema()


def _deprecation_change(old: Deprecation | None, new: Deprecation | None) -> str:
    """What changed in a method's deprecation, in words: every call still works, but a
    deprecated tool starts false in a new classification entry."""
    if new is None:
        return "no longer deprecated"
    said = ": ".join(part for part in (new.version and f"since {new.version}", new.message) if part)
    head = "deprecated" if old is None else "deprecation changed"
    return f"{head} ({said})" if said else head


def diff_tools(old: ToolDescriptor, new: ToolDescriptor) -> Iterator[Change]:
    """The changes of one tool: description, parameters, return value."""
    context = _Context(old.name, dict(old.definitions), dict(new.definitions))
    if old.description != new.description:
        yield context.change(
            "", Severity.DOCS, ChangeKind.DESCRIPTION_CHANGED, "description changed"
        )
    if old.deprecated != new.deprecated:
        message = _deprecation_change(old.deprecated, new.deprecated)
        yield context.change("", Severity.COMPATIBLE, ChangeKind.DEPRECATION_CHANGED, message)
    left_out = {p.name: p for p in new.left_out}
    for change in context.fields(old.parameters, new.parameters, "", "parameter"):
        why = left_out.get(change.path)  # a parameter's path is its name
        if change.kind is not ChangeKind.REMOVED:
            yield change
        elif why is not None:
            because = f"{why.reason}: {why.type}" if why.type else why.reason
            if why.reason == "injected":
                because = f"injected: the host gives it from the context key {why.key!r}"
            yield replace(change, message=f"parameter removed: left out ({because})")
        else:
            yield _curated(change, old, new)
    if old.returns.description != new.returns.description:
        yield context.change(
            "return", Severity.DOCS, ChangeKind.DESCRIPTION_CHANGED, "description changed"
        )
    if old.returns.type is not None and new.returns.type is not None:
        for change in context.types(old.returns.type, new.returns.type, "return"):
            severity = (
                Severity.BREAKING if change.severity is not Severity.DOCS else change.severity
            )
            yield replace(change, severity=severity)
    elif (old.returns.type is None) != (new.returns.type is None):
        yield context.change(
            "return", Severity.BREAKING, ChangeKind.TYPE_CHANGED, "return type changed"
        )


def _curated(removed: Change, old: ToolDescriptor, new: ToolDescriptor) -> Change:
    """A removed parameter that the classification file now hides or fixes. Hidden: every
    call that worked still works as before (without it, its default applied; a model is no
    longer offered it), so compatible. Fixed: compatible only when it was optional and is
    fixed to its default (a call without it behaves as before); else a call without it now
    gets another value, so breaking."""
    name = removed.path
    if name in new.curation.hidden and name not in old.curation.hidden:
        return replace(
            removed,
            severity=Severity.COMPATIBLE,
            kind=ChangeKind.HIDDEN,
            message="parameter hidden by the classification file (its default applies)",
        )
    fixed = dict(new.curation.fixed)
    if name not in fixed or name in dict(old.curation.fixed):
        return removed
    before = next(f for f in old.parameters if f.name == name)
    value = fixed[name]
    if not before.required and before.default == value:
        return replace(
            removed,
            severity=Severity.COMPATIBLE,
            kind=ChangeKind.FIXED,
            message=f"parameter fixed to its default {shown(value)} by the classification file",
        )
    return replace(
        removed,
        kind=ChangeKind.FIXED,
        message=f"parameter fixed to {shown(value)} by the classification file (a call "
        "without it now gets that value)",
    )


def _addition(added: Field, noun: str) -> tuple[Severity, ChangeKind, str]:
    """An added field breaks old calls only when it is required and cannot be null: a strict
    schema lists an optional parameter as required and nullable (null means its default)."""
    if not added.required:
        return Severity.COMPATIBLE, ChangeKind.ADDED, f"optional {noun} added"
    if added.nullable:
        why = f"nullable {noun} added (a call without it still works)"
        return Severity.COMPATIBLE, ChangeKind.ADDED, why
    return Severity.BREAKING, ChangeKind.ADDED, f"required {noun} added"


@dataclass
class _Context:
    tool: str
    old_definitions: dict[str, SchemaType]
    new_definitions: dict[str, SchemaType]
    compared: set[str] = field(default_factory=set)

    def change(self, path: str, severity: Severity, kind: ChangeKind, message: str) -> Change:
        return Change(self.tool, path, severity, kind, message)

    def fields(
        self, old: tuple[Field, ...], new: tuple[Field, ...], prefix: str, noun: str
    ) -> Iterator[Change]:
        before = {f.name: f for f in old}
        after = {f.name: f for f in new}
        removed = [n for n in before if n not in after]
        added = [n for n in after if n not in before]
        renamed: dict[str, str] = {}
        for name in removed:
            match = next(
                (a for a in added if a not in renamed.values() and _same(before[name], after[a])),
                None,
            )
            if match is not None:
                renamed[name] = match
        for name, f in before.items():
            path = f"{prefix}{name}"
            if name in renamed:
                yield self.change(
                    path,
                    Severity.BREAKING,
                    ChangeKind.RENAMED,
                    f"{noun} renamed to {renamed[name]!r}",
                )
            elif name not in after:
                yield self.change(path, Severity.BREAKING, ChangeKind.REMOVED, f"{noun} removed")
            else:
                yield from self.compare_field(f, after[name], path, noun)
        for name in added:
            if name in renamed.values():
                continue
            yield self.change(f"{prefix}{name}", *_addition(after[name], noun))

    def compare_field(self, old: Field, new: Field, path: str, noun: str) -> Iterator[Change]:
        if old.required and not new.required:
            why = f"{noun} became optional"
            yield self.change(path, Severity.COMPATIBLE, ChangeKind.BECAME_OPTIONAL, why)
        elif new.required and not old.required:
            why = f"{noun} became required"
            yield self.change(path, Severity.BREAKING, ChangeKind.BECAME_REQUIRED, why)
        if old.default != new.default:
            why = _default_change(old.default, new.default)
            yield self.change(path, Severity.COMPATIBLE, ChangeKind.DEFAULT_CHANGED, why)
        if old.description != new.description:
            yield self.change(
                path, Severity.DOCS, ChangeKind.DESCRIPTION_CHANGED, "description changed"
            )
        yield from self.types(old.type, new.type, path)

    def types(self, old: SchemaType, new: SchemaType, path: str) -> Iterator[Change]:
        if old == new:
            return
        yield from self.keywords(old, new, path)
        old_bare, new_bare = _bare(old), _bare(new)
        if old_bare == new_bare:
            return
        if type(old_bare) is type(new_bare):
            yield from self.same_kind(old_bare, new_bare, path)
            return
        old_options, new_options = _options(old_bare), _options(new_bare)
        if _accepts_all(new_options, old_options):
            yield self.change(path, Severity.COMPATIBLE, *_widened(old_options, new_options))
        else:
            yield self.change(path, Severity.BREAKING, *_narrowed(old_bare, new_bare))

    def same_kind(self, old: SchemaType, new: SchemaType, path: str) -> Iterator[Change]:
        if isinstance(old, EnumType) and isinstance(new, EnumType):
            lost = [v for v in old.values if not _member(v, new.values)]
            gained = [v for v in new.values if not _member(v, old.values)]
            for value in lost:
                if value is None:
                    kind, what = ChangeKind.NULL_REJECTED, "null no longer accepted"
                else:
                    kind, what = ChangeKind.ENUM_VALUE_REMOVED, f"enum value {shown(value)} removed"
                yield self.change(path, Severity.BREAKING, kind, what)
            for value in gained:
                if value is None:
                    kind, what = ChangeKind.NULL_ACCEPTED, "null accepted"
                else:
                    kind, what = ChangeKind.ENUM_VALUE_ADDED, f"enum value {shown(value)} added"
                yield self.change(path, Severity.COMPATIBLE, kind, what)
        elif isinstance(old, ArrayType) and isinstance(new, ArrayType):
            yield from self.arrays(old, new, path)
        elif isinstance(old, ObjectType) and isinstance(new, ObjectType):
            yield from self.objects(old, new, path)
        elif isinstance(old, AnyOfType) and isinstance(new, AnyOfType):
            yield from self.unions(old, new, path)
        elif isinstance(old, RefType) and isinstance(new, RefType) and old.name == new.name:
            yield from self.definition(old.name, path)
        else:
            yield self.change(path, Severity.BREAKING, *_narrowed(old, new))

    def definition(self, name: str, path: str) -> Iterator[Change]:
        """A ``$defs`` entry both versions refer to, compared once."""
        if name in self.compared:
            return
        self.compared.add(name)
        old, new = self.old_definitions.get(name), self.new_definitions.get(name)
        if old is not None and new is not None:
            yield from self.types(old, new, path)

    def arrays(self, old: ArrayType, new: ArrayType, path: str) -> Iterator[Change]:
        unique = ChangeKind.UNIQUE_ITEMS_CHANGED
        if new.unique and not old.unique:
            yield self.change(path, Severity.BREAKING, unique, "items must now be unique")
        elif old.unique and not new.unique:
            yield self.change(path, Severity.COMPATIBLE, unique, "items need no longer be unique")
        if (old.prefix is None) != (new.prefix is None) or len(old.prefix or ()) != len(
            new.prefix or ()
        ):
            shape = ChangeKind.TUPLE_SHAPE_CHANGED
            yield self.change(path, Severity.BREAKING, shape, "tuple shape changed")
        else:
            for index, (a, b) in enumerate(zip(old.prefix or (), new.prefix or (), strict=True)):
                yield from self.types(a, b, f"{path}[{index}]")
        if old.items is not None and new.items is not None:
            yield from self.types(old.items, new.items, f"{path}[]")
        elif old.items is None and new.items is not None and old.prefix is None:
            narrowed = ChangeKind.TYPE_NARROWED
            yield self.change(f"{path}[]", Severity.BREAKING, narrowed, "item type narrowed")
        elif new.items is None and old.items is not None and new.prefix is None:
            widened = ChangeKind.TYPE_WIDENED
            yield self.change(f"{path}[]", Severity.COMPATIBLE, widened, "item type widened to any")

    def objects(self, old: ObjectType, new: ObjectType, path: str) -> Iterator[Change]:
        if old.title != new.title:
            yield self.change(path, Severity.DOCS, ChangeKind.TITLE_CHANGED, "title changed")
        yield from self.fields(old.properties, new.properties, f"{path}.", "property")
        yield from self.additional(old.additional, new.additional, path)

    def additional(
        self, old: SchemaType | bool | None, new: SchemaType | bool | None, path: str
    ) -> Iterator[Change]:
        def openness(value: SchemaType | bool | None) -> int:
            if value is False:
                return 0
            if value is None or value is True or isinstance(value, AnyValueType):
                return 2
            return 1

        kind = ChangeKind.ADDITIONAL_PROPERTIES_CHANGED
        if openness(new) < openness(old):
            yield self.change(path, Severity.BREAKING, kind, "additionalProperties tightened")
        elif openness(new) > openness(old):
            yield self.change(path, Severity.COMPATIBLE, kind, "additionalProperties loosened")
        elif isinstance(old, SchemaType) and isinstance(new, SchemaType):
            yield from self.types(old, new, f"{path}{{}}")

    def unions(self, old: AnyOfType, new: AnyOfType, path: str) -> Iterator[Change]:
        if _accepts_all(new.options, old.options):
            yield self.change(path, Severity.COMPATIBLE, *_widened(old.options, new.options))
        elif len(old.options) == len(new.options):
            for index, (a, b) in enumerate(zip(old.options, new.options, strict=True)):
                yield from self.types(a, b, f"{path}|{index}")
        else:
            yield self.change(path, Severity.BREAKING, *_narrowed(old, new))

    def keywords(self, old: SchemaType, new: SchemaType, path: str) -> Iterator[Change]:
        before, after = dict(old.keywords), dict(new.keywords)
        if any(before.get(k) != after.get(k) for k in _DOC_KEYWORDS):
            yield self.change(
                path, Severity.DOCS, ChangeKind.DESCRIPTION_CHANGED, "description changed"
            )
        constraint = ChangeKind.CONSTRAINT_CHANGED
        for bounds, tighter in ((_LOWER_BOUNDS, 1), (_UPPER_BOUNDS, -1)):
            for key in bounds:
                a, b = before.get(key), after.get(key)
                if a == b:
                    continue
                if b is None:
                    yield self.change(path, Severity.COMPATIBLE, constraint, f"{key} {a} removed")
                elif a is None:
                    yield self.change(path, Severity.BREAKING, constraint, f"{key} {b} added")
                elif isinstance(a, int | float) and isinstance(b, int | float):
                    tightened = (b - a) * tighter > 0
                    yield self.change(
                        path,
                        Severity.BREAKING if tightened else Severity.COMPATIBLE,
                        constraint,
                        f"{key} {'tightened' if tightened else 'loosened'} from {a} to {b}",
                    )
        known = {*_DOC_KEYWORDS, *_LOWER_BOUNDS, *_UPPER_BOUNDS}
        for key in sorted((set(before) | set(after)) - known):
            if before.get(key) == after.get(key):
                continue
            if key not in after:
                yield self.change(path, Severity.COMPATIBLE, constraint, f"{key} removed")
            else:
                why = f"{key} changed to {shown(after[key])}"
                yield self.change(path, Severity.BREAKING, constraint, why)


def _bare(schema_type: SchemaType) -> SchemaType:
    """The node without its keywords (which ``keywords`` compares)."""
    if not schema_type.keywords:
        return schema_type
    return replace(schema_type, keywords=())


def _options(schema_type: SchemaType) -> tuple[SchemaType, ...]:
    return schema_type.options if isinstance(schema_type, AnyOfType) else (schema_type,)


def _accepts(new: SchemaType, old: SchemaType) -> bool:
    """Whether ``new`` accepts every value ``old`` accepts (as far as types tell)."""
    if isinstance(new, AnyValueType) or _bare(new) == _bare(old):
        return True
    if isinstance(new, NumberType) and isinstance(old, IntegerType):
        return True
    if isinstance(old, EnumType):
        if isinstance(new, EnumType):
            return all(_member(v, new.values) for v in old.values)
        return all(_json_kind_accepts(new, v) for v in old.values)
    return False


def _accepts_all(new: tuple[SchemaType, ...], old: tuple[SchemaType, ...]) -> bool:
    return all(any(_accepts(n, o) for n in new) for o in old)


def _json_kind_accepts(schema_type: SchemaType, value: Json) -> bool:
    if value is None:
        return isinstance(schema_type, NullType)
    if isinstance(value, bool):
        return isinstance(schema_type, BooleanType)
    if isinstance(value, int):
        return isinstance(schema_type, IntegerType | NumberType)
    if isinstance(value, float):
        return isinstance(schema_type, NumberType)
    return isinstance(value, str) and isinstance(schema_type, StringType) and not schema_type.format


def _widened(old: tuple[SchemaType, ...], new: tuple[SchemaType, ...]) -> tuple[ChangeKind, str]:
    null_added = any(isinstance(o, NullType) for o in new) and not any(
        isinstance(o, NullType) for o in old
    )
    if null_added and len(new) == len(old) + 1:
        return ChangeKind.NULL_ACCEPTED, "null accepted"
    return ChangeKind.TYPE_WIDENED, f"type widened from {_describe(old)} to {_describe(new)}"


def _narrowed(old: SchemaType, new: SchemaType) -> tuple[ChangeKind, str]:
    old_options, new_options = _options(old), _options(new)
    null_removed = any(isinstance(o, NullType) for o in old_options) and not any(
        isinstance(o, NullType) for o in new_options
    )
    if null_removed and len(old_options) == len(new_options) + 1:
        return ChangeKind.NULL_REJECTED, "null no longer accepted"
    shapes = f"from {_describe(old_options)} to {_describe(new_options)}"
    if _accepts_all(old_options, new_options):
        return ChangeKind.TYPE_NARROWED, f"type narrowed {shapes}"
    return ChangeKind.TYPE_CHANGED, f"type changed {shapes}"


def _describe(options: tuple[SchemaType, ...]) -> str:
    names = []
    for option in options:
        schema = option.to_schema()
        declared = schema.get("type")
        if "$ref" in schema:
            names.append(str(schema["$ref"]).rpartition("/")[2])
        elif isinstance(option, ObjectType) and option.title:
            names.append(option.title)
        elif isinstance(declared, str):
            names.append(declared)
        elif isinstance(declared, list):
            names.extend(str(d) for d in declared)
        else:
            names.append("any")
    return " | ".join(dict.fromkeys(names))


def _member(value: Json, values: tuple[Json, ...]) -> bool:
    return any(type(v) is type(value) and v == value for v in values)


def _same(old: Field, new: Field) -> bool:
    return (old.type, old.required, old.default) == (new.type, new.required, new.default)


def _default_change(old: Json | object, new: Json | object) -> str:
    if old is MISSING:
        return f"default {shown(new)} added"
    if new is MISSING:
        return f"default {shown(old)} removed"
    return f"default changed from {shown(old)} to {shown(new)}"


def summary(changes: list[Change]) -> dict[str, int]:
    """Counts by severity label, breaking first."""
    return {
        severity.label: sum(1 for c in changes if c.severity is severity)
        for severity in sorted(Severity, reverse=True)
    }
