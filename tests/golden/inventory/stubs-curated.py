"""Typed stubs of the tools in inventory.tools.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from typing import ClassVar


class Inventory:
    """Stubs of the tools of tests/golden/inputs/inventory.py:Inventory."""

    __tool_names__: ClassVar[dict[str, str]] = {
        "count": "shop_count",
        "delete_item": "shop_delete_item",
        "get_item": "shop_get_item",
        "list_items": "shop_items",
    }

    def list_items(self, category: str, include_archived: bool = False) -> list[str]:
        """List the items of one category.

        Args:
            category: Category slug, e.g. tools.
            include_archived: Whether archived items are listed too.

        Returns:
            The item ids.
        """
        raise NotImplementedError

    def get_item(self, item_id: str) -> dict[str, str]:
        """One item's fields.

        Args:
            item_id: The item's id.
        """
        raise NotImplementedError

    def delete_item(self, item_id: str) -> bool:
        """Delete one item.

        Args:
            item_id: The item's id.
        """
        raise NotImplementedError

    def count(self, category: str | None = None) -> int:
        """How many items there are.

        Args:
            category: Only this category's.
        """
        raise NotImplementedError
