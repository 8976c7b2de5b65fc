"""What each seat may see, built from an allow-list, and sampling states consistent with it.

Public: the regions in play, the names of the regions still in the Regions deck (chosen
before play begins) but not their order, every card in play and on the Spent Piles, captured
regions, committed and quested knights, the cards played in the current window, RP, deck and
hand sizes, and the back (Main or Demesne) of every card in a hand (the two decks are kept
apart, so their backs tell them apart; a ruling), the deck each seat plays. A starter deck's
list is public (a published product), so the cards not in view are known as a whole; the list
of a deck file is its owner's secret (a ruling). Private: a seat's own hand.
Never shown: the order of any deck, other seats' hands, the contents of another's deck file.
"""

from functools import cache
from typing import Any

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.round_table import rp
from meeple.games.round_table.army import army, attackers
from meeple.games.round_table.autumn import region_resistance
from meeple.games.round_table.content import Card, Pool
from meeple.games.round_table.decks import starter_names
from meeple.games.round_table.spring import knight_label
from meeple.games.round_table.state import Rt


@cache
def _card_view(card: Card) -> tuple[dict[str, Any], tuple[str, ...]]:
    fields: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type, "text": card.text}
    if card.type == "region":
        fields.update(resistance=card.resistance, renown=card.renown)
    else:
        fields.update(rp=card.rp, influence=card.influence, resistance=card.resistance)
    if card.subtypes:
        fields["subtypes"] = list(card.subtypes)
    if card.slot:
        fields.update(slot=card.slot, fey=card.fey)
    return fields, tuple(key for key, value in fields.items() if isinstance(value, list))


def card_view(card: Card) -> dict[str, Any]:
    """A card as observations show it (a new dict each time, its lists new too: observations
    share nothing)."""
    fields, lists = _card_view(card)
    view = fields.copy()
    for key in lists:
        view[key] = view[key][:]
    return view


def _in_play(state: Rt, pool: Pool, uid: int) -> dict[str, Any]:
    return {
        "uid": uid,
        "name": knight_label(state, pool, uid),
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
        "quest_draws": state.owed[p] if state.owed else 0,
        "demesne_played": state.demesne_played[p],
        "mulligan": state.mulligans[p],
    }


def _armies(state: Rt, pool: Pool, slot: int, region: int) -> list[dict[str, int]]:
    """Each army attacking a region, with every bonus counted (all in play is public): its
    Influence and Resistance, and the region's Resistance against it."""
    found = []
    for p in range(state.players):
        if attackers(state, p, slot):
            influence, resistance = army(state, pool, p, slot)
            found.append(
                {
                    "seat": p,
                    "influence": influence,
                    "resistance": resistance,
                    "region_resistance": region_resistance(state, pool, region, p),
                }
            )
    return found


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
        "armies": [_armies(state, pool, slot, region) for slot, region in enumerate(state.regions)],
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
        "log": word_log(state.log, seat, 40),
    }


def determinize(state: Rt, seat: int, rng: Rng, pool: Pool) -> Rt:
    """A full state that `seat` cannot tell from `state`: every deck's order is redrawn, other
    seats' hands are redrawn from the cards they could hold (a Main-backed card from their
    Main cards not in view, a Demesne-backed one from their demesnes not in view), the Regions
    deck is reshuffled and the random stream replaced. Another seat playing a deck file has
    the faces of its cards not in view invented anew (see `_invent_deck`)."""
    sampled = state.clone()
    cards, card_of = pool.cards, sampled.card_of
    for p in range(sampled.players):
        if p != seat and sampled.decks[p] not in starter_names():
            _invent_deck(sampled, p, rng, pool)
        hand = sampled.hand[p]
        for is_main, deck in ((True, sampled.main[p]), (False, sampled.demesne[p])):
            # the hand's cards of this back (not the seat's own) then the deck, in one shuffle
            places = [] if p == seat else [i for i, uid in enumerate(hand) if cards[card_of[uid]].main == is_main]
            uids = sorted([hand[i] for i in places] + deck)
            rng.shuffle(uids)
            for k, i in enumerate(places):
                hand[i] = uids[k]
            deck[:] = uids[len(places) :]
    regions = sorted(sampled.regions_deck)
    rng.shuffle(regions)
    sampled.regions_deck = regions
    sampled.rng = Rng(rng.next64())
    sampled.seed = 0  # the real seed would let a bot rebuild every shuffle
    return sampled


def _invent_deck(state: Rt, p: int, rng: Rng, pool: Pool) -> None:
    """Give seat `p`'s cards not in view (hand and both decks) new faces: a Main-backed card
    any Main card of the pool, a Demesne-backed one any demesne, at most one copy of a named
    Knight counting those `p` has shown (Constructing Decks). What the others know of a deck
    file is only its sizes and the cards it has shown."""
    cards, card_of = pool.cards, state.card_of
    main_cards = [i for i, card in enumerate(cards) if card.main]
    demesne_cards = [i for i, card in enumerate(cards) if card.type == "demesne"]
    named = {card_of[u] for u in state.play[p] + state.spent[p] if cards[card_of[u]].named}
    for uid in state.hand[p] + state.main[p] + state.demesne[p]:
        choices = main_cards if cards[card_of[uid]].main else demesne_cards
        face = choices[rng.below(len(choices))]
        while face in named:
            face = choices[rng.below(len(choices))]
        if cards[face].named:
            named.add(face)
        card_of[uid] = face
