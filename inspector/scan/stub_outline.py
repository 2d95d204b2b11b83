"""A stub file read into its definitions by name, for ``stubsource``'s signatures.

A module's statements are read with ``ast`` once; ``sys.version_info`` and ``sys.platform``
conditions are decided for this Python (``condition_value``); a function's overloads are kept
together (``Overloads``). A long class body or module is outlined first (``Outline``): its
top-level statements are found by their text and each is parsed only when a signature asks
for its name.
"""

from __future__ import annotations

import ast
import keyword
import re
import sys
import typing
from collections.abc import Callable, Iterable, Iterator

from inspector.scan.typecheck_names import TOP_LEVEL_LINE


class StubModule:
    """The parts of a stub file that signatures need."""

    __slots__ = ("definitions", "imports", "star_imports")

    def __init__(self) -> None:
        self.definitions: dict[str, Definition] | Outline = {}
        self.imports: dict[str, tuple[str, str | None]] = {}
        self.star_imports: list[str] = []
        """Modules whose names this stub re-exports whole (``from _collections_abc import *``)."""


def class_members(node: ast.ClassDef) -> dict[str, Definition] | Outline:
    if isinstance(node, OutlinedClass):
        body = node.text[node.body_start :]
        outline = _body_outline(body) if len(body) > OUTLINED_BODY else None
        if outline is not None:
            return outline
    members: dict[str, Definition] = {}
    for statement in _active(class_body(node)):
        _define(statement, members)
    return members


def class_body(node: ast.ClassDef) -> list[ast.stmt]:
    """A class's statements, an outlined class's body parsed whole."""
    if not isinstance(node, OutlinedClass):
        return node.body
    whole = ast.parse(node.text).body[0]
    assert isinstance(whole, ast.ClassDef)
    return whole.body


def _defined_names(statements: list[ast.stmt]) -> set[str]:
    defined: dict[str, Definition] = {}
    for statement in statements:
        _define(statement, defined)
    return set(defined)


OUTLINED_BODY = 12_000
"""A class body longer than this (in characters) is outlined when a member is asked for; a
shorter one is parsed whole then: a scan asks for most members of a class that small, and
parsing them one by one after outlining costs more than parsing the body once (typeshed's
email ``Message``, 6 kB: 5 % more instructions for ``EmailMessage``'s inspection)."""


class OutlinedClass(ast.ClassDef):
    """A stub class parsed as its header (decorators, name, bases); its body (``text`` from
    ``body_start``) is outlined when a member is first asked for, and only the members asked
    for are parsed. A hint's names are mostly classes, whose bodies no one reads, and numpy's
    ``ndarray`` is 1,950 lines (parsing it whole was 14 of the 100 ms of its inspection)."""

    text: str
    body_start: int


_CLASS_HEADER = re.compile(r"(?:@[^\n]*\n)*class[ \t]+\w+")
_CODE_LINE = re.compile(r"^([ \t]*)[^ \t\n#]", re.M)
"""A line of code (not blank, not a comment: those are masked), and its indent."""


def _outlined_class(text: str) -> list[ast.stmt] | None:
    """A class statement's text (of a source that ``_outline_statements`` outlines) as an
    ``OutlinedClass``; None when it is not one, or its body starts on its header's line, and
    the caller parses it whole."""
    header_end = _header_end(text)
    if header_end is None:
        return None
    try:
        parsed = ast.parse(text[:header_end] + " ...").body
    except SyntaxError:
        return None
    if len(parsed) != 1 or not isinstance(parsed[0], ast.ClassDef):
        return None
    node = OutlinedClass(**{name: getattr(parsed[0], name) for name in parsed[0]._fields})
    node.text, node.body_start = text, text.index("\n", header_end) + 1
    return [node]


def _header_end(text: str) -> int | None:
    """Where a class statement's header ends (after its colon), when nothing but a comment
    follows on that line; None otherwise. Only the header's lines are masked."""
    header = _CLASS_HEADER.match(text)
    if header is None:
        return None
    depth, start = 0, header.end()
    while (end := text.find("\n", start)) >= 0:
        line = _STRING.sub(_mask, text[start:end])
        for index, character in enumerate(line):
            if character in "([{":
                depth += 1
            elif character in ")]}":
                depth -= 1
            elif character == ":" and depth == 0:
                return start + index + 1 if not line[index + 1 :].strip(" \t#") else None
        start = end + 1
    return None


def _body_outline(body: str) -> Outline | None:
    """The outline of a class body (its lines after the header); None when it is beyond the
    outline's plain reading (a line of code less indented than the first, see also
    ``_outline_statements``)."""
    masked = _STRING.sub(_mask, body)
    first = _CODE_LINE.search(masked)
    indent = re.escape(first.group(1)) if first else ""
    if not indent or re.search(rf"^(?!{indent})(?![ \t#]*$)", masked, re.M):
        return None
    statements = _outline_statements(re.sub(rf"^{indent}", "", body, flags=re.M))
    if statements is None:
        return None
    try:
        return _outline(statements, _defined_names)
    except SyntaxError:  # a piece that does not parse on its own: the whole class is parsed
        return None


