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
from operator import itemgetter
from typing import Any, NamedTuple

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.round_table.army import armies
from meeple.games.round_table.autumn import region_resistance
from meeple.games.round_table.content import Card, Pool
from meeple.games.round_table.decks import starter_names
from meeple.games.round_table.lineup import labels_of
from meeple.games.round_table.state import UNORDERED, Rt


@cache
def card_view(card: Card) -> dict[str, Any]:
    """A card as observations show it: made once per card of the content and shared by every
    observation, so no consumer may edit it (tests/games/round_table/test_observation.py
    runs every consumer over many observations and checks)."""
    fields: dict[str, Any] = {"id": card.id, "name": card.name, "type": card.type, "text": card.text}
    if card.type == "region":
        fields.update(resistance=card.resistance, renown=card.renown)
    else:
        fields.update(rp=card.rp, influence=card.influence, resistance=card.resistance)
    if card.subtypes:
        fields["subtypes"] = list(card.subtypes)
    if card.slot:
        fields.update(slot=card.slot, fey=card.fey)
    return fields


HIDDEN = {back: {"back": back, "card": None} for back in ("main", "demesne")}
"""Another seat's card in hand, by its back: shared by every observation like the card views."""

IN_PLAY_LIMIT = 8192  # `InPlay`s a pool keeps at most; its table starts afresh when full


class Shown(NamedTuple):
    """What observations of one pool show of its cards, per pool index, made once per pool: the
    card's shared view, the back it shows in a hand, how another seat sees it in that hand
    (HIDDEN), its name and its Renown; and each seat's cards in play as shown (`InPlay`), by
    content (`in_play_content`), made once per content."""

    views: tuple[dict[str, Any], ...]
    backs: tuple[str, ...]
    hidden: tuple[dict[str, Any], ...]
    names: tuple[str, ...]
    renown: tuple[int, ...]
    in_play: dict["Content", "InPlay"]


@cache
def shown_of(pool: Pool) -> Shown:
    """`Shown` of `pool` (the pool is looked up once per observation: its hash is a call)."""
    cards = pool.cards
    backs = tuple("main" if card.main else "demesne" for card in cards)
    return Shown(
        tuple(card_view(card) for card in cards),
        backs,
        tuple(HIDDEN[back] for back in backs),
        tuple(card.name for card in cards),
        tuple(card.renown for card in cards),
        {},
    )


_IDLE = frozenset([-1])  # `InPlay.attacks` of a seat none of whose cards attack


class InPlay(NamedTuple):
    """A seat's cards in play as observations show them, with what they add up to."""

    views: tuple[dict[str, Any], ...]  # per card: uid, label, card view, pairing, task, upgrade, payment
    capacity: int  # rp.capacity
    upkeep: int  # the RP its cards in play hold (rp.allocated without this Summer's spending)
    attacks: frozenset[int]  # the region slots its knights attack


def in_play(state: Rt, pool: Pool, p: int) -> InPlay:
    """`InPlay` of seat `p`: made once per content (the same cards, in the same order, each
    with the same pairing, task, upgrade and payment) and shared by every observation of it,
    so no consumer may edit it (tests/games/round_table/test_observation.py checks)."""
    return _in_play(state, pool, shown_of(pool), p)


def _in_play(state: Rt, pool: Pool, tables: Shown, p: int) -> InPlay:
    """`in_play` with the pool's `Shown` at hand: the one the state keeps for the seat (`Rt.shown`,
    dropped by the rules whenever they change the seat's cards in play, `Rt.touched`), else the
    pool's for the seat's content (a table of the pool's, keyed on the content read afresh)."""
    kept = state.shown
    if kept is None:
        kept = state.shown = [None] * state.players
    found = kept[p]
    if found is None:
        found = kept[p] = _by_content(pool, tables, in_play_content(state, p))
    return found


