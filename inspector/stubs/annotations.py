"""Model types → Python annotations for stubs, with the classes nested objects need.

Whatever Python cannot say about a type (constraints, formats without a class, odd enums) is
kept as JSON Schema keywords in ``Annotated[..., {...}]``, which the inspector reads back.
"""

from __future__ import annotations

import json
import keyword
import unicodedata
from dataclasses import dataclass, field

from inspector.model import (
    MISSING,
    AnyOfType,
    AnyValueType,
    ArrayType,
    BooleanType,
    EnumType,
    Field,
    IntegerType,
    Json,
    JsonObject,
    NullType,
    NumberType,
    ObjectType,
    RefType,
    SchemaType,
    StringType,
    json_type_name,
    walk,
)
from inspector.stubs import pycode
from inspector.stubs.docstrings import attributes_docstring
from inspector.stubs.pycode import Atom, Expr, Group, Union
from inspector.typetable.scalars import SCALARS, row_of_schema, stub_classes
from inspector.typetable.unions import distinct_forms

_FORMAT_CLASSES = stub_classes()
"""String format → the (module, class) the type table writes for it."""
_SELF = "\0"
"""Where a recursive alias names itself while its text is compared with the aliases written
(no name or literal in stub code holds a NUL: string literals escape it)."""
TYPING_NAMES = (
    "Annotated",
    "Any",
    "ClassVar",
    "Literal",
    "NotRequired",
    "TypeAlias",
    "TypedDict",
)
RESERVED = frozenset(
    {
        *TYPING_NAMES,
        *(name for module, name in (row.stub for row in SCALARS) if module),
        "dataclass",
        "field",
        "annotations",
        "NO_DEFAULT",
        "Schema",
    }
)
"""Module-level names a stub may use; classes and fields must not shadow them."""


@dataclass
class Annotation:
    """A type expression plus what ``Annotated`` must add: JSON Schema keywords (in a
    ``Schema``) and a description."""

    base: Expr
    writer: TypeWriter
    keywords: JsonObject = field(default_factory=dict)
    description: str | None = None

    def expr(self) -> Expr:
        """``base`` or ``Annotated[base, ...]`` (then imported)."""
        metadata: list[Expr] = []
        if self.keywords:
            metadata.append(self.writer.keywords(self.keywords))
        if self.description is not None:
            metadata.append(Atom(pycode.string(self.description)))
        if not metadata:
            return self.base
        self.writer.use("typing", "Annotated")
        return Group("Annotated", "[", (self.base, *metadata), "]")

    def add_default(self, default: Json) -> None:
        """Keep a default Python cannot write here as a keyword, placed first."""
        self.keywords = {"default": default, **self.keywords}


