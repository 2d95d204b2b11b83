"""Text is data, never code; files are never lost.

Property tests draw names, descriptions, docstrings, enum values and defaults from all of
Unicode (lone surrogates and NUL included) mixed with text that looks like Jinja or Python.
Failure injection and a state machine check that no write leaves a partial file and no
rescan loses a value the user set."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from inspector import api, codes
from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import InspectorError
from inspector.files import jsonfile as files
from inspector.files.classification import load as load_classification
from inspector.files.classification import to_json as classification_json
from inspector.files.jsonfile import json_text
from inspector.files.tools_json import from_json, to_json
from inspector.model import MISSING, EnumType, Field, StringType, ToolDescriptor
from inspector.providers.names import fitted_names
from inspector.render.jinja import provider_unit
from inspector.render.jinja import render_template as render
from inspector.render.options import RenderOptions
from inspector.scan.docstrings import parse_docstring
from inspector.scan.scanner import scan
from inspector.stubs.module import build_module, render_stubs
from tests.conftest import COMPILED
from tests.goldens import RENDERS

TRICKY = [
    "{{ 7 * 7 }}",
    "{% raw %}",
    "{% endraw %}",
    "{#",
    "#}",
    '"""',
    "'''",
    "\\N{BULLET}",
    "\\u0041",
    "\\",
    '"',
    "'",
    "\n",
    "\r\n",
    "\t",
    "\x00",
    "\ud800",
    "\udfff",
    "\u2028",
    "${x}",
    "</script>",
]
any_text = st.lists(
    st.sampled_from(TRICKY) | st.text(st.characters(exclude_categories=()), max_size=6),
    max_size=6,
).map("".join)


def as_json_reads_it(text: str) -> str:
    """JSON escapes are UTF-16: two lone surrogates that form a pair read back as the one
    character they encode, whatever writes them."""
    result: str = json.loads(json.dumps(text))
    return result


def _strings(document: Any) -> list[str]:
    """Every string value and key in a JSON document."""
    found: list[str] = []
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            found.extend(item)
            stack.extend(item.values())
    return found


NON_STRICT = {name: args for name, args in RENDERS.items() if "--strict" not in args}


def _entries(document: Any, count: int) -> list[Any]:
    """A provider file's tool entries, in the order of its tools: the document itself, or the
    one list it holds (``tools``, ``functionDeclarations``)."""
    entries = document if isinstance(document, list) else next(iter(document.values()))
    assert isinstance(entries, list) and len(entries) == count, document
    return entries


# Several tools a file: a render compiles its template each time, so a file of up to four
# tools checks about as many texts in a third of the renders; each tool's texts are looked for
# in its own entry only.
@given(
    st.lists(st.tuples(any_text, any_text, any_text, any_text), min_size=1, max_size=4),
)
@settings(max_examples=60, deadline=None)
def test_any_text_reaches_every_provider_file_exactly(
    texts: list[tuple[str, str, str, str]],
) -> None:
    tools = []
    for number, (description, parameter_text, value, default) in enumerate(texts):
        fields = (
            Field(
                "choice",
                EnumType((value, "other")) if value != "other" else EnumType((value,)),
                parameter_text,
            ),
            Field("note", StringType(), "", False, default),
        )
        name = f"tool{number}"
        tools.append(ToolDescriptor(name, description, fields, class_name="C", method_name=name))
    for file_name, args in NON_STRICT.items():
        options = RenderOptions(
            gemini_json_schema="--gemini-json-schema" in args, compiled=COMPILED
        )
        document = json.loads(render(args[1], tools, options)[0])
        for entry, (description, parameter_text, value, default) in zip(
            _entries(document, len(tools)), texts, strict=True
        ):
            strings = _strings(entry)
            for text in map(as_json_reads_it, (description, parameter_text, value)):
                if text:
                    assert any(text in s for s in strings), (file_name, text)
            if default:  # kept as a value, or as JSON text in a "(default: ...)" note
                noted = as_json_reads_it(json.dumps(default, ensure_ascii=False))
                forms = (as_json_reads_it(default), noted)
                assert any(form in s for s in strings for form in forms), file_name


@given(st.lists(any_text, min_size=1, max_size=4, unique=True))
@settings(max_examples=60, deadline=None)
def test_a_tool_name_is_carried_exactly_or_in_the_form_the_rule_takes(names: list[str]) -> None:
    tools = [
        ToolDescriptor(name, "Does.", (), class_name="C", method_name=f"m{number}")
        for number, name in enumerate(names)
    ]
    for args in NON_STRICT.values():
        fitted = fitted_names(provider_unit(args[1], []).tool_names, names)
        text, notes = render(args[1], tools, RenderOptions(compiled=COMPILED))
        for entry, name in zip(_entries(json.loads(text), len(names)), names, strict=True):
            assert as_json_reads_it(fitted.get(name, name)) in _strings(entry)
        shortened = [n.code for n in notes if n.code == codes.NAME_SHORTENED]
        assert len(shortened) == len(fitted)


