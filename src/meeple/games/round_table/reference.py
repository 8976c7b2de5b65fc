"""Round Table by name: every card of the pool (knights, titles, equipment, quests, redirects,
demesnes, regions) with its numbers and text, read from cards.toml; and the sentence saying
what a seat is asked and what it has (its RP to spend, its hand over the limit)."""

import re
from functools import cache
from typing import Any

from meeple.engine import Action, Entry
from meeple.games.round_table.content import Pool
from meeple.games.round_table.observation import card_view
from meeple.games.round_table.setup import HAND_LIMIT
from meeple.games.round_table.view import card_stats

COSTS = re.compile(r"\(\d+ RP\)")


@cache
def glossary(pool: Pool) -> tuple[Entry, ...]:
    """Each card of the pool (Description of Cards), by its title."""
    return tuple(
        Entry(card.type, card.name, f"{card_stats(card_view(card))}." + (f" {card.text}" if card.text else ""))
        for card in pool.cards
    )


def prompt(obs: dict[str, Any], legal: list[Action]) -> str:
    """Discarding over the hand limit (Winter) or paying RP for a card: what is owed and what the
    seat has."""
    seat = obs["seat"]
    if seat is None or not legal:
        return ""
    me = obs["seats"][seat]
    verbs = {action.id.partition(":")[0] for action in legal}
    held = len(me["hand"])
    if "discard" in verbs:
        return f"Hand limit: you hold {held} cards, more than {HAND_LIMIT}; discard {held - HAND_LIMIT}."
    if any(COSTS.search(action.label) for action in legal):
        free = me["capacity"] - me["allocated"]
        return (
            f"A card costs its RP: you have {free} RP free"
            f" (your demesnes give {me['capacity']}, {me['allocated']} allocated) and {held} cards in hand."
        )
    return ""
