"""Card texts as code (The Cardinal Rule): one hook per text, registered for the event at
which it changes the rules. Each function quotes its card text (content/cards.toml)."""

from typing import Any

from meeple.games.round_table import events
from meeple.games.round_table.events import ABILITIES, ability
from meeple.games.round_table.state import Rt
from meeple.games.round_table.zones import draw

__all__ = ["ABILITIES"]  # content.py reads the registry through this module, so every hook is loaded


def _card(state: Rt, pool: Any, uid: int) -> Any:
    return pool.cards[state.card_of[uid]]


@ability("queen_patronage", events.COST)
def queen_patronage(state: Rt, pool: Any, seat: int, card: int) -> int:
    """Guinevere: "Titles cost you 1 RP less to play (minimum 0)." """
    return -1 if pool.cards[card].type == "title" else 0


@ability("peerless", events.INFLUENCE)
def peerless(state: Rt, pool: Any, knight: int, bearer: int) -> int:
    """Lancelot: "+2 Influence while he is your only Knight attacking his Region." """
    slot = state.attack[knight]
    alone = all(state.attack[u] != slot or u == knight for u in state.play[state.owner[knight]])
    return 2 if alone else 0


@ability("titled_strength", events.INFLUENCE)
def titled_strength(state: Rt, pool: Any, knight: int, bearer: int) -> int:
    """Gawain: "+1 Influence for each Title he holds." """
    mine = state.play[state.owner[knight]]
    return sum(1 for u in mine if state.paired[u] == knight and _card(state, pool, u).type == "title")


@ability("monarch_blade", events.INFLUENCE)
def monarch_blade(state: Rt, pool: Any, knight: int, bearer: int) -> int:
    """Excalibur: "+2 more Influence while borne by a Monarch." """
    return 2 if "monarch" in _card(state, pool, knight).subtypes else 0


@ability("round_table_title", events.SUBTYPES)
def round_table_title(state: Rt, pool: Any, knight: int) -> tuple[str, ...]:
    """Round Table Knight (title): "The bearer is a Round Table Knight." """
    return ("round_table",)


@ability("camelot_walls", events.REGION_RESISTANCE)
def camelot_walls(state: Rt, pool: Any, region: int, seat: int) -> int:
    """Camelot: "+2 Resistance against an army with no Monarch." """
    slot = state.regions.index(region)
    has_monarch = any(state.attack[u] == slot and "monarch" in _card(state, pool, u).subtypes for u in state.play[seat])
    return 0 if has_monarch else 2


@ability("steward", events.RECRUITED)
def steward(state: Rt, pool: Any, uid: int) -> None:
    """Kay: "When Kay is recruited, his controller draws a card." """
    draw(state, state.owner[uid])


@ability("green_knight", events.QUEST_TARGET)
def green_knight(state: Rt, pool: Any, knight: int) -> bool:
    """The Green Knight: "Play only on a Knight of 4 or more base Influence." """
    return bool(_card(state, pool, knight).influence >= 4)


@ability("pure_heart", events.QUEST_DRAWS)
def pure_heart(state: Rt, pool: Any, quest: int, knight: int) -> int:
    """Galahad: "When Galahad's Quest resolves, his controller draws 2 more cards." """
    return 2


@ability("grail_quest", events.QUEST_DRAWS)
def grail_quest(state: Rt, pool: Any, quest: int, knight: int) -> int:
    """Quest for the Holy Grail: "Each Grail Knight on this Quest draws 1 more card." """
    return 1 if "grail" in _card(state, pool, knight).subtypes else 0


@ability("summer_play", events.SUMMER_PLAY)
def summer_play() -> bool:
    """Borrowed Destrier, Field Knighthood: "May also be played in step 4 of the Summer season." """
    return True


@ability("royal_command", events.RESET_REDIRECT)
def royal_command() -> bool:
    """Royal Command: "Reset one of your Knights: it leaves its task and is active again." """
    return True
