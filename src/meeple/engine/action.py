"""Actions: one atomic choice, with a stable id, a human label and a payload."""

from typing import Any

import msgspec


class Action(msgspec.Struct, frozen=True):
    """One legal choice for one seat.

    `id` is stable: the same choice in the same situation always has the same
    id, so records, the CLI, the server and bots can name it. `label` is what a
    person reads. `payload` carries the structured meaning for UIs and agents.
    """

    id: str
    label: str
    payload: dict[str, Any] = {}


def merge_alike(actions: list[Action]) -> list[Action]:
    """Actions that read the same and do the same (two leaders waiting in one hall, two copies of
    one amulet face up), the choice made once: each after the first keeps its id (records replay
    by id) and is marked `same_as` the first, so that a front end offers it once. A game calls it
    only where the same label means the same outcome."""
    first: dict[str, str] = {}
    out = []
    for action in actions:
        same = first.setdefault(action.label, action.id)
        out.append(
            action if same == action.id else Action(action.id, action.label, {**action.payload, "same_as": same})
        )
    return out