def _by_content(pool: Pool, tables: Shown, content: "Content") -> InPlay:
    """The pool's `InPlay` of a seat's `content`, made once per content."""
    found = tables.in_play.get(content)
    if found is None:
        if len(tables.in_play) >= IN_PLAY_LIMIT:
            tables.in_play.clear()
        found = tables.in_play[content] = shown_in_play(pool, *content)
    return found


Content = tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[bool, ...],
    tuple[int, ...],
]
"""What `InPlay` of a seat is made from (`in_play_content`)."""


def in_play_content(state: Rt, p: int) -> Content:
    """What `InPlay` of seat `p` is made from: its cards in play (uids) and, per card, its pool
    index, the knight it is paired with, its attack, its quest, whether upgraded, the RP paid."""
    play = state.play[p]
    # itemgetter of one index gives the value, not a tuple
    one = itemgetter(*play) if len(play) > 1 else lambda column: tuple([column[u] for u in play])
    return (
        tuple(play),
        one(state.card_of),
        one(state.paired),
        one(state.attack),
        one(state.quest_of),
        one(state.upgraded),
        one(state.paid),
    )


def shown_in_play(
    pool: Pool,
    play: tuple[int, ...],
    kinds: tuple[int, ...],
    paired: tuple[int, ...],
    attack: tuple[int, ...],
    quest: tuple[int, ...],
    upgraded: tuple[bool, ...],
    paid: tuple[int, ...],
) -> InPlay:
    """`InPlay` of the content `in_play_content` gives, made afresh (`in_play` shares one)."""
    views = shown_of(pool).views
    cards = tuple(
        {
            "uid": u,
            "name": name,
            "card": views[kind],
            "paired": by,
            "attack": slot,
            "quest": q,
            "upgraded": up,
            "paid": rp,
        }
        for u, name, kind, by, slot, q, up, rp in zip(
            play, labels_of(pool, list(kinds)), kinds, paired, attack, quest, upgraded, paid, strict=True
        )
    )
    return InPlay(cards, sum([pool.income[kind] for kind in kinds]), sum(paid), frozenset(attack))


def _seat(state: Rt, tables: Shown, p: int, viewer: int | None, cards: InPlay) -> dict[str, Any]:
    """One seat as `viewer` sees it, its cards in play `cards`."""
    views, card_of = tables.views, state.card_of
    if p == viewer:
        backs = tables.backs
        hand = [{"uid": u, "back": backs[card_of[u]], "card": views[card_of[u]]} for u in state.hand[p]]
    else:
        hidden = tables.hidden
        hand = [hidden[card_of[u]] for u in state.hand[p]]
    captured = state.captured[p]
    spent_rp = state.spent_rp[p]
    return {
        "seat": p,
        "deck": state.decks[p],
        "main_deck": len(state.main[p]),
        "demesne_deck": len(state.demesne[p]),
        "hand": hand,
        "play": list(cards.views),
        "spent": [views[card_of[u]] for u in state.spent[p]] if state.spent[p] else [],  # (a comprehension costs
        "captured": [views[r] for r in captured] if captured else [],  # a call even when empty)
        "renown": sum([tables.renown[r] for r in captured]) if captured else 0,
        "capacity": cards.capacity,
        "allocated": cards.upkeep + spent_rp,
        "spent_rp": spent_rp,
        "quest_draws": state.owed[p] if state.owed else 0,
        "demesne_played": state.demesne_played[p],
        "mulligan": state.mulligans[p],
    }


def _armies(
    state: Rt, pool: Pool, slot: int, region: int, by_seat: list[dict[int, tuple[int, int]]]
) -> list[dict[str, int]]:
    """Each army attacking a region, with every bonus counted (all in play is public): its
    Influence and Resistance, and the region's Resistance against it. `by_seat`: per seat, its
    armies by region slot (army.armies)."""
    return [
        {
            "seat": p,
            "influence": found[slot][0],
            "resistance": found[slot][1],
            "region_resistance": region_resistance(state, pool, region, p),
        }
        for p, found in enumerate(by_seat)
        if slot in found
    ]


