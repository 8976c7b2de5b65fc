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
