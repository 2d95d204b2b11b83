"""Typed stubs of the tools in bedrock.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from typing import Any


class Tools:
    """Stubs of tools."""

    def shop_items(self, category: str, include_archived: bool = False) -> Any:
        """List the items of one category.

        Args:
            category: Category slug, e.g. tools.
            include_archived: Whether archived items are listed too.
        """
        raise NotImplementedError

    def shop_get_item(self, item_id: str) -> Any:
        """One item's fields.

        Args:
            item_id: The item's id.
        """
        raise NotImplementedError

    def shop_delete_item(self, item_id: str) -> Any:
        """Delete one item.

        Args:
            item_id: The item's id.
        """
        raise NotImplementedError

    def shop_count(self, category: str | None = None) -> Any:
        """How many items there are.

        Args:
            category: Only this category's.
        """
        raise NotImplementedError