@dataclass
class TypeWriter:
    """Writes annotations and gathers the class definitions, dependencies first."""

    typed_dict: bool = False
    taken: set[str] = field(default_factory=lambda: set(RESERVED))
    blocks: list[list[str]] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    """``Name: TypeAlias = "..."`` lines: written last, since their text is read lazily."""
    imports: set[tuple[str, str]] = field(default_factory=set)
    uses_no_default: bool = False
    uses_schema: bool = False
    uses_exact: bool = False
    notes: list[str] = field(default_factory=list)
    _classes: dict[tuple[str | None, str], str] = field(default_factory=dict)
    _definitions: dict[str, SchemaType] = field(default_factory=dict)
    _definition_classes: dict[str, str] = field(default_factory=dict)
    _aliases: dict[tuple[str, str], str] = field(default_factory=dict)
    _recursive: dict[tuple[str, str], str] = field(default_factory=dict)
    """The class written for each ``$defs`` object, by its name and ``_reached``'s text."""
    _object_keys: dict[int, tuple[ObjectType, str]] = field(default_factory=dict)
    _class_texts: dict[str, str] = field(default_factory=dict)
    """Each written class's docstring text (what its uses need not say again)."""

    def use(self, module: str, name: str) -> str:
        """Import ``name`` from ``module``; returns the name."""
        self.imports.add((module, name))
        return name

    def keywords(self, keywords: JsonObject) -> Expr:
        """``Schema({...})``: JSON Schema keywords as hashable ``Annotated`` metadata."""
        self.uses_schema = True
        return Group("Schema", "(", (pycode.literal_expr(keywords),), ")")

    def exact(self, option: Expr) -> Expr:
        """``Annotated[option, Schema({})]``: a union member a type checker counts as redundant
        (ruff's PYI051: ``Literal["r"]`` beside ``str``) that the schema keeps; ``Schema({})``
        adds no keyword. A new object at each place, never a shared constant: ``typing`` caches
        unions by their members, which compare equal in any order, so a shared one could hand
        this union the member order of another."""
        self.uses_schema = self.uses_exact = True
        schema = Group("Schema", "(", (Atom("{}"),), ")")
        return Group(self.use("typing", "Annotated"), "[", (option, schema), "]")

    def union(self, options: tuple[Expr, ...]) -> Union:
        """``a | b | ...``, each ``Literal`` beside its own type (``Literal["r"] | str``) kept
        apart from it by ``exact``."""
        builtins = {o.text for o in options if isinstance(o, Atom)}
        return Union(tuple(self.exact(o) if _literal_types(o) & builtins else o for o in options))

    def start_tool(self, definitions: tuple[tuple[str, SchemaType], ...]) -> None:
        """Set the ``$defs`` references of the next tool point to."""
        self._definitions = dict(definitions)
        self._definition_classes = {}

    def annotation(self, schema_type: SchemaType, hint: str) -> Annotation:
        """The annotation of a type; ``hint`` names a class for an untitled object."""
        keywords = dict(schema_type.keywords)
        base = self._base(schema_type, hint, keywords)
        if base is None:
            return self._fallback(schema_type)
        return Annotation(base, self, keywords)

    def _fallback(self, schema_type: SchemaType) -> Annotation:
        """``Annotated[Any, {schema}]``: the whole schema, for what has no Python form."""
        return Annotation(Atom(self.use("typing", "Any")), self, schema_type.to_schema())

    def _base(self, node: SchemaType, hint: str, keywords: JsonObject) -> Expr | None:
        """The Python type of a node, or None to fall back; consumes the keywords it says."""
        row = row_of_schema(node)
        if row is not None:  # a type table row only one class has (Decimal)
            keywords.clear()
            module, name = row.stub
            return Atom(self.use(module, name) if module else name)
        if isinstance(node, StringType):
            return self._string(node, keywords)
        simple = {IntegerType: "int", NumberType: "float", BooleanType: "bool", NullType: "None"}
        if type(node) in simple:
            return Atom(simple[type(node)])
        if isinstance(node, EnumType):
            return self._enum(node)
        if isinstance(node, ArrayType):
            return self._array(node, hint, keywords)
        if isinstance(node, ObjectType):
            return self._object(node, hint, keywords)
        if isinstance(node, AnyOfType):
            return self._union(node, hint)
        if isinstance(node, RefType):
            return self._ref(node)
        return Atom(self.use("typing", "Any"))

    def _string(self, node: StringType, keywords: JsonObject) -> Expr:
        if keywords.get("contentEncoding") == "base64" and node.format is None:
            del keywords["contentEncoding"]
            return Atom("bytes")
        if node.format in _FORMAT_CLASSES:
            return Atom(self.use(*_FORMAT_CLASSES[node.format]))
        if node.format is not None:
            keywords["format"] = node.format
        return Atom("str")

    def _enum(self, node: EnumType) -> Expr | None:
        allowed = (str, int, bool, type(None))
        if not node.values or not all(type(v) in allowed for v in node.values):
            return None
        seen = {(type(v), repr(v)) for v in node.values}
        if len(seen) != len(node.values):
            return None
        if None in node.values[:-1]:  # ``Literal[None, 12]`` is ruff's PYI061, and
            return None  # ``Literal[12] | None`` reads back as ``[12, null]``: the fallback
        literal = self.use("typing", "Literal")
        values = node.values
        if len(values) > 1 and values[-1] is None:  # reads back as the same schema
            values = values[:-1]
        group = Group(literal, "[", tuple(Atom(pycode.literal(v)) for v in values), "]")
        return group if values == node.values else self.union((group, Atom("None")))

    def _array(self, node: ArrayType, hint: str, keywords: JsonObject) -> Expr | None:
        if node.prefix is not None:
            if node.items is not None or node.unique:
                return None
            if not node.prefix:
                return Atom("tuple[()]")
            return Group(
                "tuple", "[", tuple(self.annotation(t, hint).expr() for t in node.prefix), "]"
            )
        items = (
            self.annotation(node.items, hint).expr()
            if node.items is not None
            else Atom(self.use("typing", "Any"))
        )
        if node.unique and (node.items is None or not self._hashable(node.items, set())):
            # a set cannot hold lists, dicts or the stubs' classes (a Toolbox call with such a
            # set would fail on its first item), and a set of any item reads back as one of
            # scalars: a list, its items unique by the schema
            keywords["uniqueItems"] = True
            return Group("list", "[", (items,), "]")
        return Group("set" if node.unique else "list", "[", (items,), "]")

    def _hashable(self, node: SchemaType, seen: set[str]) -> bool:
        """Whether the Python form the stubs write for the node is hashable: not a list, a
        dict or one of the classes written for objects (dataclasses, TypedDicts)."""
        if isinstance(node, ObjectType | AnyValueType):  # a dict; any value, a list too
            return False
        if isinstance(node, ArrayType):  # a tuple of hashable members, or a list or a set
            return node.prefix is not None and all(self._hashable(t, seen) for t in node.prefix)
        if isinstance(node, AnyOfType):
            return all(self._hashable(o, seen) for o in node.options)
        if isinstance(node, RefType) and node.name not in seen:
            target = self._definitions.get(node.name)
            return target is None or self._hashable(target, seen | {node.name})
        return True  # scalars, enums, Any; a recursive reference adds nothing new

    def _union(self, node: AnyOfType, hint: str) -> Expr | None:
        options = tuple(distinct_forms(node.options))
        if len(options) == 1 < len(node.options):  # equal members (distinct_forms): one annotation
            return self.annotation(options[0], hint).expr()
        nulls = [o for o in options if isinstance(o, NullType)]
        inner = [o for o in options if not isinstance(o, NullType)]
        enums = [o for o in inner if isinstance(o, EnumType) and not o.keywords]
        if (
            len(options) < 2
            or (nulls and (options[-1] is not nulls[0] or nulls[0].keywords or len(nulls) > 1))
            or any(isinstance(o, AnyOfType | AnyValueType) and not o.keywords for o in options)
            or len(enums) > 1
            or (enums and nulls and len(inner) == 1)  # reads back as one enum holding null
        ):
            return None
        return self.union(tuple(self.annotation(o, hint).expr() for o in options))

    def _ref(self, node: RefType) -> Expr | None:
        if node.name in self._definition_classes:
            return Atom(self._definition_classes[node.name])
        target = self._definitions.get(node.name)
        if target is None:
            self.notes.append(f"$defs entry {node.name!r} is missing; any value accepted")
            return None
        if not isinstance(target, ObjectType) or _mapping(target):
            # a recursive alias (typesense's ``DocumentSchema = Mapping[str, ... |
            # "DocumentSchema"]``): its text may name itself; a class would have no fields
            return Atom(self._alias(node.name, target))
        key = (node.name, self._reached(node.name))
        name = self._recursive.get(key)
        if name is not None:
            self._definition_classes[node.name] = name
            return Atom(name)
        name = self._recursive[key] = self.claim(target.title or node.name)
        self._definition_classes[node.name] = name
        self._write_class(name, target)
        return Atom(name)

    def _reached(self, definition: str) -> str:
        """The JSON text of a ``$defs`` entry and of every entry it reaches: one class for every
        tool whose ``$defs`` say the same (each tool's definitions are its own; a recursive
        class used by two tools was written twice, the second named ``Node_2``, which read
        back as a ``$defs`` entry of that title)."""
        reached: dict[str, Json] = {}
        pending = [definition]
        while pending:
            name = pending.pop()
            target = self._definitions.get(name)
            if name in reached or target is None:
                continue
            reached[name] = target.to_schema()
            pending.extend(n.name for n in walk(target) if isinstance(n, RefType))
        return json.dumps(reached, sort_keys=True)

    def _alias(self, definition: str, target: SchemaType) -> str:
        """The name of a recursive alias, written once for every tool whose ``$defs`` entry has
        the same text (each tool's definitions are its own, but eight tools of a class often
        share one ``JsonType``)."""
        self._definition_classes[definition] = _SELF
        text = pycode.flat(self.annotation(target, definition).expr())
        name = self._aliases.get((definition, text))
        if name is None:
            name = self._aliases[definition, text] = self.claim(definition)
            value = pycode.string(text.replace(_SELF, name))
            line = f"{name}: {self.use('typing', 'TypeAlias')} = {value}"
            if len(line) > pycode.LINE_LENGTH and len(pycode.INDENT + value) <= pycode.LINE_LENGTH:
                line = f"{name}: TypeAlias = (\n{pycode.INDENT}{value}\n)"  # as ruff format
            self.aliases.append(line)
        self._definition_classes[definition] = name
        return name

    def _object(self, node: ObjectType, hint: str, keywords: JsonObject) -> Expr:
        if node.title is None and not node.properties and node.additional is not None:
            extra = node.additional
            if isinstance(extra, bool):
                keywords["additionalProperties"] = extra  # said explicitly: keep it so
                value: Expr = Atom(self.use("typing", "Any"))
            else:
                value = self.annotation(extra, hint).expr()
            return Group("dict", "[", (Atom("str"), value), "]")
        key = (node.title, self._object_key(node))
        name = self._classes.get(key)
        if name is None and node.title is not None:
            # an untitled object named after its parameter reads back titled with that name:
            # one class, as a scan of the stubs would make the two (a stub, then its scan, is
            # a fixed point)
            untitled = json.dumps(ObjectType(node.properties).to_schema())
            if self._classes.get((None, untitled)) == node.title:
                name = self._classes[key] = node.title
        if name is None:
            name = self.claim(node.title or pycode.class_name(hint))
            self._classes[key] = name
            self._write_class(name, node)
        if node.title is not None and name != node.title:
            keywords["title"] = node.title
        if "description" in keywords and keywords["description"] == self._class_texts.get(name):
            del keywords["description"]  # the class's docstring says it
        if node.additional is False or isinstance(node.additional, SchemaType):
            keywords["additionalProperties"] = (
                False if node.additional is False else node.additional.to_schema()
            )
        return Atom(name)

    def _object_key(self, node: ObjectType) -> str:
        """The JSON text of an object's properties (one class per distinct text)."""
        known = self._object_keys.get(id(node))
        if known is not None and known[0] is node:
            return known[1]
        key = json.dumps(ObjectType(node.properties, title=node.title).to_schema())
        self._object_keys[id(node)] = (node, key)
        return key

    def claim(self, wanted: str) -> str:
        """A module-level class name close to ``wanted``, unique in the module."""
        base = wanted if wanted.isidentifier() and wanted[:1].isupper() else None
        base = base or pycode.class_name(wanted)
        if not base[0].isalpha():
            base = "T" + base
        if base not in self.taken and not keyword.iskeyword(base) and pycode.is_plain_name(base):
            self.taken.add(base)
            return base
        return pycode.identifier(base, self.taken)

    def _write_class(self, name: str, node: ObjectType) -> None:
        description = dict(node.keywords).get("description")
        text = description if isinstance(description, str) else ""
        self._class_texts[name] = text
        names_ok = all(_field_name_ok(f.name, self.taken) for f in node.properties)
        if not names_ok:
            self.blocks.append(self._functional(name, node, text))
        elif self.typed_dict:
            self.blocks.append(self._typed_dict(name, node, text))
        else:
            self.blocks.append(self._dataclass(name, node, text))

    def _dataclass(self, name: str, node: ObjectType, description: str) -> list[str]:
        lines: list[str] = []
        seen_optional = False
        keyword_only = False
        body: list[tuple[Field, Annotation, str | None]] = []
        for f in node.properties:
            annotation = self.annotation(f.type, f.name)
            default = self._field_default(f, annotation)
            if default is None:
                keyword_only = keyword_only or seen_optional
            else:
                seen_optional = True
            body.append((f, annotation, default))
        self.use("dataclasses", "dataclass")
        lines.append("@dataclass(kw_only=True)" if keyword_only else "@dataclass")
        lines.append(f"class {name}:")
        lines.extend(self._class_body(body, description))
        return lines

    def _field_default(self, f: Field, annotation: Annotation) -> str | None:
        """The ``= ...`` text of a dataclass field (None for a required one)."""
        if f.required:
            return None
        if f.default is MISSING:
            self.uses_no_default = True
            return "NO_DEFAULT"
        if fits(f.default, f.type, self.typed_dict):
            if f.default == [] and isinstance(f.default, list):
                return f"{self.use('dataclasses', 'field')}(default_factory=list)"
            if f.default == {} and isinstance(f.default, dict):
                return f"{self.use('dataclasses', 'field')}(default_factory=dict)"
            if not isinstance(f.default, list | dict):
                return pycode.literal(f.default)
        annotation.add_default(f.default)
        self.uses_no_default = True
        return "NO_DEFAULT"

    def _typed_dict(self, name: str, node: ObjectType, description: str) -> list[str]:
        body: list[tuple[Field, Annotation, str | None]] = []
        for f in node.properties:
            annotation = self.annotation(f.type, f.name)
            if f.default is not MISSING:
                annotation.add_default(f.default)
            if not f.required:
                annotation.base = Group(
                    self.use("typing", "NotRequired"), "[", (annotation.base,), "]"
                )
            body.append((f, annotation, None))
        lines = [f"class {name}({self.use('typing', 'TypedDict')}):"]
        lines.extend(self._class_body(body, description))
        return lines

    def _functional(self, name: str, node: ObjectType, description: str) -> list[str]:
        """``Name = TypedDict("Name", {...})``: keys that are not identifiers stay exact."""
        entries: list[Expr | pycode.Pair] = []
        for f in node.properties:
            annotation = self.annotation(f.type, f.name)
            if f.description:
                annotation.description = f.description
            if f.default is not MISSING:
                annotation.add_default(f.default)
            if not f.required:
                annotation.base = Group(
                    self.use("typing", "NotRequired"), "[", (annotation.base,), "]"
                )
            text = pycode.string(pycode.flat(annotation.expr()))
            entries.append(pycode.Pair(pycode.string(f.name), Atom(text)))
        call = Group(
            self.use("typing", "TypedDict"),
            "(",
            (Atom(pycode.string(name)), Group("", "{", tuple(entries), "}")),
            ")",
        )
        lines = pycode.layout(call, "", f"{name} = ", "")
        if description:
            lines.append(f'{name}.__doc__ = """{pycode.docstring_body(description)}"""')
        return lines

    def _class_body(
        self, body: list[tuple[Field, Annotation, str | None]], description: str
    ) -> list[str]:
        documented = [(f.name, f.description) for f, _, _ in body if f.description]
        docstring, carried = attributes_docstring(description, documented)
        if description and not carried.description:
            self.notes.append("a class description cannot be carried by a docstring exactly")
        lines = [*docstring, ""] if docstring and body else docstring
        for f, annotation, default in body:
            if f.description and f.name not in carried.names:
                annotation.description = f.description
            after = f" = {default}" if default is not None else ""
            lines.extend(
                pycode.statement_layout(annotation.expr(), pycode.INDENT, f"{f.name}: ", after)
            )
        if not lines:
            lines.append(f"{pycode.INDENT}pass")
        return lines


