"""What each seat may see, built from an allow-list, and sampling states consistent with it.

Public: the round, phase, Start Player, resources (a ruling: only bids are secret),
face-up cards, which column each face-down card lies in, discards, the top Empress,
revealed bids, pending tasks. Private, shown only to seats that know them: the face
of a face-down card (its owner looked at it, 8.2.3; the Start Player may look at the
Public Display at any time, 6 step 6 and 8.1), and a seat's own sealed bid.
Never shown: the draw pile's order, the Empresses under the top one.
"""

from functools import cache
from typing import Any

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.four_big_strata.content import COLUMN_NAMES, Content
from meeple.games.four_big_strata.production import tableau_economy
from meeple.games.four_big_strata.scoring import tableau_scores
from meeple.games.four_big_strata.state import PUBLIC, Fbs


class Shown:
    """What observations show of cards, made once per content and shared by every observation
    (read-only for every consumer: tests/games/four_big_strata/test_observation.py runs them all
    and checks these are untouched): each card type's view, each Public Display slot, each
    Personal Display entry, and what the public sees of each Personal Display."""

    def __init__(self, content: Content) -> None:
        self.cards = tuple(
            {"id": card.id, "name": card.name, "class": card.cls, "points": card.points, "effect": card.effect_text()}
            for card in content.cards
        )
        self.ids = tuple(card.id for card in content.cards)
        # (slot, card type, face up, face shown) -> the Public Display slot
        self.slots: dict[tuple[int, int, bool, bool], dict[str, Any]] = {}
        # (card type, column, face up, face shown) -> the entry, made when first needed
        self.entries: dict[tuple[int, int, bool, bool], dict[str, Any]] = {}
        # a Personal Display (types, columns, face up) -> its class scores, Influence and upkeep
        self.summaries: dict[tuple[tuple[int, ...], ...], tuple[list[int], int, dict[str, int]]] = {}
        # (viewer, (types, columns, face up), known masks) -> the Personal Display as the viewer sees it
        self.displays: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        self.content = content

    def slot(self, key: tuple[int, int, bool, bool]) -> dict[str, Any]:
        """A slot of the Public Display: its card's face if face up or seen by the Start Player."""
        slot, card_type, up, shown = key
        made = self.slots[key] = {"slot": slot, "face_up": up, "card": self.cards[card_type] if shown else None}
        return made

    def entry(self, key: tuple[int, int, bool, bool]) -> dict[str, Any]:
        """A card in a Personal Display: its column, whether face up, and its face if shown."""
        card_type, column, up, shown = key
        made = self.entries[key] = {
            "column": COLUMN_NAMES[column],
            "face_up": up,
            "card": self.cards[card_type] if shown else None,
        }
        return made

    def display(self, key: tuple[Any, ...]) -> list[dict[str, Any]]:
        """A Personal Display, keyed (seat, (types, columns, face up), known masks), as `seat` sees
        it: each card's face only if face up or known to `seat` (8.2.3); at most SUMMARIES kept."""
        seat, (types, columns, ups), knowns = key
        if len(self.displays) >= SUMMARIES:
            self.displays.clear()
        mine = 0 if seat is None else 1 << seat  # the bit of `seat` in a `known` mask
        faces = [up or known == PUBLIC or bool(known & mine) for up, known in zip(ups, knowns, strict=True)]
        entries = self.entries
        made = self.displays[key] = [
            entries.get(card) or self.entry(card) for card in zip(types, columns, ups, faces, strict=True)
        ]
        return made

    def summary(self, key: tuple[tuple[int, ...], ...]) -> tuple[list[int], int, dict[str, int]]:
        """`display_summary` of Personal Display `key` as observations show it (at most SUMMARIES kept)."""
        if len(self.summaries) >= SUMMARIES:
            self.summaries.clear()
        scores, power, grain, money = display_summary(key, self.content)
        made = self.summaries[key] = (list(scores), power, {"grain": grain, "money": money})
        return made


def display_summary(key: tuple[tuple[int, ...], ...], content: Content) -> tuple[tuple[int, ...], int, int, int]:
    """What the public sees of a Personal Display `key` (its types, columns and faces up) at once:
    its class scores before the free choices (9), its Influence (8.4.1) and its upkeep in grain
    and money (8.3.1), which depend on that display only (the rules' own functions of a tableau)."""
    economy = tableau_economy(*key, content)
    return tableau_scores(*key, content), economy[4], economy[2], economy[3]


SUMMARIES = 4096


@cache
def card_views(content: Content) -> Shown:
    return Shown(content)


