"""tools.json's ``$defs``: a nested model (a titled object type: a dataclass, TypedDict,
pydantic model, ...) that the file would write more than once, whether in one tool or in several,
is written once for the whole file and referred to; reading the file back writes the references
out again, so the tools are the ones the scan made.

Provider files share within each tool instead (``ToolDescriptor.parameters_schema``), since
providers take each tool's schema on its own; both count uses the same way (``shared_types``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from inspector.model import (
    AnyOfType,
    ArrayType,
    Field,
    JsonObject,
    ObjectType,
    Refs,
    RefType,
    Returns,
    SameTypes,
    SchemaType,
    ToolDescriptor,
    UseCounts,
    is_named,
    named_below,
    refs_to,
    unique_name,
    used_definitions,
    walk,
)


class _Rebuild:
    """Rebuilds types with some nodes replaced (``replaced``), each node once."""

    def __init__(self) -> None:
        self._done: dict[int, tuple[SchemaType, SchemaType]] = {}

    def replaced(self, node: SchemaType) -> SchemaType | None:
        """What a node becomes (None: it is kept, its insides rebuilt)."""
        raise NotImplementedError

    def of(self, node: SchemaType) -> SchemaType:
        """The node with what is below it replaced; the node itself when nothing is."""
        done = self._done.get(id(node))
        if done is not None and done[0] is node:
            return done[1]
        result = self.replaced(node)
        if result is None:
            result = self._rebuilt(node)
        self._done[id(node)] = (node, result)
        return result

    def _rebuilt(self, node: SchemaType) -> SchemaType:
        if isinstance(node, ArrayType):
            items = self.of(node.items) if node.items is not None else None
            prefix = tuple(self.of(p) for p in node.prefix) if node.prefix is not None else None
            if items is node.items and (prefix is None or prefix == node.prefix):
                return node
            return replace(node, items=items, prefix=prefix)
        if isinstance(node, ObjectType):
            fields = self.fields(node.properties)
            additional = node.additional
            if not isinstance(additional, bool | None):
                additional = self.of(additional)
            if fields is node.properties and additional is node.additional:
                return node
            return replace(node, properties=fields, additional=additional)
        if isinstance(node, AnyOfType):
            options = tuple(self.of(o) for o in node.options)
            if all(a is b for a, b in zip(options, node.options, strict=True)):
                return node
            return replace(node, options=options)
        return node

    def fields(self, fields: tuple[Field, ...]) -> tuple[Field, ...]:
        """The fields with their types rebuilt (the same tuple when none changes)."""
        new = tuple(
            replace(f, type=t) if (t := self.of(f.type)) is not f.type else f for f in fields
        )
        return fields if all(a is b for a, b in zip(new, fields, strict=True)) else new


def _has_refs(node: SchemaType) -> bool:
    return any(isinstance(n, RefType) for n in walk(node))


class FileDefinitions:
    """The ``$defs`` of a whole file of tools (tools.json): every tool's own definitions, and
    each named type the file would write more than once, once for all tools.

    Names are the tools' own (a tool whose definition differs from another's of that name has
    its references renamed: ``Node2``) and the types' titles. A named type that refers to a
    tool's definitions is shared only within its tool (its references mean that tool's)."""

    def __init__(self, tools: Sequence[ToolDescriptor]) -> None:
        self.same = SameTypes()
        self.taken: set[str] = set()
        self.entries: list[tuple[str, SchemaType, dict[str, str]]] = []
        """Each definition: its file name, its type, the renames of its references."""
        self.renames: list[dict[str, str]] = []
        """Per tool (in order), its definitions' names → their file names, where they differ."""
        self._names: dict[int, str] = {}  # by id of the first-seen equal type
        closures: list[list[tuple[str, SchemaType]]] = []
        for tool in tools:
            renames: dict[str, str] = {}
            for name, body in tool.definitions:
                closure = used_definitions([body], tool.definitions)
                index = next(
                    (
                        i
                        for i, (_, known, _) in enumerate(self.entries)
                        if (known is body or known == body) and closures[i] == closure
                    ),
                    None,
                )
                if index is None:
                    index = len(self.entries)
                    self.entries.append((unique_name(name, self.taken), body, renames))
                    closures.append(closure)
                    if isinstance(body, ObjectType) and body.title is not None:
                        self._names[id(self.same.of(body))] = self.entries[index][0]
                if self.entries[index][0] != name:
                    renames[name] = self.entries[index][0]
            self.renames.append(renames)
        self._share_across(tools)

    def _share_across(self, tools: Sequence[ToolDescriptor]) -> None:
        uses: list[SchemaType] = []
        for tool in tools:
            uses += [f.type for f in tool.parameters]
            if tool.returns.type is not None:
                uses.append(tool.returns.type)
        defined = set(self._names)
        counting = UseCounts(self.same, defined)
        for use in uses:
            counting.count([use] if is_named(use) else named_below(use))
        for _, body, _ in self.entries:
            counting.count(named_below(body))
        for shared in counting.shared():
            if id(shared) not in defined and not _has_refs(shared):
                name = unique_name(shared.title or "Object", self.taken)
                self._names[id(shared)] = name
                self.entries.append((name, shared, {}))

    def refs(self, index: int) -> Refs:
        """How the tool at ``index`` writes its schemas: shared types and its definitions as
        references to the file's ``$defs``."""
        return refs_to(self.same, self._names).with_renames(self.renames[index])

    def schemas(self) -> JsonObject:
        """The file's ``$defs``: each definition written out once."""
        base = refs_to(self.same, self._names)
        written: JsonObject = {}
        for name, body, renames in self.entries:
            refs = base.with_renames(renames)
            written[name] = (
                body.body_schema(refs) if isinstance(body, ObjectType) else body.to_schema(refs)
            )
        return written


