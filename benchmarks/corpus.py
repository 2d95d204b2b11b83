"""A deterministic corpus: N/10 classes of 10 methods, mixed types, Google docstrings.

Enums and dataclasses live in ``models.py``, the classes in ``services.py``. The hints are
written as text (``from __future__ import annotations``: ``typing.get_type_hints`` evaluates
each one) or as real annotations (evaluated once, at import); the methods are the same.
"""

from __future__ import annotations

import random
from pathlib import Path

TYPES = (
    "str",
    "int",
    "float",
    "bool",
    "Optional[int]",
    "Literal['low', 'mid', 'high']",
    "list[str]",
    "dict[str, int]",
    "Color",
    "Address",
)
DEFAULTS = {
    "str": "'x'",
    "int": "3",
    "float": "0.5",
    "bool": "False",
    "Optional[int]": "None",
    "Literal['low', 'mid', 'high']": "'mid'",
    "Color": "Color.RED",
}
MODELS = '''"""Enums and dataclasses the benchmark services use."""

import enum
from dataclasses import dataclass


class Color(enum.Enum):
    """A colour."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"


@dataclass
class Address:
    """A postal address.

    Attributes:
        street: Street and number.
        city: City name.
    """

    street: str
    city: str
'''


def generate(
    directory: Path, methods: int, seed: int = 20261130, *, hints_as_text: bool = True
) -> Path:
    """Write ``models.py`` and ``services.py`` into ``directory``; returns the services file."""
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "models.py").write_text(MODELS, encoding="utf-8")
    lines = [
        '"""Generated benchmark services."""',
        "",
        *(["from __future__ import annotations", ""] if hints_as_text else []),
        "from typing import Literal, Optional",
        "",
        "from models import Address, Color",
        "",
    ]
    for class_index in range(methods // 10):
        lines += [
            "",
            f"class Service{class_index}:",
            f'    """Service number {class_index}."""',
            "",
        ]
        for method_index in range(10):
            lines += _method(rng, class_index, method_index)
    path = directory / "services.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _method(rng: random.Random, class_index: int, method_index: int) -> list[str]:
    count = rng.randint(1, 6)
    required, optional = [], []
    docs = []
    for position in range(count):
        hint = rng.choice(TYPES)
        name = f"arg{position}"
        if hint in DEFAULTS and rng.random() < 0.4:
            optional.append(f"{name}: {hint} = {DEFAULTS[hint]}")
        else:
            required.append(f"{name}: {hint}")
        docs.append(f"            {name}: What argument {position} of method {method_index} means,")
        docs.append("                explained on a second line.")
    signature = ", ".join(["self", *required, *optional])
    return [
        f"    def op{class_index}_{method_index}({signature}) -> int:",
        f'        """Run operation {method_index} of service {class_index}.',
        "",
        "        Args:",
        *docs,
        "",
        "        Returns:",
        "            The number of things done.",
        '        """',
        "        return 0",
        "",
    ]
