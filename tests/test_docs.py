"""The documentation keeps up with the code: every public name has an API entry, the CLI
reference is generated from the parsers, every page is in the site's navigation, and the
provider output the pages show is what the commands write.

``make docs`` (run by ``make test``) builds the site with ``--strict``, which fails on a broken
link or an API entry naming something that no longer exists.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from hypothesis import given
from hypothesis import strategies as st

import inspector
from inspector.cli.main import _parser
from tests.conftest import ROOT, Run

DOCS = ROOT / "docs"


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cli_reference", DOCS / "hooks/cli_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def subcommands() -> dict[str, argparse.ArgumentParser]:
    (action,) = (a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_public_name_has_an_api_entry_at_its_home() -> None:
    page = (DOCS / "reference/api.md").read_text()
    documented = re.findall(r"^::: (\S+)$", page, flags=re.MULTILINE)
    expected = [f"inspector.{inspector._HOMES[name]}.{name}" for name in inspector.__all__]
    assert sorted(documented) == sorted(expected)


def test_cli_reference_names_every_command_and_option() -> None:
    reference = load_hook().cli_reference()
    commands = subcommands()
    assert {"scan", "render", "stubs", "build", "check", "diff", "providers"} <= set(commands)
    for name, parser in commands.items():
        section = reference.split(f"## `{name}` {{#{name}}}\n")[1].split("\n## ")[0]
        assert f"toolsinspector {name} [-h]" in section
        for action in parser._actions:
            for option in action.option_strings:
                assert f"`{option}" in section, (name, option)
    assert "| `--version` | print the version and exit. |" in reference
    assert "| `TARGET` | One or more. |" in reference


def test_cli_reference_replaces_only_its_marker() -> None:
    hook = load_hook()
    page = (DOCS / "reference/cli.md").read_text()
    assert hook.MARKER in page
    rendered = hook.on_page_markdown(page)
    assert hook.MARKER not in rendered
    assert "## `scan` {#scan}" in rendered
    assert hook.on_page_markdown("# Other page\n") == "# Other page\n"


def test_cli_reference_cells_cannot_break_the_table() -> None:
    hook = load_hook()
    assert hook._cell("a | b\n  <tools> *x* & y") == r"a \| b &lt;tools&gt; \*x\* &amp; y"


@given(st.text())
def test_any_help_text_stays_inside_its_table_cell(text: str) -> None:
    cell = load_hook()._cell(text)
    unescaped = re.sub(r"\\.", "", cell)
    assert not set(unescaped) & set("|*<>\n\\")
    assert html.unescape(re.sub(r"\\(.)", r"\1", cell)) == " ".join(text.split())


def test_every_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text()
    pages = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    assert pages
    assert [page for page in pages if f": {page}\n" not in nav] == []


def test_readme_links_point_at_files_that_exist() -> None:
    readme = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)#]+)\)", readme)
    assert "docs/getting-started.md" in targets
    assert [t for t in targets if "://" not in t and not (ROOT / t).exists()] == []


PROVIDER_TABS = {"OpenAI": "openai", "Anthropic": "anthropic", "Gemini": "gemini", "MCP": "mcp"}


def provider_tabs(page: str) -> dict[str, object]:
    """Each provider tab's JSON block on a page (``=== "OpenAI"``), as a value, by provider."""
    tabs = re.findall(r'^=== "(\w+)"\n\n    ```json\n(.*?)\n    ```$', page, re.M | re.S)
    return {PROVIDER_TABS[title]: json.loads(block) for title, block in tabs}


