"""Guédelon by name: every location with what a worker does there, every building with its
floors, every event card with its text, read from the content files; and the sentence saying
what a seat is asked and what its worker has to spend (3.2: experience free, tools beyond it)."""

from functools import cache
from typing import Any

from meeple.engine import Action, Entry
from meeple.games.guedelon.content import Content

RULES = {  # what a worker does at each kind of location (rulebook section 7)
    "master_builder": "7.1: only one worker at a time; a worker here gains 1 experience.",
    "belvedere": "7.2: visitors start their visit here, lying; a worker here may initiate every visitor here.",
    "pillory": "7.3: a worker here gains 1 tool and moves one visitor a step along its route.",
    "production": "7.4: produce as many raw tokens as experience plus tools spent.",
    "workshop": "7.5: turn as many raw tokens here into finished products as experience plus tools spent.",
    "mason": "7.6: make one mortar (needed at the foot of a building before its floors).",
    "ropewalk": "7.7: make one rope (the crane needs ropes for floors 1 to 4).",
    "blacksmith": "7.8: set the tools to 3.",
    "stables": "7.9: take 3 cart actions instead of 1.",
    "castle": "7.10: place as many finished products as experience plus tools spent on the floors.",
    "mill": "The mill (expansion): a location of its own once built.",
}


def _floor(floor: list[str]) -> str:
    return ", ".join(space.replace("_", " ").replace("|", " or ") for space in floor)


@cache
def glossary(content: Content) -> tuple[Entry, ...]:
    """Locations (7 Locations), buildings (7.10) and event cards (13 Card manifest), by name."""
    locations = tuple(
        Entry(
            "location",
            loc.name,
            f"Location {loc.number}. {RULES.get(loc.kind, '')}"
            + (f" Material: {loc.material.replace('_', ' ')}." if loc.material else "")
            + (" (The Mill expansion.)" if loc.expansion else ""),
        )
        for loc in content.locations
    )
    buildings = tuple(
        Entry(
            "building",
            building.name,
            f"Building {building.id}, {len(building.floors)} floors; floor k needs k ropes on the crane and mortar"
            " at its foot. Floors: "
            + "; ".join(f"{level}: {_floor(floor)}" for level, floor in enumerate(building.floors))
            + ".",
        )
        for building in content.buildings
    )
    cards = tuple(
        Entry("event", card.name, f"Event {card.number} ({card.series}): {card.text}")
        for card in sorted(content.cards.values(), key=lambda card: card.number)
    )
    return locations + buildings + cards


def prompt(obs: dict[str, Any], legal: list[Action], content: Content) -> str:
    """What the seat's worker is asked: producing, making or building spends its experience free
    and a tool for each token beyond it (3.2); loading is bounded by the wheelbarrow and the cart."""
    worker = obs["turn"]["worker"]
    if obs["seat"] is None or not legal or worker is None:
        return ""
    pawn = obs["workers"][worker]
    board = obs["boards"][pawn["board"]]
    verbs = {action.id.partition(":")[0] for action in legal}
    names = {location["id"]: location["name"] for location in obs["locations"]}
    has = f"{pawn['name']} has experience {board['experience']} and {board['tools']} tools"
    if verbs & {"produce", "transform", "build"}:
        return f"At {names[pawn['at']]}: each token up to the experience is free, each one more spends 1 tool; {has}."
    if verbs & {"load", "unload", "cart"}:
        barrow = sum(board["wheelbarrow"].values()) if "wheelbarrow" in board else None
        cart = sum(obs["cart"]["tokens"].values())
        held = f"the wheelbarrow holds {barrow} of {content.wheelbarrow}, " if barrow is not None else ""
        return (
            f"Loading: {held}the cart {cart} of {content.cart} at {names[obs['cart']['at']]};"
            f" cart actions left {obs['turn']['cart_actions']}."
        )
    return ""
