"""Every action id of a game of Round Table TCG (the engine's `action_catalogue`).

Ids name cards by their id and card instances (`uid`) by number; the instances are numbered at
setup from the chosen decks alone (setup.py), so for given options and players they are known
before any shuffle: the catalogue reads them off a set-up state. A knight target ranges over the
knight instances, a moved card over the equipment and title instances, a card pulled back over
every instance but the demesnes.
"""

from meeple.engine.catalogue import catalogue, expand
from meeple.games.round_table.content import Pool
from meeple.games.round_table.setup import HAND_LIMIT
from meeple.games.round_table.spring import NONE
from meeple.games.round_table.state import Rt

REGION_SLOTS = 3  # "three Regions in play" (the board's region slots r0-r2)


def action_catalogue(state: Rt, pool: Pool) -> tuple[str, ...]:
    """The ids, from a freshly set-up `state` (only its card instances are read)."""
    cards = [pool.cards[index] for index in state.card_of]

    def ids_of(kind: str) -> list[str]:
        return list(dict.fromkeys(card.id for card in cards if card.type == kind))

    def uids_of(*kinds: str) -> list[int]:
        return [uid for uid, card in enumerate(cards) if card.type in kinds]

    knights, quests = uids_of("knight"), uids_of("quest")
    tasks = [f"r{slot}" for slot in range(REGION_SLOTS)] + [f"q{q}" for q in range(len(quests))] + ["reset"]
    return catalogue(
        ["keep", "mulligan", "pass", "done", "draw:main", "draw:demesne"],
        expand("demesnes:{n}", n=range(1, HAND_LIMIT + 1)),
        expand("demesne:{card}", card=ids_of("demesne")),
        expand("recruit:{card}", card=ids_of("knight")),
        expand("equip:{card}:{knight}", card=ids_of("equipment"), knight=knights),
        expand("title:{card}:{knight}", card=ids_of("title"), knight=[NONE, *knights]),
        expand("move:{uid}:{knight}", uid=uids_of("equipment", "title"), knight=knights),
        expand("commit:{knight}:{slot}", knight=knights, slot=range(REGION_SLOTS)),
        expand("quest:{card}:{knight}", card=ids_of("quest"), knight=knights),
        expand("redirect:{card}:{knight}:{task}", card=ids_of("redirect"), knight=knights, task=tasks),
        expand("summer:{card}:{knight}", card=ids_of("equipment") + ids_of("title"), knight=[NONE, *knights]),
        expand("quest-draw:{k}", k=range(HAND_LIMIT + 1)),
        expand("recall:{uid}", uid=uids_of("knight", "equipment", "title", "quest", "redirect")),
        expand("discard:{card}", card=list(dict.fromkeys(card.id for card in cards))),
    )