def test_the_home_page_shows_what_its_class_gives_for_each_provider(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    page = (DOCS / "index.md").read_text(encoding="utf-8")
    (source,) = re.findall(r'^```python title="shop.py"\n(.*?)^```$', page, re.M | re.S)
    Path("shop.py").write_text(source, encoding="utf-8")
    assert run_cli("scan", "shop.py:Shop", "-q").status == 0
    shown = provider_tabs(page)
    assert sorted(shown) == ["anthropic", "gemini", "mcp", "openai"]
    for provider, value in shown.items():
        run = run_cli("render", "--provider", provider, "-q")
        assert json.loads(run.stdout) == value, provider


def test_getting_started_shows_the_first_entry_each_provider_gets(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    shutil.copy(ROOT / "example_class.py", in_tmp)
    assert run_cli("scan", "example_class.py:ExampleClass", "-q").status == 0
    shown = provider_tabs((DOCS / "getting-started.md").read_text(encoding="utf-8"))
    assert sorted(shown) == ["anthropic", "gemini", "openai"]
    for provider, value in shown.items():
        rendered = json.loads(run_cli("render", "--provider", provider, "-q").stdout)
        entries = rendered["functionDeclarations"] if provider == "gemini" else rendered
        assert entries[0] == value, provider


def test_getting_started_shows_what_the_first_scan_prints(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    (shown,) = re.findall(
        r"^toolsinspector scan example_class.py:ExampleClass\n```\n\n```\n(.*?)```$",
        page,
        re.M | re.S,
    )
    shutil.copy(ROOT / "example_class.py", in_tmp)
    assert run_cli("scan", "example_class.py:ExampleClass").stdout == shown


def test_the_stubs_guide_s_equivalent_spellings_come_back_as_it_says(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    page = (DOCS / "guides" / "stubs.md").read_text(encoding="utf-8")
    assert '`"items": {}` and\n`"additionalProperties": {}` become `list[Any]`' in page
    parameters = {
        "type": "object",
        "properties": {
            "xs": {"type": "array", "items": {}},
            "m": {"type": "object", "additionalProperties": {}},
        },
        "required": ["xs", "m"],
    }
    method = {"type": "function", "function": {"name": "go", "parameters": parameters}}
    document = {
        "format": "toolsinspector/1",
        "classes": {"S": {"source": "s.py:S", "methods": {"go": method}}},
    }
    Path("t.json").write_text(json.dumps(document), encoding="utf-8")
    assert run_cli("stubs", "t.json", "-o", "s.py").status == 0
    assert "def go(self, xs: list[Any], m: dict[str, Any]) -> Any:" in Path("s.py").read_text()
    assert run_cli("scan", "s.py:S", "-o", "back.json", "-q").status == 0
    back = json.loads(Path("back.json").read_text(encoding="utf-8"))
    assert back["classes"]["S"]["methods"]["go"]["function"]["parameters"]["properties"] == {
        "xs": {"type": "array"},
        "m": {"type": "object"},
    }


def test_the_docs_url_is_the_site_s_url() -> None:
    import yaml

    from inspector.diagnostics import DOCS_URL, docs_url

    # mkdocs.yml carries python tags that yaml.safe_load refuses; only site_url is read here
    (line,) = [
        line
        for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
        if line.startswith("site_url:")
    ]
    assert yaml.safe_load(line)["site_url"] == DOCS_URL
    assert docs_url("reference/diagnostics.md") == DOCS_URL + "reference/diagnostics/"
    assert docs_url("index.md") == DOCS_URL
    assert docs_url("guides/ci.md", "pre-commit") == DOCS_URL + "guides/ci/#pre-commit"


def test_messages_point_to_the_site_never_to_a_file_of_the_repository() -> None:
    """A pip install has no docs/ folder: no string of the package names one."""
    import ast

    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "inspector").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and re.search(r"docs/\S+\.md", node.value)
    ]
    assert found == []


def test_user_guides_cite_no_source_file_of_the_package() -> None:
    """The guides say what the tool does, not where its code lives (a path moves with the next
    refactoring and means nothing to a user of the wheel); the contributing guide may."""
    pages = [
        DOCS / "index.md",
        DOCS / "getting-started.md",
        *sorted((DOCS / "guides").glob("*.md")),
    ]
    cited = [
        f"{page.relative_to(ROOT)}: {match[0]}"
        for page in pages
        for match in re.finditer(r"inspector/[\w/]+\.py", page.read_text(encoding="utf-8"))
    ]
    assert cited == []


def test_every_docs_url_a_message_gives_names_a_page_and_a_heading() -> None:
    import ast

    from markdown.extensions.toc import slugify

    calls = [
        [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
        for path in sorted((ROOT / "inspector").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "docs_url"
    ]
    assert len(calls) >= 3
    for page, *section in calls:
        text = (DOCS / page).read_text(encoding="utf-8")
        headings = {
            slugify(re.sub(r"`", "", line.lstrip("#").strip()), "-")
            for line in text.splitlines()
            if line.startswith("#")
        }
        assert not section or section[0] in headings, (page, section)


def test_the_pre_commit_examples_pin_a_commit_while_there_is_no_release_tag() -> None:
    revs = re.findall(r"^\s*rev: (\S+)", (DOCS / "guides" / "ci.md").read_text(), re.M)
    assert revs and all(re.fullmatch(r"[0-9a-f]{40}", rev) for rev in revs)
    assert "rev: v" not in (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
