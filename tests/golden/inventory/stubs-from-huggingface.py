"""Typed stubs of the tools in huggingface.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from typing import Annotated, Any


class Schema:
    """JSON Schema keywords of the annotated type that Python cannot say."""

    def __init__(self, json_schema_extra: dict[str, Any]) -> None:
        self.json_schema_extra = json_schema_extra


class _NoDefault:
    """The default of an optional argument whose schema gives none."""

    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()


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

    def shop_get_item(self, item_id: str) -> dict[str, str]:
        """One item's fields.

        Args:
            item_id: The item's id.
        """
        raise NotImplementedError

    def shop_delete_item(self, item_id: str) -> bool:
        """Delete one item.

        Args:
            item_id: The item's id.
        """
        raise NotImplementedError

    def shop_count(
        self,
        category: Annotated[
            str,
            Schema({"default": None, "nullable": True}),
        ] = NO_DEFAULT,
    ) -> int:
        """How many items there are.

        Args:
            category: Only this category's.
        """
        raise NotImplementedError