def _mapping(node: ObjectType) -> bool:
    """Whether the object is a mapping written ``dict[str, X]``: untitled, no properties,
    its values typed."""
    return node.title is None and not node.properties and node.additional is not None


def _field_name_ok(name: str, module_names: set[str]) -> bool:
    return (
        name.isidentifier()
        and unicodedata.normalize("NFKC", name) == name
        and not keyword.iskeyword(name)
        and not name.startswith("__")
        and name not in module_names
        and name not in {"str", "int", "float", "bool", "list", "dict", "set", "tuple", "bytes"}
    )


def _literal_types(option: Expr) -> set[str]:
    """The builtin types of the values of a ``Literal[...]`` (``{"str", "int"}``); none for
    anything else."""
    if not (isinstance(option, Group) and option.head == "Literal"):
        return set()
    found = set()
    for item in option.items:
        text = item.text if isinstance(item, Atom) else ""
        if text in ("True", "False"):
            found.add("bool")
        elif text[:1] in ("'", '"'):
            found.add("str")
        elif text.lstrip("-")[:1].isdigit():
            found.add("int")
    return found


def _is_base64(schema_type: StringType) -> bool:
    """Whether the string is ``bytes`` in the stub (``_string``)."""
    return schema_type.format is None and any(
        key == "contentEncoding" and value == "base64" for key, value in schema_type.keywords
    )


