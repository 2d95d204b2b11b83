"""Large tool sets on a real library: kubernetes' ``CoreV1Api`` (a subset of its methods, to stay
fast) writes each model once (shared ``$defs``), and its tools pass their size budgets with
warnings that name the parameters to cut."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import kubernetes  # noqa: F401  (the test extra installs it: missing, the test fails)
import pytest

from inspector.api import scan_catalog
from inspector.files import tools_json
from inspector.model import ToolDescriptor
from tests.conftest import Run
from tests.test_providers import CHECKS

SUBSET = """
from kubernetes.client import CoreV1Api


class Pods:
    create_namespaced_pod = CoreV1Api.create_namespaced_pod
    replace_namespaced_pod = CoreV1Api.replace_namespaced_pod
    read_namespaced_pod = CoreV1Api.read_namespaced_pod
    list_namespaced_pod = CoreV1Api.list_namespaced_pod
    create_namespaced_service = CoreV1Api.create_namespaced_service
    create_persistent_volume = CoreV1Api.create_persistent_volume
"""


@pytest.fixture
def subset(in_tmp: Path) -> Path:
    Path("k8s_pods.py").write_text(textwrap.dedent(SUBSET))
    return in_tmp


def _compact(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def _inline_size(tool: ToolDescriptor) -> int:
    """What tools.json wrote for a tool before shared definitions: every type written out."""
    return sum(_compact(f.to_schema()) for f in tool.parameters) + _compact(
        tool.returns.to_schema()
    )


def test_kubernetes_tools_json_shrinks_fivefold(subset: Path) -> None:
    catalog, _ = scan_catalog(["k8s_pods.py:Pods"])
    tools = [t for g in catalog.classes for t in g.tools]
    assert len(tools) == 6
    document = tools_json.to_json(catalog)
    before = sum(_inline_size(t) for t in tools)
    after = _compact(document)
    assert before > 1_000_000  # V1Pod alone is about 130 KB written out
    assert after * 5 < before, (before, after)
    definitions = document["$defs"]
    assert isinstance(definitions, dict)
    assert {"V1Pod", "V1ObjectMeta", "V1Container", "V1Probe"} <= set(definitions)
    text = tools_json.to_text(catalog)
    assert tools_json.to_text(tools_json.from_json(json.loads(text))) == text


def test_kubernetes_provider_files_share_per_tool(
    subset: Path, run_cli: Callable[..., Run]
) -> None:
    assert run_cli("scan", "k8s_pods.py:Pods", "-o", "tools.json", "-q").status == 0
    for provider in ("openai", "anthropic"):
        result = run_cli("render", "--provider", provider, "-o", f"{provider}.json", "-q")
        assert result.status == 0, result.stderr
        CHECKS[provider](json.loads(Path(f"{provider}.json").read_text()))
    openai = json.loads(Path("openai.json").read_text())
    create = next(t for t in openai if t["function"]["name"] == "create_namespaced_pod")
    parameters = create["function"]["parameters"]
    assert parameters["properties"]["body"]["title"] == "V1Pod"  # used once: inline
    assert "V1Probe" in parameters["$defs"]  # liveness, readiness, startup probes: once


def test_kubernetes_tools_over_budget_name_what_to_cut(
    subset: Path, run_cli: Callable[..., Run]
) -> None:
    assert run_cli("scan", "k8s_pods.py:Pods", "-o", "tools.json", "-q").status == 0
    result = run_cli("render", "--provider", "anthropic", "-o", "anthropic.json")
    warnings = [line for line in result.stderr.splitlines() if "warning[" in line]
    over = {line.split(": ")[2] for line in warnings if "[TI510]" in line}
    assert over == {
        "Pods.list_namespaced_pod",  # with _continue's long text, the paging token
        "Pods.create_namespaced_pod",
        "Pods.replace_namespaced_pod",
        "Pods.create_namespaced_service",
        "Pods.create_persistent_volume",
    }
    pod = next(line for line in warnings if "Pods.create_namespaced_pod:" in line)
    assert "largest parameters: body ~" in pod
    assert '"fixed" (required: body)' in pod
    assert '"hidden" (optional: field_validation, dry_run)' in pod
    assert sum("[TI511]" in line for line in warnings) == 1
    assert result.stderr.splitlines()[-1].startswith("diagnostics: 0 errors, 6 warnings")
