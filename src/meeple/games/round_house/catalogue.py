"""Every action id of a game of The Round House (the engine's `action_catalogue`).

Ids name rooms, nodes, chairs, towns, hall spaces and leaders by number (content.py), face-up
cards and tiles by their place in the row, held cards by their place in the hand (at most every
card of the kind), and resources by kind (tea, fruit, celadon, Gold). A payment that may use
Gold for some resources carries a ":g<tea><fruit><celadon>" suffix (economy.gold_suffix): every
split of up to the most any order or sale asks of one kind (3 for a Market sale).
"""

from itertools import product

from meeple.engine.catalogue import catalogue, expand
from meeple.games.round_house.content import BASICS, RESOURCE_NAMES, Content

MOST_SOLD = 3  # a Market sale sells at most 3 of a kind (rooms._market_actions)


def _with_gold(bases: list[str], c: Content) -> list[str]:
    """Each id bare and with every Gold split suffix."""
    most = max([MOST_SOLD, *(n for order in c.orders for n in order.price()[:3])])
    splits = ["g" + "".join(map(str, split)) for split in product(range(most + 1), repeat=len(BASICS))]
    return [f"{base}{suffix}" for base in bases for suffix in ["", *(":" + s for s in splits)]]


def action_catalogue(players: int, c: Content) -> tuple[str, ...]:
    n = c.numbers
    kinds, resources = range(len(BASICS)), range(len(RESOURCE_NAMES))
    rooms, nodes, chairs = range(len(c.rooms)), range(len(c.ways)), range(c.chairs)
    leaders = range(players * max(n.leaders) + n.neutral_leaders)  # seats' leaders, then the neutral ones
    face_up, slots = range(n.face_up), range(n.expert_slots)
    menu = max(len(room.payments) + len(room.prices) + len(room.tiers) for room in c.rooms)
    assistant = [*expand("dispatch:{steps}", steps=range(c.towns)), *expand("invest:{chair}", chair=chairs)]
    return catalogue(
        ["pass", "done", "end", "skip", "keep", "discard", "bonus:honor", "bonus:extra"],
        assistant,
        expand("call:{chair}", chair=chairs),
        expand("move:{leader}:{node}", leader=leaders, node=nodes),
        expand("neutral:{leader}:{node}", leader=leaders, node=nodes),
        expand("copy:{node}", node=nodes),
        expand("temple:{i}", i=range(len(c.temples))),
        expand("hall:{town}", town=range(c.towns)),
        expand("path:{space}", space=range(len(c.hall_next))),
        expand("{verb}:{i}", verb=["order", "pick-order", "amulet", "pick-amulet", "hire"], i=face_up),
        expand("hire:{i}:{slot}", i=face_up, slot=slots),
        expand("activate:{slot}{alt}", slot=slots, alt=["", ":alt"]),
        expand("basic:{kind}", kind=kinds),
        expand("take:w:{kind}", kind=kinds),
        expand("take:{room}:{token}", room=rooms, token=resources),
        _with_gold(expand("fulfil:{i}", i=range(len(c.orders))), c),
        _with_gold(expand("place:{room}:{kind}", room=rooms, kind=kinds), c),
        ["do:take", "do:gold", "do:hire", "do:lend", "do:lend-basic", "do:black"],
        expand("do:{verb}{fee}", verb=["copy", "assist"], fee=["", ":fee"]),
        expand("do:pirate:{i}", i=range(len(c.pirates))),
        expand("do:{verb}:{n}", verb=["bank", "trade", "warehouse"], n=range(1, menu + 1)),
        expand("do:study:{tier}", tier=range(menu)),
        _with_gold(expand("do:sell:{kind}", kind=kinds), c),
        _with_gold(expand("do:retail:{mask}", mask=range(1, 2 ** len(BASICS))), c),
        _with_gold(expand("do:wholesale:{kind}:{n}", kind=kinds, n=range(1, MOST_SOLD + 1)), c),
        ["deal:recruit", "deal:dismiss", "trade:recruit", "trade:gold"],
        expand("deal:{verb}:{kind}", verb=["buy", "sell"], kind=resources),
        expand("deal:amulet:{i}", i=face_up),
        expand("deal:cash:{i}", i=range(len(c.amulets))),
        ["trade:" + action_id for action_id in assistant],
    )
