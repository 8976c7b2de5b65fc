"""The Round House by name: every room and action tile with its rule and chart, every expert,
order and amulet, read from the content files; and the sentence saying what a seat is asked
and, when a choice costs, what it has to pay with."""

import re
from functools import cache
from typing import Any

from meeple.engine import Action, Entry
from meeple.games.round_house.content import NOTHING, Content
from meeple.games.round_house.observation import rewards_text

PAYS = re.compile(r"\bpay\b", re.IGNORECASE)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith(".") else text + "."


@cache
def glossary(content: Content) -> tuple[Entry, ...]:
    """Rooms and tiles (pp.8-10), experts (p.15), orders (p.14) and amulets, by name."""
    rooms = []
    for room in content.rooms:
        parts = [_sentence(room.note)]
        if room.gain != NOTHING:
            parts.append(f"Gives {room.gain.text()}.")
        if room.fee:
            parts.append(f"Fee: {room.fee} coins.")
        if rewards_text(room):
            parts.append(_sentence(f"Chart: {rewards_text(room)}"))
        where = f"{room.ring} circle" + (f", {room.size} tile" if room.size else "")
        rooms.append(Entry("room", room.name, f"({where}) " + " ".join(parts)))
    experts = {
        expert.name: Entry("expert", expert.name, f"{_sentence(expert.text())} ({expert.source}: {expert.note})")
        for expert in content.experts
    }
    orders = tuple(
        Entry(
            "order",
            order.id,
            "Pay "
            + ", ".join(f"{n} {what}" for what, n in order.cost.items())
            + f" to fulfil it: {order.honor} honor at the end, then {order.effect_text()}."
            + (" A starting order." if order.start else ""),
        )
        for order in content.orders
    )
    amulets = {
        amulet.name: Entry("amulet", amulet.name, f"Scores {amulet.honor} honor at the end. ({amulet.note})")
        for amulet in content.amulets
    }
    return (*rooms, *experts.values(), *orders, *amulets.values())


def prompt(obs: dict[str, Any], legal: list[Action]) -> str:
    """What the seat is asked (the task or the phase) and, when a choice pays, what it has."""
    seat = obs["seat"]
    if seat is None or not legal:
        return ""
    asked = obs["task"]["kind"] if obs["task"] else obs["phase"]
    me = obs["participants"][seat]
    if any(action.id.count(":") == 2 and action.id.startswith("hire:") for action in legal):
        held = ", ".join(expert["name"] for expert in me["experts"])
        return f"You hold {len(me['experts'])} experts, as many as you may ({held}): taking one discards one of yours."
    if not any(PAYS.search(action.label) for action in legal):
        return ""
    goods = ", ".join(f"{n} {name}" for name, n in me["goods"].items())
    amulets = len(me["amulets"])
    return (
        f"{asked[0].upper()}{asked[1:]}: these choices cost; you have {me['coins']} coins, {goods},"
        f" {amulets} amulet{'' if amulets == 1 else 's'} and {me['personal']} assistants."
    )
