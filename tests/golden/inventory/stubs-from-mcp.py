"""Typed stubs of the tools in mcp.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations


class Tools:
    """Stubs of tools."""

    def shop_items(self, category: str, include_archived: bool = False) -> list[str]:
        """List the items of one category.

        Args:
            category: Category slug, e.g. tools.
            include_archived: Whether archived items are listed too.

        Returns:
            The item ids.
        """
        raise NotImplementedError

    def shop_get_item(self, item_id: str, verbose: bool = False) -> dict[str, str]:
        """One item's fields.

        Args:
            item_id: The item's id.
            verbose: Whether every field is returned.
        """
        raise NotImplementedError

    def shop_delete_item(self, item_id: str, dry_run: bool = True) -> bool:
        """Delete one item.

        Args:
            item_id: The item's id.
            dry_run: Only say what would be deleted.
        """
        raise NotImplementedError

    def shop_count(self, category: str | None = None) -> int:
        """How many items there are.

        Args:
            category: Only this category's.
        """
        raise NotImplementedError