@given(docstring=any_text)
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_any_docstring_is_read_as_data(docstring: str, tmp_path: Path) -> None:
    module = tmp_path / f"doc_{uuid.uuid4().hex}.py"
    module.write_text(
        "class C:\n    def f(self, x: int) -> None:\n        pass\n\n"
        f"    f.__doc__ = {docstring!r}\n",
        encoding="utf-8",
    )
    catalog, _ = scan([f"{module}:C"])
    document = json.loads(json_text(to_json(catalog)))
    (tool,) = [t for _, t in from_json(document).tools()]
    try:
        expected = parse_docstring(docstring).description
    except Exception:  # the parser refused it: the scan reported it and left it empty
        expected = ""
    assert tool.description == as_json_reads_it(expected)


@given(
    class_key=any_text.filter(bool),
    # "@..." is a class option and "*", "?", "[" make a pattern: names of methods have neither
    method=any_text.filter(lambda m: bool(m) and not m.startswith("@")),
    value=st.booleans(),
)
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_classification_round_trips_any_names(
    class_key: str, method: str, value: bool, tmp_path: Path
) -> None:
    path = tmp_path / f"c_{uuid.uuid4().hex}.json"
    files.write_text(path, json_text({class_key: {method: value}}))
    expected = {as_json_reads_it(class_key): {as_json_reads_it(method): value}}
    loaded = load_classification(path)
    assert loaded is not None
    assert classification_json(loaded) == expected


@given(
    names=st.lists(any_text, min_size=1, max_size=3, unique=True),
    texts=st.lists(any_text, min_size=3, max_size=3),
)
@example(names=["º"], texts=["", "", ""])  # Python reads the identifier º as o (NFKC)
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_stubs_of_any_names_and_text_compile_and_carry_them_back(
    names: list[str], texts: list[str], tmp_path: Path
) -> None:
    enum_values = tuple(dict.fromkeys(texts))
    fields = tuple(
        Field(
            name,
            EnumType(enum_values),
            texts[0],
            index == 0,
            MISSING if index == 0 else enum_values[0],
        )
        for index, name in enumerate(names)
    )
    tool = ToolDescriptor(
        names[0] or "t", texts[1], fields, class_name="C", method_name=names[0] or "t"
    )
    module, _ = build_module(Catalog((CatalogClass("C", "", (tool,)),)), "hostile.json")
    text = render_stubs(module, [])
    compile(text, "stubs.py", "exec")
    path = tmp_path / f"stub_{uuid.uuid4().hex}.py"
    path.write_text(text, encoding="utf-8")
    catalog, _ = scan([f"{path}:C"])
    (back,) = [t for _, t in catalog.tools()]
    assert back.name == tool.name
    assert back.parameters_schema()["properties"] == tool.parameters_schema()["properties"]


SOURCE = '''\
class Shop:
    """Sells."""

    def buy(self, item: str) -> None:
        """Buy.

        Args:
            item: What.
        """

    def sell(self, item: str) -> None:
        """Sell.

        Args:
            item: What.
        """
'''


@pytest.fixture
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shop.py").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def test_a_failure_while_writing_the_classification_keeps_the_old_file(
    shop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools, classification = shop / "tools.json", shop / "tools.classification.json"
    api.scan_targets(["shop.py:Shop"], output=tools, classification_path=classification)
    classification.write_text('{"Shop": {"buy": false, "sell": true}}\n', encoding="utf-8")
    old = classification.read_bytes()
    (shop / "shop.py").write_text(
        SOURCE + '\n    def rent(self) -> None:\n        """Rent."""\n', "utf-8"
    )
    real_replace = os.replace

    def failing_replace(source: str, target: Path) -> None:
        if Path(target).name == classification.name:
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(InspectorError, match="cannot write"):
        api.scan_targets(["shop.py:Shop"], output=tools, classification_path=classification)
    assert classification.read_bytes() == old  # old, whole
    assert "rent" in tools.read_text(encoding="utf-8")  # new, whole
    assert sorted(p.name for p in shop.iterdir()) == [
        "shop.py",
        "tools.classification.json",
        "tools.json",
    ]


