"""Expert cards (p.8 4, p.10 6, p.15): taking them into the 3 slots, and activating one per
turn (phase 1). Permanent experts fire by themselves (economy.expert_trigger); one-time experts
are discarded after activation, except those with the amulet icon (see the amulet_experts option).
"""

from collections.abc import Sequence

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.round_house.content import BASICS, GOLD, KIND, NOTHING, Content, Expert, Gain
from meeple.games.round_house.economy import (
    dismiss,
    expert_trigger,
    gain_coins,
    gain_possible,
    gold_splits,
    gold_suffix,
    gold_text,
    grant,
    push,
)
from meeple.games.round_house.markets import free_spaces, market_rooms
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import T_BASIC, T_KEEP, T_PLACE, Rh

DOUBLE = 8  # T_PLACE argument bit: double rewards (the supplier experts)


def hire_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Take a face-up expert into an empty slot, or, with 3 held, in place of one (p.8 4)."""
    out = []
    full = len(state.experts[seat]) >= c.numbers.expert_slots
    for i, card in enumerate(state.experts_up):
        if not full:
            out.append(once((c, "hire", i, card), _hire, i, card, c))
            continue
        for slot, old in enumerate(state.experts[seat]):
            out.append(once((c, "hire", i, card, slot, old), _replace, i, card, slot, old, c))
    return out


def _hire(i: int, card: int, c: Content) -> Action:
    return Action(f"hire:{i}", f"Take expert {c.experts[card].name}", {"expert": card})


def _replace(i: int, card: int, slot: int, old: int, c: Content) -> Action:
    label = f"Take {c.experts[card].name}, discarding {c.experts[old].name}"
    return Action(f"hire:{i}:{slot}", label, {"expert": card})


def refill_experts(state: Rh, c: Content) -> None:
    """Replenish the expert supply to 3; an empty deck is the shuffled discard pile (a ruling)."""
    while len(state.experts_up) < c.numbers.face_up:
        if not state.expert_deck:
            if not state.expert_discard:
                return
            state.expert_deck, state.expert_discard = state.expert_discard, []
            state.rng.shuffle(state.expert_deck)
        state.experts_up.append(state.expert_deck.pop())


def perform_hire(state: Rh, seat: int, action: Action, c: Content) -> None:
    parts = action.id.split(":")
    card = state.experts_up.pop(int(parts[1]))
    if len(parts) == 3:
        old = state.experts[seat].pop(int(parts[2]))
        state.expert_discard.insert(0, old)  # "on the bottom of the expert card discard pile"
    state.experts[seat].append(card)
    state.note(f"{seat_mark(seat)} takes expert {c.experts[card].name}")
    refill_experts(state, c)
    expert_trigger(state, seat, "expert", c)


def activation_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Phase 1: activate one one-time expert held (with its alternative, if it has one)."""
    out = []
    for slot, card in enumerate(state.experts[seat]):
        expert = c.experts[card]
        if expert.permanent or state.personal[seat] < expert.return_assistant:
            continue
        if _takes_effect(state, seat, expert, expert.gain, c):
            out.append(once((c, "activate", slot, card, False), _activate, slot, card, False, c))
        if expert.alt_gain != NOTHING and gain_possible(state, seat, expert.alt_gain, c):
            out.append(once((c, "activate", slot, card, True), _activate, slot, card, True, c))
    return out


def _activate(slot: int, card: int, alt: bool, c: Content) -> Action:
    expert = c.experts[card]
    if alt:
        return Action(f"activate:{slot}:alt", f"Activate {expert.name}: {expert.alt_gain.text()}", {"expert": card})
    return Action(f"activate:{slot}", f"Activate {expert.name}: {expert.text()}", {"expert": card})


def _takes_effect(state: Rh, seat: int, expert: Expert, gain: Gain, c: Content) -> bool:
    """Whether activating `expert` would do anything: an activation that discards the card for
    nothing (no resource to place, no assistant or chair, an empty supply) is not offered."""
    if expert.return_assistant or gain_possible(state, seat, gain, c):
        return True
    if expert.choice and any(state.basics[KIND[k]] for k in expert.choice):
        return True
    return bool(expert.place and can_place(state, seat, expert.place_kinds, c))


def can_place(state: Rh, seat: int, kinds: Sequence[str], c: Content) -> bool:
    """Whether `place_actions` offers anything for `kinds`: a resource of one of them (or a Gold
    standing in) and a free space of a market that takes it."""
    goods = state.goods[seat]
    return any(
        (goods[KIND[k]] or goods[GOLD]) and free_spaces(state, room, KIND[k], c)
        for room in market_rooms(state, c)
        for k in kinds
    )


def perform_activation(state: Rh, seat: int, action: Action, keep_rule: str, c: Content) -> None:
    """Carry out a one-time expert (p.15), then discard it or keep it (amulet icon)."""
    parts = action.id.split(":")
    slot = int(parts[1])
    card = state.experts[seat][slot]
    expert = c.experts[card]
    state.note(f"{seat_mark(seat)} activates {expert.name}")
    for _ in range(expert.return_assistant):
        dismiss(state, seat)
    grant(state, seat, expert.alt_gain if len(parts) == 3 else expert.gain, c)
    if expert.choice:
        push(state, T_BASIC, sum(1 << KIND[k] for k in expert.choice))
    if expert.coin_per_personal:
        gain_coins(state, seat, expert.coin_per_personal * state.personal[seat], c)
    for other in range(state.players):
        if other != seat:
            gain_coins(state, other, expert.others_coins, c)
    kinds = sum(1 << KIND[k] for k in expert.place_kinds)
    push(state, T_PLACE, kinds | (DOUBLE if expert.double else 0), expert.place)
    if expert.keep and keep_rule == "free":
        return
    if expert.keep and keep_rule == "amulet":
        push(state, T_KEEP, card)
        return
    discard_expert(state, seat, card)


def discard_expert(state: Rh, seat: int, card: int) -> None:
    state.experts[seat].remove(card)
    state.expert_discard.insert(0, card)


def place_actions(state: Rh, seat: int, argument: int, c: Content) -> list[Action]:
    """Experts that place resources on "free spaces of any Market" (the player's own, a ruling),
    paid with the resource or a Gold standing in for it, as the player chooses."""
    out = []
    for room in market_rooms(state, c):
        for kind in range(3):
            if not (argument >> kind & 1 and free_spaces(state, room, kind, c)):
                continue
            splits = gold_splits(state, seat, tuple(int(k == kind) for k in range(3)))
            for split in splits:
                suffix = gold_suffix(split, splits)
                key = (c, "place", room, kind, split, suffix, argument & DOUBLE)
                out.append(once(key, _place, room, kind, split, suffix, argument & DOUBLE, c))
    return out


def _place(room: int, kind: int, split: tuple[int, ...], suffix: str, double: int, c: Content) -> Action:
    chart = c.rooms[room].chart
    label = f"Place 1 {BASICS[kind]} on {c.rooms[room].name} ({chart[BASICS[kind]].text()}"
    label += f"{', doubled' if double else ''}, no assistant action){gold_text(split)}"
    return Action(f"place:{room}:{kind}{suffix}", label)
