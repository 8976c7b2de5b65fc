"""Every action id of a game of Four Big Strata (the engine's `action_catalogue`).

Amounts of resources range from 0 to a bound no seat can reach: the 10 resources a seat may
keep (8.3.1), plus 2 for every card it could flip, plus every round's reward for having all
cards face down (1 + 2 + ... + 15). A seat takes at most one display card per round for each
display slot, which bounds the positions of its cards.
"""

from meeple.engine.catalogue import catalogue, expand
from meeple.games.four_big_strata.content import CLASSES, Content


def action_catalogue(content: Content) -> tuple[str, ...]:
    k = content.constants
    positions = range(k.display_size * k.rounds)
    most = k.resource_cap + k.flip_reward * len(positions) + k.rounds * (k.rounds + 1) // 2
    amounts = range(most + 1)
    swaps = ["grain-money", "money-grain"]
    return catalogue(
        ["market", "close", "faceup", "feed", "waive", "demand:grain", "demand:money"],
        expand("bid:{n}", n=amounts),
        expand("take:{slot}", slot=range(k.display_size)),
        expand("facedown:{cls}", cls=CLASSES),
        expand("exchange:{swap}", swap=swaps),
        [
            f"exchange:{grain}-{k.bank_rate - grain}:{get}"
            for grain in range(1, k.bank_rate)
            for get in ("grain", "money")
        ],
        expand("trade:{swap}", swap=swaps),
        expand("flip:{pos}:{grain}", pos=positions, grain=range(k.flip_reward + 1)),
        expand("flip:{pos}:{grain}:{cls}", pos=positions, grain=range(k.flip_reward + 1), cls=CLASSES),
        expand("{verb}:{grain}", verb=["discard", "reward", "extra", "gain"], grain=amounts),
    )