def fits(value: Json, schema_type: SchemaType, typed_dict: bool) -> bool:
    """Whether ``value`` written as a Python literal type-checks as the annotation of
    ``schema_type`` (so it can be a default as is)."""
    if isinstance(schema_type, AnyValueType):
        return not schema_type.keywords
    if isinstance(schema_type, AnyOfType):
        if row_of_schema(schema_type) is not None:
            return False  # a class (Decimal) that no JSON literal is
        return any(fits(value, o, typed_dict) for o in schema_type.options)
    if isinstance(schema_type, EnumType):
        return any(type(v) is type(value) and v == value for v in schema_type.values)
    if isinstance(schema_type, NullType | BooleanType | IntegerType | StringType):
        if isinstance(schema_type, StringType) and (
            schema_type.format in _FORMAT_CLASSES or _is_base64(schema_type)
        ):
            return False  # a class (date) or ``bytes``: the JSON text is no such literal
        names = {NullType: "null", BooleanType: "boolean", IntegerType: "integer"}
        return json_type_name(value) == names.get(type(schema_type), "string")
    if isinstance(schema_type, NumberType):
        return json_type_name(value) in ("integer", "number")
    if isinstance(schema_type, ArrayType):
        if not isinstance(value, list) or schema_type.prefix is not None or schema_type.unique:
            return False
        item = schema_type.items
        return item is None or all(fits(v, item, typed_dict) for v in value)
    if isinstance(schema_type, ObjectType) and isinstance(value, dict):
        if schema_type.title is None and not schema_type.properties:
            extra = schema_type.additional
            return not isinstance(extra, bool) and (
                extra is None or all(fits(v, extra, typed_dict) for v in value.values())
            )
        if not typed_dict:
            return False
        known = {f.name: f for f in schema_type.properties}
        required = {f.name for f in schema_type.properties if f.required}
        return (
            set(value) <= set(known)
            and required <= set(value)
            and all(fits(v, known[k].type, typed_dict) for k, v in value.items())
        )
    return False
