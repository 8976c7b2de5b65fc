"""Four Big Strata by name: every card with its effects, and the rules a player asks about
(the Bank, flipping, feeding, the cap, tribute, face-up cost), read from the content files;
and the sentence saying what a seat is asked and why (what it owes and what it has)."""

from functools import cache
from typing import Any

from meeple.engine import Action, Entry
from meeple.games.four_big_strata.content import Content


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


@cache
def glossary(content: Content) -> tuple[Entry, ...]:
    """Each card (5 Cards and abilities) and each rule with a number (rules.toml), by name."""
    k = content.constants
    cards = tuple(
        Entry(
            "card",
            card.name,
            f"A {card.cls} card worth {_points(card.points)}, {card.count} in the game. Effect: {card.effect_text()}. "
            f"Every card in a display eats {k.feed_per_card} grain at feeding; a face-down card has no effect"
            f" and counts the points on its back. ({card.source}: {card.note})",
        )
        for card in content.cards
    )
    rules = (
        Entry("rule", "Bank", f"At any time, exchange any {k.bank_rate} resources with the Bank for 1 of your choice."),
        Entry(
            "rule",
            "Flip",
            f"At any time, flip one of your face-up cards face down for {k.flip_reward} resources of your choice;"
            " it keeps its class (an Empress goes under any class). With every card face down you receive"
            " resources instead of paying what you cannot.",
        ),
        Entry(
            "rule",
            "Feeding",
            f"8.3.1: after Production, pay {k.feed_per_card} grain for each card in your display (Empresses"
            " included) plus what your cards add. Short of it, exchange with the Bank or flip cards; once every"
            " card is face down, pay what you can and the rest is not paid.",
        ),
        Entry(
            "rule",
            "Resource cap",
            f"8.3.1 and 8.4.2: nobody keeps more than {k.resource_cap} resources after Production and after"
            " Tribute; discard the rest, grain or money as you choose.",
        ),
        Entry(
            "rule",
            "Tribute",
            "8.4.1: for every X influence you have more than another player, take 1 resource of your choice"
            " from them (X is shown on the board: 1 resource per X influence more).",
        ),
        Entry(
            "rule",
            "Face up",
            f"8.2.3: a card you take goes face down under any class, or face up for {k.face_up_cost} money.",
        ),
        Entry(
            "rule",
            "Bid",
            "8.2: everyone bids money in secret; bids are revealed together and cards are taken in the order of"
            " the bids, highest first. Your bid is paid.",
        ),
    )
    return cards + rules


def _has(person: dict[str, Any]) -> str:
    return f"you have {person['grain']} grain and {person['money']} money"


def prompt(obs: dict[str, Any], legal: list[Action], cap: int) -> str:
    """What the seat is asked now, and for a payment, discard or shortfall what it owes and has
    (`cap`: the most resources a player keeps)."""
    seat = obs["seat"]
    if seat is None or not legal:
        return ""
    person = obs["participants"][seat]
    verbs = {action.id.partition(":")[0] for action in legal}
    upkeep = person["upkeep"]
    owed_feed = f"{upkeep['grain']} grain and {upkeep['money']} money"
    total = person["grain"] + person["money"]
    if "feed" in verbs:
        return f"Feeding: you owe {owed_feed}; {_has(person)}."
    if "waive" in verbs:
        return (
            f"Feeding shortfall: you owe {owed_feed} but {_has(person)}; every card is face down, so pay what you can."
        )
    if "discard" in verbs:
        return f"Resource cap: {_has(person)} ({total}); discard {total - cap} to keep {cap}."
    if "reward" in verbs:
        return f"Every card of yours is face down: choose your {person['reward_owed']} resources; {_has(person)}."
    if "demand" in verbs or "gain" in verbs:
        return f"Tribute: choose the resources you take; {_has(person)}."
    if "faceup" in verbs:
        return f"Place the card you took: face up costs money, face down is free; {_has(person)}."
    if "bid" in verbs:
        return f"Sealed bid: the highest bid picks first and pays its bid; {_has(person)}."
    if "extra" in verbs:
        return "Setup: choose your extra starting resources."
    if obs["tasks"] and obs["tasks"][0][0] == 1 and obs["tasks"][0][1] == seat:
        return f"Feeding shortfall: you owe {owed_feed} but {_has(person)}: exchange or flip a card to pay."
    if "flip" in verbs or "close" in verbs:
        return f"Exchange with the Bank or flip a card face down, then Done; {_has(person)}."
    return ""