def read_module(source: str, module: str, filename: str) -> StubModule:
    """The imports of a stub, and its definitions: read from its outline when it has one,
    else from the whole file parsed; raises ``SyntaxError`` (and what ``ast.parse`` raises)
    for a stub that does not parse."""
    stub = StubModule()
    package = module if filename == "__init__.pyi" else module.rpartition(".")[0]
    statements = _outline_statements(source)
    if statements is None:
        _read_statements(stub, _active(ast.parse(source).body), package)
        return stub
    stub.definitions = _outline(statements, lambda read: _read_statements(stub, read, package))
    return stub


def _outline(
    statements: list[tuple[str, str | None]], read: Callable[[list[ast.stmt]], set[str]]
) -> Outline:
    """An outline of statements (``_outline_statements``): each one that binds a name kept as
    text under it; the others parsed now, together (imports, version tests), given to ``read``
    (which records what it needs of them), and placed under the names ``read`` says they
    define."""
    outline = Outline()
    eager: list[str] = []
    for text, name in [*statements, ("", None)]:
        if name is None and text:
            eager.append(text)
            continue
        if eager:  # statements read now, together: imports, version tests, the rest
            parsed = list(_active(ast.parse("".join(eager)).body))
            outline.place(parsed, read(parsed))
            eager = []
        if name is not None:
            outline.place(text, [name])
    return outline


def _read_statements(stub: StubModule, statements: Iterable[ast.stmt], package: str) -> set[str]:
    """Record the imports of a stub's statements, and define the rest in ``stub.definitions``
    when it is a dict; the names they define."""
    defined: dict[str, Definition] = {}
    for statement in statements:
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                top = alias.name.partition(".")[0]
                stub.imports[alias.asname or top] = (alias.name if alias.asname else top, None)
        elif isinstance(statement, ast.ImportFrom):
            source = statement.module or ""
            if statement.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - statement.level + 1])
                source = f"{base}.{source}" if source else base
            for alias in statement.names:
                if alias.name != "*":
                    stub.imports[alias.asname or alias.name] = (source, alias.name)
                else:
                    stub.star_imports.append(source)
        else:
            _define(statement, defined)
            if isinstance(stub.definitions, dict):
                _define(statement, stub.definitions)
    return set(defined)


class Outline:
    """A stub's top-level definitions (or a class's members), parsed when first asked for.
    Each name lists the
    statements that may bind it, in order: the text of a class, a function or an alias (one
    name), or statements already parsed (imports, ``if sys.version_info`` blocks). A scan
    reads a stub for a few classes and the names their methods use: numpy's ``__init__.pyi``
    (236 kB) took 70 of the 100 ms of ``ndarray``'s inspection when parsed whole."""

    def __init__(self) -> None:
        self._places: dict[str, list[str | list[ast.stmt]]] = {}
        self._found: dict[str, Definition | None] = {}

    def place(self, statements: str | list[ast.stmt], names: Iterable[str]) -> None:
        """Statements (text to parse, or parsed) that may bind each of ``names``."""
        for name in names:
            self._places.setdefault(name, []).append(statements)

    def get(self, name: str) -> Definition | None:
        """What the stub defines the name as (None when it does not)."""
        if name not in self._found:
            defined: dict[str, Definition] = {}
            places = self._places.get(name, [])
            for index, place in enumerate(places):
                statements = places[index] = _parsed(place)
                for statement in statements:
                    _define(statement, defined)
            self._found[name] = defined.get(name)
        return self._found[name]

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None


def _parsed(place: str | list[ast.stmt]) -> list[ast.stmt]:
    """An outline's statements parsed (a class as an ``OutlinedClass`` where it can be)."""
    if not isinstance(place, str):
        return place
    return _outlined_class(place) or list(_active(ast.parse(place).body))