def observation(state: Rt, seat: int | None, pool: Pool, to_move: tuple[int, ...]) -> dict[str, Any]:
    """The observation of `seat` (None: a spectator, who sees only public information)."""
    card_of = state.card_of
    tables = shown_of(pool)
    views, names = tables.views, tables.names
    cards_in_play = [_in_play(state, pool, tables, p) for p in range(state.players)]
    by_seat = [armies(state, pool, p) if cards.attacks != _IDLE else {} for p, cards in enumerate(cards_in_play)]
    attacked = any(by_seat)
    return {
        "game": "round-table",
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "phase": state.phase,
        "step": state.step,
        "active": state.active,
        "to_move": list(to_move),
        "regions": [views[r] for r in state.regions],
        "armies": [
            _armies(state, pool, slot, region, by_seat) if attacked else [] for slot, region in enumerate(state.regions)
        ],
        "regions_deck": len(state.regions_deck),
        "regions_to_come": sorted([names[r] for r in state.regions_deck]),
        "total_renown": state.total_renown,
        "window": [
            {"kind": kind, "seat": p, "card": views[card_of[uid]], "target": target, "task": arg}
            for kind, p, uid, target, arg in state.window
        ]
        if state.window
        else [],
        "quests": [
            {
                "card": views[card_of[uid]] if uid >= 0 else None,
                "countered": uid < 0,
                "target": target,
                "rp": spent,
                "seat": p,
            }
            for uid, target, spent, p in state.quests
        ]
        if state.quests
        else [],
        "used": sorted([names[c] for c in state.used]) if state.used else [],
        "seats": [_seat(state, tables, p, seat, cards) for p, cards in enumerate(cards_in_play)],
        "end": state.end_reason,
        "log": word_log(state.log, seat, 40),
    }


def determinize(state: Rt, seat: int, rng: Rng, pool: Pool) -> Rt:
    """A full state that `seat` cannot tell from `state`: other seats' hands are redrawn from the
    cards they could hold (a Main-backed card from their Main cards not in view, a
    Demesne-backed one from their demesnes not in view), every deck, the Regions deck too, is
    left in no order to be drawn card by card (state.UNORDERED: the same chance of every order
    as shuffling it whole) and the random stream is replaced. Another seat playing a deck file
    has the faces of its cards not in view invented anew (see `_invent_deck`). What the seat
    cannot see is sorted before it is drawn from, so the sample tells nothing of the real order."""
    sampled = state.clone()
    main_backed, card_of, starters = pool.main, sampled.card_of, starter_names()
    for p in range(sampled.players):
        main, demesne = sampled.main[p], sampled.demesne[p]
        if p == seat:  # its own hand stays; its decks it cannot see either
            main.sort()
            demesne.sort()
            continue
        if sampled.decks[p] not in starters:
            _invent_deck(sampled, p, rng, pool)
        hand = sampled.hand[p]
        backs = [main_backed[card_of[uid]] for uid in hand]
        _redraw(hand, [i for i, back in enumerate(backs) if back], main, rng)
        _redraw(hand, [i for i, back in enumerate(backs) if not back], demesne, rng)
    sampled.regions_deck.sort()
    sampled.rng = Rng(rng.next64())
    sampled.seed = UNORDERED  # the real seed would let a bot rebuild every shuffle
    return sampled


def _redraw(hand: list[int], places: list[int], deck: list[int], rng: Rng) -> None:
    """The hand's cards at `places` (all of one back) and the deck of that back: the hand's
    cards a uniformly random draw from the cards not in view, the rest the deck, sorted."""
    if not places:
        deck.sort()
        return
    unseen = sorted([hand[i] for i in places] + deck)
    for k, i in enumerate(places):
        j = k + rng.below(len(unseen) - k)
        unseen[k], unseen[j] = unseen[j], unseen[k]
        hand[i] = unseen[k]
    deck[:] = unseen[len(places) :]


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