class FileExpansion(_Rebuild):
    """Tools read back as their scan made them: each reference to a definition that is not
    recursive written out (one type object per definition, which every tool shares); recursive
    ones become the tool's own definitions. Made once per file with the file's ``$defs``."""

    def __init__(self, definitions: dict[str, SchemaType]) -> None:
        super().__init__()
        self.definitions = definitions
        self.recursive = _recursive_names(definitions)
        self._expanded: dict[str, SchemaType] = {}
        self._read: dict[str, SchemaType] = {}
        self._recursive_bodies: tuple[tuple[str, SchemaType], ...] | None = None

    def read(self, schema: JsonObject, parse: Callable[[JsonObject], SchemaType]) -> SchemaType:
        """The type of a schema (read by ``parse``) of a tool without definitions of its own,
        written out as ``tool`` would write it: read and written out once per distinct schema
        in the file (the same object for equal schemas), instead of once per tool."""
        key = repr(schema)  # the same text only for equal JSON of the same types (1, 1.0, True)
        found = self._read.get(key)
        if found is None:
            found = self._read[key] = self.of(parse(schema))
        return found

    def definitions_of(self, types: list[SchemaType]) -> tuple[tuple[str, SchemaType], ...]:
        """The recursive definitions that written-out types still refer to: the tool's own."""
        if not self.recursive:
            return ()
        if self._recursive_bodies is None:
            self._recursive_bodies = tuple(
                (name, self.of(body))
                for name, body in self.definitions.items()
                if name in self.recursive
            )
        return tuple(used_definitions(types, self._recursive_bodies))

    def replaced(self, node: SchemaType) -> SchemaType | None:
        if (
            isinstance(node, RefType)
            and not node.keywords
            and node.name in self.definitions
            and node.name not in self.recursive
        ):
            found = self._expanded.get(node.name)
            if found is None:
                found = self._expanded[node.name] = self.of(self.definitions[node.name])
            return found
        return None

    def tool(self, tool: ToolDescriptor) -> ToolDescriptor:
        """The tool with what it refers to made its own: the file's definitions, or its own
        ``$defs`` where it has them (a provider's file, an older tools.json), written out
        unless recursive."""
        if tool.definitions:
            return FileExpansion(dict(tool.definitions))._written_out(tool)
        return self._written_out(tool) if self.definitions else tool

    def _written_out(self, tool: ToolDescriptor) -> ToolDescriptor:
        fields = self.fields(tool.parameters)
        returns = tool.returns
        if returns.type is not None:
            returns = Returns(self.of(returns.type), returns.description)
        types = [f.type for f in fields] + ([returns.type] if returns.type is not None else [])
        definitions = self.definitions_of(types)
        if (fields, returns, definitions) == (tool.parameters, tool.returns, tool.definitions):
            return tool
        return replace(tool, parameters=fields, returns=returns, definitions=definitions)


def _recursive_names(definitions: dict[str, SchemaType]) -> set[str]:
    """The definitions that refer to themselves, directly or through others."""
    edges = {
        name: {n.name for n in walk(body) if isinstance(n, RefType)}
        for name, body in definitions.items()
    }
    recursive: set[str] = set()
    for start, refers_to in edges.items():
        stack, seen = list(refers_to), set[str]()
        while stack:
            name = stack.pop()
            if name == start:
                recursive.add(start)
                break
            if name not in seen:
                seen.add(name)
                stack.extend(edges.get(name, ()))
    return recursive