_UNLEXED = re.compile(r"""\"\"\"|'''|\\\r?\n""")
"""What the outline's lexing leaves to the parser: strings over several lines, backslash
continuations."""
_STRING = re.compile(r"""#[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")
"""A comment or a one-line string, whichever starts first."""
_NAMED = re.compile(
    r"(?:@[^\n]*\n)*(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|(\w+)[ \t]*(?::|=(?!=))"
)
"""The first lines of a statement that binds one name: a class or a function (after one-line
decorators), or an alias (``Name = ...``, ``Name: T = ...``)."""


def _mask(match: re.Match[str]) -> str:
    """A comment as ``#`` and a string as ``_``, each as long as it was; a string with an ``f``
    among the two characters before it (an f-string, whose quotes may nest from Python 3.12)
    as quotes, which the outline leaves to the parser."""
    text = match.group()
    if text[0] == "#":
        return "#" * len(text)
    maybe_f_string = "f" in match.string[max(match.start() - 2, 0) : match.start()].lower()
    return ('"' if maybe_f_string else "_") * len(text)


def _outline_statements(source: str) -> list[tuple[str, str | None]] | None:
    """The top-level statements of a stub's source, in order, each with the one name it binds
    when it is a class, a function or an alias (None for any other statement); None when the
    source is beyond this plain lexing (``_UNLEXED``, a quote left open), and the caller
    parses it whole.

    A statement starts on a line at column 0 that is neither a comment nor a closing bracket
    nor the next clause of a compound statement (``TOP_LEVEL_LINE``) and is outside every
    bracket; strings and comments are masked first, so what they hold counts for nothing."""
    if _UNLEXED.search(source):
        return None
    masked = _STRING.sub(_mask, source)
    if '"' in masked or "'" in masked:
        return None
    statements: list[tuple[str, str | None]] = []
    depth, begin = 0, 0
    starts = [m.start() for m in TOP_LEVEL_LINE.finditer(masked)]
    for start, end in zip(starts, [*starts[1:], len(source)], strict=True):
        piece = masked[start:end]
        depth += sum(map(piece.count, "([{")) - sum(map(piece.count, ")]}"))
        if depth < 0:
            return None
        if start == end or depth or piece.startswith("@"):  # inside brackets, decorated
            continue
        head = masked[begin:end]
        named = _NAMED.match(head) if ";" not in head else None
        name = (named.group(1) or named.group(2)) if named else None
        statements.append((source[begin:end], None if keyword.iskeyword(name or "") else name))
        begin = end
    if depth or begin != len(source):
        return None
    return statements


def _define(statement: ast.stmt, into: dict[str, Definition]) -> None:
    """Record a class, a function (overloads gathered in a list) or an alias."""
    if isinstance(statement, ast.ClassDef):
        into[statement.name] = statement
    elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
        previous = into.get(statement.name)
        if _is_overload(statement) and isinstance(previous, Overloads):
            previous.definitions.append(statement)
        elif _is_overload(statement):
            into[statement.name] = Overloads([statement])
        else:
            into[statement.name] = statement
    elif isinstance(statement, ast.AnnAssign | ast.Assign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and statement.value is not None:
            into[targets[0].id] = statement.value
        elif (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and isinstance(statement.annotation, ast.Name | ast.Attribute)
        ):  # ``rmtree: _RmtreeType``: an instance of a class, maybe one whose ``__call__`` is
            into[statement.target.id] = statement  # the function's signature (typeshed's shutil)


class Overloads:
    """The ``@overload`` definitions of one name."""

    __slots__ = ("definitions",)

    def __init__(self, definitions: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> None:
        self.definitions = definitions


Definition = ast.AST | Overloads


def _is_overload(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(decorator_is(d, "overload") for d in node.decorator_list)


def decorator_is(decorator: ast.expr, name: str) -> bool:
    """Whether a decorator is ``name`` or ``module.name``."""
    return (isinstance(decorator, ast.Name) and decorator.id == name) or (
        isinstance(decorator, ast.Attribute) and decorator.attr == name
    )


def _active(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements that apply to this interpreter (``if sys.version_info ...`` decided)."""
    for statement in body:
        if isinstance(statement, ast.If):
            verdict = condition_value(statement.test)
            if verdict is not False:
                yield from _active(statement.body)
            if verdict is not True:
                yield from _active(statement.orelse)
        elif isinstance(statement, ast.Try):
            yield from _active(statement.body)
        else:
            yield statement


def condition_value(test: ast.expr) -> bool | None:
    """The value of a stub's version or platform test; None when it is something else."""
    if isinstance(test, ast.BoolOp):
        values = [condition_value(v) for v in test.values]
        if None in values:
            return None
        return all(values) if isinstance(test.op, ast.And) else any(values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = condition_value(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        subject = ast.unparse(test.left)
        known = {"sys.version_info": tuple(sys.version_info), "sys.platform": sys.platform}
        if subject in known:
            try:
                other = ast.literal_eval(test.comparators[0])
            except ValueError:
                return None
            return _compare(known[subject], test.ops[0], other)
    if isinstance(test, ast.Call) and ast.unparse(test.func) == "sys.platform.startswith":
        try:
            prefix = ast.literal_eval(test.args[0])
        except (ValueError, IndexError):
            return None
        return isinstance(prefix, str) and sys.platform.startswith(prefix)
    return None


def _compare(left: object, operator: ast.cmpop, right: object) -> bool | None:
    comparisons: dict[type[ast.cmpop], Callable[[typing.Any, typing.Any], bool]] = {
        ast.Eq: lambda a, b: a == b,
        ast.NotEq: lambda a, b: a != b,
        ast.Lt: lambda a, b: a < b,
        ast.LtE: lambda a, b: a <= b,
        ast.Gt: lambda a, b: a > b,
        ast.GtE: lambda a, b: a >= b,
    }
    compare = comparisons.get(type(operator))
    try:
        return compare(left, right) if compare else None
    except TypeError:
        return None
