"""Scenario states for Round Table tests: a table built card by card, and helpers to act on it."""

from typing import Any

from meeple.engine import Rng
from meeple.games.round_table import RoundTable, autumn, flow
from meeple.games.round_table.state import DECLARE, SPRING, Rt

GAME = RoundTable()
POOL = GAME.pool


def table(
    players: int = 2,
    regions: tuple[str, ...] = ("cornwall", "gore", "logres"),
    regions_deck: tuple[str, ...] = ("orkney", "carlisle"),
    phase: str = SPRING,
    active: int = 0,
) -> Rt:
    """An empty table: no cards anywhere, the given regions in play and in the Regions deck."""
    in_play = [POOL.index[r] for r in regions]
    deck = [POOL.index[r] for r in regions_deck]
    return Rt(
        players=players,
        seed=1,
        rng=Rng(1),
        card_of=[],
        owner=[],
        decks=["pendragon"] * players,
        main=[[] for _ in range(players)],
        demesne=[[] for _ in range(players)],
        hand=[[] for _ in range(players)],
        play=[[] for _ in range(players)],
        spent=[[] for _ in range(players)],
        paired=[],
        attack=[],
        quest_of=[],
        upgraded=[],
        paid=[],
        regions_deck=deck,
        regions=in_play,
        captured=[[] for _ in range(players)],
        total_renown=sum(POOL.cards[r].renown for r in in_play + deck),
        active=active,
        phase=phase,
        step=DECLARE,
        spent_rp=[0] * players,
        demesne_played=[False] * players,
        mulligans=[3] * players,
    )


def add(state: Rt, seat: int, card_id: str, zone: str = "play", **fields: Any) -> int:
    """A new card of `seat` in `zone` (play, hand, main, demesne, spent); its uid. In play, a
    main card's upkeep is its printed RP unless `paid` is given; other fields (paired, attack,
    quest_of, upgraded) are set as given. The state is edited by hand, outside the rules: its
    kept lineups are dropped (lineup.py)."""
    state.lineups = None
    uid = len(state.card_of)
    card_index = POOL.index[card_id]
    state.card_of.append(card_index)
    state.owner.append(seat)
    state.paired.append(fields.get("paired", -1))
    state.attack.append(fields.get("attack", -1))
    state.quest_of.append(fields.get("quest_of", -1))
    state.upgraded.append(fields.get("upgraded", False))
    card = POOL.cards[card_index]
    default_paid = card.rp if zone == "play" and card.type != "demesne" else 0
    state.paid.append(fields.get("paid", default_paid))
    getattr(state, zone)[seat].append(uid)
    return uid


def demesnes(state: Rt, seat: int, *card_ids: str) -> list[int]:
    """Demesnes in play, each upgrade played on the previous one (marking it upgraded)."""
    uids = [add(state, seat, card_id) for card_id in card_ids]
    for uid in uids:
        successor_of = {POOL.upgrade_of[state.card_of[u]] for u in uids}
        state.upgraded[uid] = POOL.step_of[state.card_of[uid]] in successor_of
    return uids


def fill_deck(state: Rt, seat: int, card_id: str = "knight-errant", count: int = 20, zone: str = "main") -> None:
    for _ in range(count):
        add(state, seat, card_id, zone)


def ids(state: Rt, seat: int) -> list[str]:
    return [action.id for action in GAME.legal_actions(state, seat)]


def act(state: Rt, seat: int, action_id: str) -> None:
    GAME.apply(state, seat, action_id)


def advance(state: Rt) -> None:
    flow.advance(state, GAME.rules)


def names(state: Rt, uids: list[int]) -> list[str]:
    return [POOL.cards[state.card_of[u]].name for u in uids]


def resolve_quests(state: Rt) -> None:
    """Autumn's Resolving Quests, each seat taking its Quest draws from the Main deck first."""
    autumn.resolve_quests(state, POOL)
    for seat in range(state.players):
        if state.owed[seat]:
            autumn.perform_quest_draw(state, seat, autumn.quest_draw_actions(state, seat)[0])
