"""Lotta Rome by name: every land type with the building that scores on it, every building,
every contract card, the fort, gems and elephants, read from the content files; and the
sentence saying what a seat is asked and what it has (an auction bid's cost, a lot's order)."""

from functools import cache
from typing import Any

from meeple.engine import Action, Entry
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.contracts import contract_text

BUILDING_RULE = (
    "A building scores only if it stands on, or next to, land of its own type: then 1 point per tile"
    " of that connected group of land (Scoring)."
)


@cache
def glossary(content: Content) -> tuple[Entry, ...]:
    """Lands and buildings (base game), contracts, the fort, gems and elephants (The Merchants)."""
    lands = tuple(
        Entry(
            "land",
            land.name,
            f"A land type; {content.constants.stack_per_type} {land.plural} in each player's stack. Its building is"
            f" the {land.building}. ({land.note})",
        )
        for land in content.lands
    )
    buildings = tuple(
        Entry("building", land.building, f"The building of the {land.plural}. {BUILDING_RULE}")
        for land in content.lands
    )
    contracts = tuple(
        Entry(
            "contract",
            f"contract {card.number}",
            f"{contract_text(card, content)} at the end; the {card.coins} coin{'' if card.coins == 1 else 's'}"
            " on the card count towards an auction bid (The Merchants, phase 6).",
        )
        for card in sorted(content.contracts.values(), key=lambda card: card.number)
    )
    table = content.constants.gem_points
    gems = ", ".join(f"{n} gem{'s' if n > 1 else ''} {points}" for n, points in enumerate(table) if n)
    pieces = (
        Entry("piece", "fort", "Works as any building, of the type its player chooses once at the end (Scoring)."),
        Entry(
            "piece",
            "gem",
            f"Gems score at the end: {gems} points; more than {len(table) - 1} score as {len(table) - 1}."
            " The smaller lot of a division carries a gem (2 Division).",
        ),
        Entry(
            "piece",
            "elephant with tent",
            "Phase 5: placed on a free land of your domain. In an area without another elephant you take one"
            " contract card per land of the area; otherwise one contract card.",
        ),
    )
    return lands + buildings + contracts + pieces


def prompt(obs: dict[str, Any], legal: list[Action]) -> str:
    """What the seat is asked; for the auction, how a bid is made and what the seat holds."""
    seat = obs["seat"]
    if seat is None or not legal:
        return ""
    me = obs["players_view"][seat]
    verbs = {action.id.partition(":")[0] for action in legal}
    if "bid" in verbs:
        hand = len(me["hand"] or [])
        return (
            f"Auction: your bid is the coins on the contract you keep + 1 for each of the other {hand - 1};"
            f" the highest bid takes a lot first. You hold {hand} contracts and {me['gems']} gems."
        )
    if "lot" in verbs:
        place = obs["order"].index(seat) + 1
        return f"Your bid of {me['bid']} takes lot number {place} of {len(obs['order'])}: choose a lot from the market."
    if "keep" in verbs:
        return "Keep one contract as your starting contract (sealed); the others are discarded."
    if "divide" in verbs:
        return "Divide your explored lands into a smaller lot (it carries a gem) and a larger one (sealed)."
    return ""
