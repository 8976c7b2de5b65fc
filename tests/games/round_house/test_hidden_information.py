"""Hidden information: the face-down piles (expert deck, order deck, pirate stack, face-down
amulets) are never shown, in order or in content beyond their size; everything else is public,
so every seat and a spectator see the same table; determinize redraws exactly those piles; the
heuristic bot reads nothing hidden."""

import msgspec

from meeple.engine import Rng

from .builders import CONTENT, fresh, play


def played(players: int = 3, seed: int = 9, steps: int = 40):
    g, state = fresh(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = g.legal_actions(state, state.current)
        play(g, state, legal[rng.below(len(legal))].id)
    return g, state


def shuffled_piles(state, seed: int):
    twin = state.clone()
    rng = Rng(seed)
    for pile in (twin.expert_deck, twin.order_deck, twin.amulet_pool):
        rng.shuffle(pile)
    unknown = twin.pirate_stack[twin.pirates_seen :]
    rng.shuffle(unknown)
    twin.pirate_stack[twin.pirates_seen :] = unknown
    return twin


def test_every_seat_sees_the_same_public_table() -> None:
    """The Round House hides nothing on the table: every seat and a spectator see the same
    observation, but for the log, which each reader reads in its own words ("You" for its own
    seat) and which tells the same events to all."""
    g, state = played()
    views = [g.observation(state, seat) for seat in (0, 1, 2, None)]
    logs = [view.pop("log") for view in views]
    for view in views:
        view.pop("seat")
    assert all(view == views[0] for view in views)
    spectator = logs[-1]
    for seat, log in enumerate(logs[:-1]):
        assert len(log) == len(spectator)
        for ours, told in zip(log, spectator, strict=True):
            assert ours == told or (ours.startswith("You") and told.startswith(f"Seat {seat} ")), (ours, told)


def test_face_down_piles_are_shown_only_by_size() -> None:
    g, state = played()
    view = g.observation(state, 0)
    assert view["expert_deck"] == len(state.expert_deck) and view["order_deck"] == len(state.order_deck)
    assert view["pirate_stack"] == len(state.pirate_stack) and view["amulet_pool"] == len(state.amulet_pool)
    text = msgspec.json.encode(view).decode()
    hidden_experts = {CONTENT.experts[e].name for e in state.expert_deck}
    shown = {e["name"] for p in view["participants"] for e in p["experts"]} | {e["name"] for e in view["experts"]}
    shown |= {e["name"] for e in view["expert_discard"]}
    for name in hidden_experts - shown:
        assert name not in text


def test_observation_and_legal_actions_ignore_the_order_of_hidden_piles() -> None:
    g, state = played()
    twin = shuffled_piles(state, 3)
    for seat in range(3):
        assert g.observation(twin, seat) == g.observation(state, seat)
        assert g.legal_actions(twin, seat) == g.legal_actions(state, seat)


def test_determinize_redraws_only_the_hidden_piles() -> None:
    g, state = played()
    sample = g.determinize(state, 1, Rng(5))
    assert sorted(sample.expert_deck) == sorted(state.expert_deck)
    assert sorted(sample.order_deck) == sorted(state.order_deck)
    assert sorted(sample.pirate_stack) == sorted(state.pirate_stack)
    assert sorted(sample.amulet_pool) == sorted(state.amulet_pool)
    assert sample.rng.state != state.rng.state and sample.seed == 0
    changed = (sample.expert_deck != state.expert_deck) or (sample.order_deck != state.order_deck)
    assert changed
    assert g.observation(sample, 1) == g.observation(state, 1)


def test_the_heuristic_reads_nothing_hidden() -> None:
    g, state = played()
    twin = shuffled_piles(state, 4)
    legal = g.legal_actions(state, state.current)
    for k in range(5):
        mine = g.playout_action(state, state.current, legal, Rng(k))
        theirs = g.playout_action(twin, twin.current, legal, Rng(k))
        assert mine == theirs


def test_determinize_keeps_the_pirate_tiles_seen_going_under_the_stack() -> None:
    """Used pirate tiles go on the bottom of the stack in view of all (p.8 2): their order is known
    and kept; only the tiles above them are redrawn."""
    from .builders import at_room

    g, state = fresh(3, 4)
    used = []
    for _ in range(3):
        at_room(state, 0, "pirate-smuggled-goods")
        used.append(state.pirates_up[0])
        play(g, state, "do:pirate:0")
    assert state.pirate_stack[:3] == used[::-1] and state.pirates_seen == 3
    assert len(g.observation(state, 1)["pirate_stack_bottom"]) == 3
    for k in range(5):
        sample = g.determinize(state, 1, Rng(k))
        assert sample.pirate_stack[:3] == state.pirate_stack[:3]
        assert sorted(sample.pirate_stack) == sorted(state.pirate_stack)
