"""Rewrite the tool-search fixtures from the real libraries:
``PYTHONPATH=. /path/to/venv-with-the-libraries/bin/python tests/regen_search_fixtures.py``.

Each fixture is the tools.json of one real class, cut to what the ranking reads (names,
descriptions, parameter names; every parameter schema left as ``{}``), so that the ranking
test needs neither the libraries nor their 113 MB of schemas."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import Any

from inspector.files.jsonfile import write_json
from inspector.files.tools_json import to_json
from inspector.project import pipeline

FIXTURES = Path(__file__).resolve().parent / "search_fixtures"
LIBRARIES = {
    "kubernetes": "kubernetes.client:CoreV1Api",
    "redis": "redis:Redis",
    "slack_sdk": "slack_sdk:WebClient",
}
"""Fixture name → the scan target it is made from."""


def slim(target: str) -> Any:
    """The tools.json of a target without any parameter's schema."""
    catalog, _ = pipeline.scan([target])
    document: Any = to_json(catalog)
    for group in document["classes"].values():
        for entry in group["methods"].values():
            function = entry["function"]
            properties = function["parameters"].get("properties", {})
            function["parameters"] = {
                "type": "object",
                "properties": {key: {} for key in properties},
            }
            for key in [k for k in entry if k not in ("type", "function")]:
                del entry[key]
    document.pop("$defs", None)  # the shared definitions: no schema is left to use them
    return document


def main() -> None:
    for name, target in LIBRARIES.items():
        path = FIXTURES / f"{name}.json"
        write_json(path, slim(target))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
