"""Values a built-in template writes with ``tojson``, passed by reference while its output is
streamed: the template's text holds a placeholder where the value goes, and the parser of that
text puts the value itself there, instead of the value being written as JSON text and that text
parsed again (most of a tool entry is its schema).

The placeholder is a number no JSON writer makes (``-0.0e-`` and a random token), so the C
parser hands it to ``parse_float``, which returns the value. The file is the same: the value is
written as its parsed text would have been. Where that could differ (a value that JSON text
would not carry back as it is: a subclass, a key that is no string, a cycle) or a placeholder
does not come back exactly once as a value, the stream raises ``WholeText`` and the render is
made again from the whole text, with no placeholders."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

from inspector.files.jsonio import WholeText

_tojson = json.JSONEncoder(ensure_ascii=False).encode
_string = json.encoder.encode_basestring  # what _tojson does with a str


class ValueRefs:
    """The values one streamed render passes by reference: ``tojson`` (the template's filter)
    registers each dict and list under a placeholder, ``decode`` parses text putting them back,
    ``taken`` hands over those of the last value parsed, ``finish`` checks none was left."""

    def __init__(self) -> None:
        self._literal = f"-0.0e-{secrets.randbelow(10**20) + 10**20}0"
        self._values: dict[str, object] = {}
        self._seen: set[str] = set()
        self._count = 0
        self._floats = False
        self.floats_in_text = False
        """Whether the text of the value ``taken`` last handed over held a float of its own
        (one that is no value by reference)."""
        self.decode: Callable[[str, int], tuple[object, int]] = json.JSONDecoder(
            parse_float=self._parse_float
        ).raw_decode
        """``raw_decode`` that puts the values back in place of their placeholders."""

    def tojson(self, value: object) -> str:
        """The JSON text of a string or number; a placeholder for a dict or a list."""
        kind = type(value)
        if kind is str:
            return _string(value)  # type: ignore[arg-type]
        if kind is dict or kind is list:
            self._count += 1
            placeholder = f"{self._literal}{self._count}"
            self._values[placeholder] = value
            return placeholder
        return _tojson(value)

    def _parse_float(self, text: str) -> object:
        if not text.startswith(self._literal):
            self._floats = True
            return float(text)
        if text not in self._values:
            raise WholeText  # one that came back already, or none of ours
        self._seen.add(text)
        return self._values[text]

    def taken(self) -> list[object]:
        """The values put back in the value just parsed (each taken once: one that comes back
        again later raises ``WholeText``)."""
        self.floats_in_text, self._floats = self._floats, False
        if not self._seen:
            return []
        values = [self._values.pop(placeholder) for placeholder in self._seen]
        self._seen.clear()
        return values

    def finish(self) -> None:
        """``WholeText`` when a placeholder never came back as a value (the template used the
        text ``tojson`` gave some other way)."""
        if self._values:
            raise WholeText


_LIMIT = 1 << 64


def carried_as_is(value: object) -> bool:
    """Whether ``json.loads(tojson(value))`` is ``value`` as the JSON writer sees it: dicts with
    string keys, lists, tuples, strings, floats, bools, None and integers within 64 bits, of
    those exact types, each container met once (no cycle; a shared one is refused too)."""
    stack: list[object] = [value]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        kind = type(node)
        if isinstance(node, dict | list | tuple) and kind in (dict, list, tuple):
            if id(node) in seen:
                return False
            seen.add(id(node))
            if isinstance(node, dict):
                if not all(type(key) is str for key in node):
                    return False
                stack.extend(node.values())
            else:
                stack.extend(node)
        elif isinstance(node, int) and kind is int:
            if not -_LIMIT < node < _LIMIT:
                return False
        elif not (kind is str or kind is float or kind is bool or node is None):
            return False
    return True
