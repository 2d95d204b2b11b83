"""A small shop's stock: the golden case of a curated classification file."""

from __future__ import annotations


class Inventory:
    """The items of a shop, by category."""

    def list_items(
        self,
        category: str,
        limit: int = 20,
        include_archived: bool = False,
        page_token: str | None = None,
    ) -> list[str]:
        """List the items of a category, newest first.

        Args:
            category: The category's slug.
            limit: How many items at most.
            include_archived: Whether archived items are listed too.
            page_token: Where the previous page ended.

        Returns:
            The item ids.
        """
        return []

    def get_item(self, item_id: str, verbose: bool = False) -> dict[str, str]:
        """One item's fields.

        Args:
            item_id: The item's id.
            verbose: Whether every field is returned.
        """
        return {"id": item_id}

    def delete_item(self, item_id: str, dry_run: bool = True) -> bool:
        """Delete one item.

        Args:
            item_id: The item's id.
            dry_run: Only say what would be deleted.
        """
        return dry_run

    def delete_all(self) -> int:
        """Delete every item."""
        return 0

    def export_csv(self, path: str) -> str:
        """Write the stock as CSV.

        Args:
            path: Where to write.
        """
        return path

    def export_json(self, path: str) -> str:
        """Write the stock as JSON.

        Args:
            path: Where to write.
        """
        return path

    def count(self, category: str | None = None) -> int:
        """How many items there are.

        Args:
            category: Only this category's.
        """
        return 0