def test_an_exception_after_tools_json_is_written_leaves_whole_files(
    shop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools, classification = shop / "tools.json", shop / "tools.classification.json"
    api.scan_targets(["shop.py:Shop"], output=tools, classification_path=classification)
    before = {p.name: p.read_bytes() for p in (tools, classification)}
    real_write = files.write_file
    calls = []

    def interrupted(path: Path, data: bytes) -> bool:
        calls.append(path)
        if path == classification:
            raise KeyboardInterrupt
        return real_write(path, data)

    monkeypatch.setattr(api, "write_file", interrupted)
    (shop / "shop.py").write_text(SOURCE.replace("Buy.", "Buy now."), "utf-8")
    with pytest.raises(KeyboardInterrupt):
        api.scan_targets(["shop.py:Shop"], output=tools, classification_path=classification)
    assert calls == [tools, classification]
    assert json.loads(tools.read_text(encoding="utf-8"))  # the new file, whole
    assert "Buy now." in tools.read_text(encoding="utf-8")
    assert classification.read_bytes() == before["tools.classification.json"]


class ClassificationMachine(RuleBasedStateMachine):
    """Add, remove and rename methods, rename the class, toggle values in the file, rescan,
    prune: a value the user set is never lost while its method exists (or until a prune removes
    it), and follows its method through a rename."""

    def __init__(self) -> None:
        super().__init__()
        import tempfile

        self.directory = Path(tempfile.mkdtemp())
        self.class_name = "Shop"
        self.methods: list[str] = ["buy"]
        self.user: dict[tuple[str, str], bool] = {}
        self.counter = 0
        self.docstrings: dict[str, str] = {"buy": "buy"}
        self.scanned: tuple[str, list[str]] = ("", [])
        self._rescan()

    def _source(self) -> str:
        body = "".join(
            f'    def {m}(self) -> None:\n        """{self.docstrings[m]}."""\n\n'
            for m in self.methods
        )
        empty = "    pass\n"
        return f'class {self.class_name}:\n    """Shop."""\n\n{body or empty}'

    def _rescan(self, prune: bool = False) -> None:
        self._follow_class_rename()
        module = self.directory / "shop.py"
        module.write_text(self._source(), encoding="utf-8")
        api.scan_targets(
            [f"{module}:{self.class_name}"],
            output=self.directory / "tools.json",
            classification_path=self.directory / "tools.classification.json",
            prune=prune,
        )
        self.scanned = (self.class_name, list(self.methods))
        if prune:
            self.user = {
                (c, m): v
                for (c, m), v in self.user.items()
                if c == self.class_name and m in self.methods
            }

    def _follow_class_rename(self) -> None:
        """A scanned class new to the file that has all of one vanished class's methods takes
        over that class's values (the scan's class-rename rule)."""
        before = self._file()
        if self.class_name in before:
            return
        fits = [
            key for key, methods in before.items() if methods and set(methods) <= set(self.methods)
        ]
        if len(fits) == 1:
            for class_key, method in list(self.user):
                if class_key == fits[0]:
                    self.user[(self.class_name, method)] = self.user.pop((class_key, method))

    def _file(self) -> dict[str, dict[str, bool]]:
        loaded = load_classification(self.directory / "tools.classification.json")
        return classification_json(loaded) if loaded else {}  # type: ignore[return-value]

    @rule()
    def add_method(self) -> None:
        self.counter += 1
        self.methods.append(f"m{self.counter}")
        self.docstrings[f"m{self.counter}"] = f"m{self.counter}"

    @rule(data=st.data())
    def rename_method_and_rescan(self, data: st.DataObject) -> None:
        """Same docstring and parameters under a new name: the rescan takes it as a rename."""
        if not self.methods or self.scanned != (self.class_name, self.methods):
            return
        old = data.draw(st.sampled_from(self.methods))
        self.counter += 1
        new = f"r{self.counter}"
        self.methods[self.methods.index(old)] = new
        self.docstrings[new] = self.docstrings[old]
        if (self.class_name, old) in self.user:
            self.user[(self.class_name, new)] = self.user.pop((self.class_name, old))
        self._rescan()

    @rule(data=st.data())
    def remove_method(self, data: st.DataObject) -> None:
        if self.methods:
            self.methods.remove(data.draw(st.sampled_from(self.methods)))

    @rule(name=st.sampled_from(["Shop", "Store", "Market"]))
    def rename_class(self, name: str) -> None:
        self.class_name = name

    @rule(data=st.data(), value=st.booleans())
    def toggle(self, data: st.DataObject, value: bool) -> None:
        current = self._file()
        entries = [(c, m) for c, methods in current.items() for m in methods]
        if not entries:
            return
        key = data.draw(st.sampled_from(entries))
        current[key[0]][key[1]] = value
        (self.directory / "tools.classification.json").write_text(json_text(current), "utf-8")
        self.user[key] = value

    @rule()
    def rescan(self) -> None:
        self._rescan()

    @rule()
    def prune(self) -> None:
        self._rescan(prune=True)

    @invariant()
    def user_values_are_kept(self) -> None:
        current = self._file()
        for (class_key, method), value in self.user.items():
            assert current.get(class_key, {}).get(method) == value, (class_key, method)


TestClassificationMachine = ClassificationMachine.TestCase
TestClassificationMachine.settings = settings(
    max_examples=80, stateful_step_count=12, deadline=None
)
