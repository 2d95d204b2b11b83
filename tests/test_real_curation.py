"""A real SDK shaped by one short classification file: kubernetes ``CoreV1Api`` (413 methods,
each twice as ``x`` and ``x_with_http_info``) down to seven tools with patterns, a prefix,
renames, a fixed ``_request_timeout`` and hidden watch parameters; every provider file passes
its SDK's check and the Toolbox calls the client with the fixed values."""

from __future__ import annotations

from pathlib import Path

import kubernetes.client
import pytest

from inspector.catalog import Catalog
from inspector.diagnostics import has_errors
from inspector.files.classification import load, to_json
from inspector.files.jsonfile import dumps
from inspector.project import pipeline
from inspector.render.options import RenderOptions
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.goldens import RENDERS
from tests.test_providers import CHECKS

WATCH = ["watch", "allow_watch_bookmarks", "send_initial_events", "resource_version_match"]
SHAPE = {
    "CoreV1Api": {
        "@prefix": "k8s_",
        "*_with_http_info": False,
        "list_namespace": {"name": "list_namespaces", "hidden": WATCH},
        "list_namespaced_pod": {
            "name": "list_pods",
            "description": "List the pods of one namespace.",
            "fixed": {"_request_timeout": 30, "pretty": "false"},
            "hidden": [*WATCH, "shard_selector", "async_req"],
            "params": {"namespace": {"description": "Kubernetes namespace, e.g. default."}},
        },
        "read_namespaced_pod": {"name": "get_pod", "fixed": {"_request_timeout": 30}},
        "read_namespaced_pod_log": {
            "name": "pod_logs",
            "fixed": {"_request_timeout": 30, "follow": False},
            "hidden": ["insecure_skip_tls_verify_backend"],
        },
        "list_namespaced_service": {"name": "list_services", "hidden": WATCH},
        "list_namespaced_event": {"name": "list_events", "hidden": WATCH},
        "delete_namespaced_pod": {"name": "delete_pod", "approval": True, "timeout": 60},
        "*": False,
    }
}
NAMES = [
    "k8s_delete_pod",
    "k8s_list_namespaces",
    "k8s_list_events",
    "k8s_list_pods",
    "k8s_list_services",
    "k8s_get_pod",
    "k8s_pod_logs",
]


@pytest.fixture(scope="module")
def shaped(tmp_path_factory: pytest.TempPathFactory) -> tuple[Catalog, Path]:
    """CoreV1Api scanned, and the classification file beside where its tools.json would be."""
    path = tmp_path_factory.mktemp("k8s") / "tools.classification.json"
    path.write_bytes(dumps(SHAPE))
    catalog, diagnostics = pipeline.scan(["kubernetes.client:CoreV1Api"])
    assert not has_errors(diagnostics)
    return catalog, path


def test_a_rescan_keeps_the_short_file_as_it_is(shaped: tuple[Catalog, Path]) -> None:
    """Patterns cover all 406 other methods: a rescan writes no entry for any of them."""
    catalog, path = shaped
    (group,) = catalog.classes
    assert len(group.tools) == 413
    merged, notes = pipeline.classify(load(path), catalog, path)
    assert notes == []
    assert dumps(to_json(merged.classification)) == path.read_bytes()


def test_every_provider_file_has_the_seven_shaped_tools(shaped: tuple[Catalog, Path]) -> None:
    """What ``render`` does for each golden render, each file checked by its SDK's types."""
    catalog, path = shaped
    tools, notes = pipeline.select(catalog, load(path), path)
    assert notes == []
    documents = {}
    for file_name, args in RENDERS.items():
        options = RenderOptions(
            strict="--strict" in args, gemini_json_schema="--gemini-json-schema" in args
        )
        (rendered,) = pipeline.render([args[1]], tools, options)
        assert rendered.document is not None, rendered.diagnostics
        CHECKS[file_name.removesuffix(".json")](rendered.document)
        documents[file_name] = rendered.document
    openai = documents["openai.json"]
    assert isinstance(openai, list)
    assert [t["function"]["name"] for t in openai] == NAMES
    pods = openai[NAMES.index("k8s_list_pods")]["function"]
    assert pods["description"] == "List the pods of one namespace."
    assert list(pods["parameters"]["properties"]) == [
        "namespace",
        "_continue",  # the paging token: a keyword escaped, no internal parameter
        "field_selector",
        "label_selector",
        "limit",
        "resource_version",
        "timeout_seconds",
    ]
    assert pods["parameters"]["properties"]["namespace"] == {
        "type": "string",
        "description": "Kubernetes namespace, e.g. default.",
    }
    for tool in openai:
        assert not set(tool["function"]["parameters"]["properties"]) & {*WATCH, "_request_timeout"}


class _RecordingClient(kubernetes.client.ApiClient):
    """An API client that records each request instead of sending it."""

    def __init__(self) -> None:
        super().__init__(kubernetes.client.Configuration(host="http://127.0.0.1:9"))
        self.requests: list[tuple[tuple[object, ...], object]] = []

    def _call_with_legacy_options(self, param, types, async_req, preload, timeout, data_only):  # type: ignore[no-untyped-def]  # noqa: PLR0917
        self.requests.append((param, timeout))
        return {"kind": "recorded"}


def test_the_toolbox_calls_the_client_with_the_fixed_values(
    shaped: tuple[Catalog, Path],
) -> None:
    client = _RecordingClient()
    box = Toolbox(
        kubernetes.client.CoreV1Api(client),
        classification=shaped[1],
    )
    assert [t.name for t in box.tools] == NAMES
    delete = box.tools[0]
    assert (delete.curation.approval, delete.curation.timeout) == (True, 60.0)
    assert box.call("k8s_list_pods", {"namespace": "default", "limit": 2}) == {"kind": "recorded"}
    ((method, url, *_), timeout) = client.requests[-1]
    assert (method, timeout) == ("GET", 30)
    assert url == "http://127.0.0.1:9/api/v1/namespaces/default/pods?pretty=false&limit=2"
    page = {"namespace": "default", "limit": 2, "_continue": "tok2"}
    assert box.call("k8s_list_pods", page) == {"kind": "recorded"}
    ((method, url, *_), timeout) = client.requests[-1]
    assert url == (
        "http://127.0.0.1:9/api/v1/namespaces/default/pods?pretty=false&continue=tok2&limit=2"
    )
    with pytest.raises(ToolCallError, match="unexpected argument 'watch'"):
        box.call("k8s_list_pods", {"namespace": "default", "watch": True})
    with pytest.raises(ToolCallError, match="unknown tool 'list_namespaced_pod_with_http_info'"):
        box.call("list_namespaced_pod_with_http_info", {"namespace": "default"})