def _knows(mask: int, seat: int | None) -> bool:
    return mask == PUBLIC or (seat is not None and bool(mask >> seat & 1))


def observation(
    state: Fbs, seat: int | None, content: Content, to_move: tuple[int, ...], tribute_ratio: int
) -> dict[str, Any]:
    """The observation of `seat` (None: a spectator, who sees only public information)."""
    views = card_views(content)
    cards, slots, summaries, displays = views.cards, views.slots, views.summaries, views.displays
    sees_display = seat is not None and seat == state.start
    display = [
        None if card_type < 0 else slots.get(key := (slot, card_type, up, up or sees_display)) or views.slot(key)
        for slot, (card_type, up) in enumerate(zip(state.display, state.display_up, strict=True))
    ]
    participants = []
    for p in range(state.participants):
        layout = (tuple(state.cards[p]), tuple(state.columns[p]), tuple(state.face_up[p]))
        scores, power, upkeep = summaries.get(layout) or views.summary(layout)
        personal = displays.get(key := (seat, layout, tuple(state.known[p])))
        if personal is None:  # not `or`: a display with no card is an empty list
            personal = views.display(key)
        if state.bids_revealed or (p == seat and state.bids[p] >= 0):
            bid: int | str | None = state.bids[p]
        else:
            bid = "sealed" if state.bids[p] >= 0 else None
        participants.append(
            {
                "seat": p,
                "npc": p >= state.players,
                "grain": state.grain[p],
                "money": state.money[p],
                "class_scores": scores,
                "influence": power,
                "upkeep": upkeep,
                "cards": personal,
                "bid": bid,
                "market_open": state.market[p],
                "reward_owed": state.reward[p],
            }
        )
    holding = None
    if state.holding >= 0:
        holder = state.order[state.order_pos]
        face = cards[state.holding] if _knows(state.holding_known, seat) else None
        holding = {"seat": holder, "card": face}
    return {
        "game": "four-big-strata",
        "seat": seat,
        "players": state.players,
        "solo": state.solo,
        "round": state.round,
        "rounds": content.constants.rounds,
        "phase": state.phase,
        "start_player": state.start,
        "tribute_ratio": tribute_ratio,
        "to_move": list(to_move),
        "draw_pile": len(state.draw),
        "empress_pile": len(state.empress_pile),
        "empress_top": cards[state.empress_pile[-1]] if state.empress_pile else None,
        "display": display,
        "discard": list(map(views.ids.__getitem__, state.discard)),
        "participants": participants,
        "pick_order": state.order[:],
        "pick_position": state.order_pos,
        "holding": holding,
        "tasks": [t[:] for t in state.queue],
        "final_scores": [f[:] for f in state.final],
        "log": word_log(state.log, seat),
    }


def determinize(state: Fbs, seat: int, rng: Rng) -> Fbs:
    """A full state that `seat` cannot tell from `state`: the faces `seat` does not know are
    redrawn from the multiset of unseen cards, other seats' unrevealed bids are unmade, and
    the state's own random stream is replaced. Depends on `state` only through what
    `observation(state, seat)` shows."""
    sampled = state.clone()
    # The unseen faces: the whole draw pile, then these other places, then the held card.
    slots: list[tuple[list[int], int]] = []
    if seat != state.start:
        display = sampled.display
        slots += [(display, i) for i, up in enumerate(sampled.display_up) if not up and display[i] >= 0]
    for cards, face_up, known in zip(sampled.cards, sampled.face_up, sampled.known, strict=True):
        if False in face_up:
            slots += [(cards, i) for i, up in enumerate(face_up) if not up and not known[i] >> seat & 1]
    holding_hidden = sampled.holding >= 0 and not sampled.holding_known >> seat & 1
    draw = sampled.draw
    pool = sorted(draw + [cards[i] for cards, i in slots] + ([sampled.holding] if holding_hidden else []))
    rng.permute(pool)
    drawn = len(draw)
    draw[:] = pool[:drawn]
    for (cards, i), card_type in zip(slots, pool[drawn:], strict=False):
        cards[i] = card_type
    if holding_hidden:
        sampled.holding = pool[-1]
    hidden_empresses = sorted(sampled.empress_pile[:-1])
    rng.permute(hidden_empresses)
    sampled.empress_pile[:-1] = hidden_empresses
    if not sampled.bids_revealed:
        sampled.bids = [b if p == seat else -1 for p, b in enumerate(sampled.bids)]
    sampled.rng = Rng(rng.next64())
    sampled.seed = 0  # the real seed would let a bot rebuild every shuffle
    return sampled
