"""Actions made once: an action never changes (frozen, its id, label and payload fixed by what
its key names), so the offers of every state share it instead of building it anew."""

from collections.abc import Callable
from typing import Any, TypeVar

LIMIT = 50_000  # entries kept at most; the store starts afresh when full

T = TypeVar("T")

MADE: dict[tuple[Any, ...], Any] = {}
"""Every action (or tuple of actions) made so far, by key: the hottest offers read it (`MADE.get(key) or once(...)`)
and call `once` only to make a new one."""


def once(key: tuple[Any, ...], build: Callable[..., T], *args: Any) -> T:
    """`build(*args)`, made once per `key` (which must name everything the action shows)."""
    action = MADE.get(key)
    if action is None:
        if len(MADE) >= LIMIT:
            MADE.clear()
        action = MADE[key] = build(*args)
    return action
