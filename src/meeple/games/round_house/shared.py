"""Actions made once per content and situation and shared by every state and every call: an
action is frozen, and no consumer (views, the server, the terminal, meeple.rl) edits a payload
(tests/games/round_house/test_shared_actions.py). Labels are most of the cost of listing the
legal actions; the situations that word them are few (a room and its rewards, an order and its
Gold split, a hall space), so each action is worded the first time only."""

from collections.abc import Callable, Hashable
from typing import Any

from meeple.engine import Action

_MADE: dict[Hashable, Action] = {}


def once(key: Hashable, make: Callable[..., Action], *args: Any) -> Action:
    """The action `make(*args)` builds for `key` (a tuple naming the content and every value the
    action depends on), built the first time it is asked for."""
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = make(*args)
    return action


def made() -> dict[Hashable, Action]:
    """Every action made so far, by key (for tests)."""
    return _MADE
