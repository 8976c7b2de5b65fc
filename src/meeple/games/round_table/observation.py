"""What each seat may see, built from an allow-list, and sampling states consistent with it.

Public: the regions in play, the names of the regions still in the Regions deck (chosen
before play begins) but not their order, every card in play and on the Spent Piles, captured
regions, committed and quested knights, the cards played in the current window, RP, deck and
hand sizes, and the back (Main or Demesne) of every card in a hand (the two decks are kept
apart, so their backs tell them apart; a ruling). Private: a seat's own hand.
Never shown: the order of any deck, and other seats' hands.
"""

from functools import cache
from typing import Any

from meeple.engine import Rng
from meeple.games.round_table import rp
from meeple.games.round_table.content import Card, Pool
from meeple.games.round_table.state import Rt


@cache
def _card_view(card: Card) -> tuple[tuple[str, Any], ...]:
    fields: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type, "text": card.text}
    if card.type == "region":
        fields.update(resistance=card.resistance, renown=card.renown)
    else:
        fields.update(rp=card.rp, influence=card.influence, resistance=card.resistance)
    if card.subtypes:
        fields["subtypes"] = list(card.subtypes)
    if card.slot:
        fields.update(slot=card.slot, fey=card.fey)
    return tuple(fields.items())


def card_view(card: Card) -> dict[str, Any]:
    """A card as observations show it (a new dict each time: observations share nothing)."""
    return {key: (value[:] if isinstance(value, list) else value) for key, value in _card_view(card)}


def _in_play(state: Rt, pool: Pool, uid: int) -> dict[str, Any]:
    return {
        "uid": uid,
        "card": card_view(pool.cards[state.card_of[uid]]),
        "paired": state.paired[uid],
        "attack": state.attack[uid],
        "quest": state.quest_of[uid],
        "upgraded": state.upgraded[uid],
        "paid": state.paid[uid],
    }


def _seat(state: Rt, pool: Pool, p: int, viewer: int | None) -> dict[str, Any]:
    cards, card_of = pool.cards, state.card_of
    hand: list[dict[str, Any]] = []
    for uid in state.hand[p]:
        card = cards[card_of[uid]]
        back = "main" if card.main else "demesne"
        if p == viewer:
            hand.append({"uid": uid, "back": back, "card": card_view(card)})
        else:
            hand.append({"back": back, "card": None})
    return {
        "seat": p,
        "deck": state.decks[p],
        "main_deck": len(state.main[p]),
        "demesne_deck": len(state.demesne[p]),
        "hand": hand,
        "play": [_in_play(state, pool, uid) for uid in state.play[p]],
        "spent": [card_view(cards[card_of[uid]]) for uid in state.spent[p]],
        "captured": [card_view(cards[r]) for r in state.captured[p]],
        "renown": sum(cards[r].renown for r in state.captured[p]),
        "capacity": rp.capacity(state, pool, p),
        "allocated": rp.allocated(state, p),
        "spent_rp": state.spent_rp[p],
        "demesne_played": state.demesne_played[p],
        "mulligan": state.mulligans[p],
    }


def observation(state: Rt, seat: int | None, pool: Pool, to_move: tuple[int, ...]) -> dict[str, Any]:
    """The observation of `seat` (None: a spectator, who sees only public information)."""
    cards, card_of = pool.cards, state.card_of
    return {
        "game": "round-table",
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "phase": state.phase,
        "step": state.step,
        "active": state.active,
        "to_move": list(to_move),
        "regions": [card_view(cards[r]) for r in state.regions],
        "regions_deck": len(state.regions_deck),
        "regions_to_come": sorted(cards[r].name for r in state.regions_deck),
        "total_renown": state.total_renown,
        "window": [
            {"kind": kind, "seat": p, "card": card_view(cards[card_of[uid]]), "target": target, "task": arg}
            for kind, p, uid, target, arg in state.window
        ],
        "quests": [
            {
                "card": card_view(cards[card_of[uid]]) if uid >= 0 else None,
                "countered": uid < 0,
                "target": target,
                "rp": spent,
                "seat": p,
            }
            for uid, target, spent, p in state.quests
        ],
        "used": sorted(cards[c].name for c in state.used),
        "seats": [_seat(state, pool, p, seat) for p in range(state.players)],
        "end": state.end_reason,
        "log": state.log[-40:],
    }


def determinize(state: Rt, seat: int, rng: Rng, pool: Pool) -> Rt:
    """A full state that `seat` cannot tell from `state`: every deck's order is redrawn, other
    seats' hands are redrawn from the cards they could hold (a Main-backed card from their
    Main cards not in view, a Demesne-backed one from their demesnes not in view), the Regions
    deck is reshuffled and the random stream replaced."""
    sampled = state.clone()
    cards, card_of = pool.cards, sampled.card_of
    for p in range(sampled.players):
        for is_main, deck in ((True, sampled.main[p]), (False, sampled.demesne[p])):
            if p == seat:
                slots = [(deck, i) for i in range(len(deck))]
            else:
                hand = sampled.hand[p]
                slots = [(hand, i) for i, uid in enumerate(hand) if cards[card_of[uid]].main == is_main]
                slots += [(deck, i) for i in range(len(deck))]
            uids = sorted(zone[i] for zone, i in slots)
            rng.shuffle(uids)
            for (zone, i), uid in zip(slots, uids, strict=True):
                zone[i] = uid
    regions = sorted(sampled.regions_deck)
    rng.shuffle(regions)
    sampled.regions_deck = regions
    sampled.rng = Rng(rng.next64())
    sampled.seed = 0  # the real seed would let a bot rebuild every shuffle
    return sampled
