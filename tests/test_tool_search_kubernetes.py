"""A search session through the Toolbox on a real class: kubernetes ``CoreV1Api`` (207 tools
without the ``_with_http_info`` twins, 5.5 MB of OpenAI definitions in full)."""

from __future__ import annotations

import json

from kubernetes import client

from inspector.runtime.toolbox import Toolbox


def _call(query: str) -> dict[str, object]:
    arguments = json.dumps({"query": query})
    function = {"name": "search_tools", "arguments": arguments}
    return {"tool_calls": [{"id": "c1", "type": "function", "function": function}]}


def _names(definitions: object) -> list[str]:
    assert isinstance(definitions, list)
    return [entry["function"]["name"] for entry in definitions]


def test_a_search_session_on_kubernetes_core_v1_api() -> None:
    box = Toolbox(client.CoreV1Api(), exclude=["*_with_http_info"])
    assert len(box.tools) == 207
    assert _names(box.definitions("openai", search=True)) == ["search_tools"]
    (reply,) = box.handle("openai", _call("show me the logs of a pod"))
    found = json.loads(str(reply["content"]))
    assert [tool["name"] for tool in found["tools"]] == [
        "read_namespaced_pod_log",
        "connect_get_namespaced_pod_portforward",
        "connect_get_namespaced_pod_proxy",
        "connect_get_namespaced_pod_attach",
        "connect_get_namespaced_pod_exec",
    ]
    offered = box.definitions("openai", search=True)
    assert _names(offered) == [
        "connect_get_namespaced_pod_attach",
        "connect_get_namespaced_pod_exec",
        "connect_get_namespaced_pod_portforward",
        "connect_get_namespaced_pod_proxy",
        "read_namespaced_pod_log",
        "search_tools",
    ]
    (log,) = (e for e in offered if e["function"]["name"] == "read_namespaced_pod_log")  # type: ignore[union-attr,index]
    assert {"name", "namespace", "container", "tail_lines"} <= set(
        log["function"]["parameters"]["properties"]
    )
    box.reset_search()
    assert _names(box.definitions("openai", search=True)) == ["search_tools"]
