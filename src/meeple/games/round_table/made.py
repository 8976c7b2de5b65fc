"""Actions made once: an action never changes (frozen, its id, label and payload fixed by what
its key names), so the offers of every state share it instead of building it anew."""

from collections.abc import Callable
from typing import Any

from meeple.engine import Action

LIMIT = 50_000  # actions kept at most; the store starts afresh when full

_MADE: dict[tuple[Any, ...], Action] = {}


def once(key: tuple[Any, ...], build: Callable[..., Action], *args: Any) -> Action:
    """`build(*args)`, made once per `key` (which must name everything the action shows)."""
    action = _MADE.get(key)
    if action is None:
        if len(_MADE) >= LIMIT:
            _MADE.clear()
        action = _MADE[key] = build(*args)
    return action
