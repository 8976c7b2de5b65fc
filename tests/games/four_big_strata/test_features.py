"""Four Big Strata's slots read from the state (features.py `from_state`) count a change of a
Personal Display on from the numbers they kept when one card is added at its end or one card is
turned (every seat seeing the same faces); the rules sum the Display again when a face-up card
giving Influence per set lies in it. Here, along random games at several player counts, the seat to
move observes at every decision (as a learner does) and every seat at every fifth, and every row
must be the slots of that seat's observation. The games must show each kind of change, and a
Display holding a face-up card that gives Influence per set, or they test too little."""

from collections import Counter

import numpy as np
import pytest

from meeple.engine import Rng, get_game
from meeple.games.four_big_strata.state import Fbs
from meeple.rl.encoding import SlotEncoder

Display = tuple[list[int], list[int], list[bool], list[int]]


def _displays(state: Fbs) -> list[Display]:
    return [
        (state.cards[p][:], state.columns[p][:], state.face_up[p][:], state.known[p][:])
        for p in range(state.participants)
    ]


def _change(old: Display, new: Display) -> str:
    """How a Personal Display changed: a card added at its end, one card turned (or its known
    mask changed), or anything else."""
    if len(new[0]) == len(old[0]) + 1 and all(now[:-1] == was for now, was in zip(new, old, strict=True)):
        return "added"
    if new[0] == old[0] and new[1] == old[1]:
        places = [k for k in range(len(new[0])) if (new[2][k], new[3][k]) != (old[2][k], old[3][k])]
        if len(places) == 1:
            return "turned"
    return "other"


@pytest.mark.parametrize("players", [2, 4, 5])
def test_rows_counted_on_from_the_kept_numbers_are_the_observations_slots(players: int) -> None:
    game = get_game("four-big-strata")
    features = game.observation_features(players)
    encoder = SlotEncoder(features)
    gives = {k for k, card in enumerate(game.rules.content.cards) if card.set_influence}
    seen: Counter[str] = Counter()
    for seed in range(3):
        state = game.new_game(players, seed)
        rng = Rng.from_seed(seed, "moves")
        before = _displays(state)
        while not game.is_terminal(state):
            movers = game.to_move(state)
            legal = game.legal_actions(state, movers[0])
            seats = range(players) if state.decisions % 5 == 0 else movers[:1]
            for seat in seats:
                mine = legal if seat == movers[0] else game.legal_actions(state, seat) if seat in movers else []
                np.testing.assert_array_equal(
                    encoder.observe(game, state, seat, mine),
                    encoder.encode(game.observation(state, seat)),
                    err_msg=f"seat {seat} after decision {state.decisions}",
                )
            now = _displays(state)
            seen.update(_change(was, new) for was, new in zip(before, now, strict=True) if was != new)
            seen["face-up card giving Influence per set"] += any(
                up and kind in gives for display in now for kind, up in zip(display[0], display[2], strict=True)
            )
            before = now
            game.play(state, movers[0], legal[rng.below(len(legal))])
    kinds = ("added", "turned", "other", "face-up card giving Influence per set")
    assert all(seen[kind] for kind in kinds), seen
