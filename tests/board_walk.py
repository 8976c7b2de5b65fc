"""A random game walked as the board tests watch it: the player counts they draw at, and the
states every few decisions, with svgkit's memos emptied first (shared by test_drawn_once.py and
test_shared_pieces.py)."""

import random
from collections.abc import Iterator

from meeple.engine import Game, State, get_game
from meeple.svgkit import memo

PLAYERS = {"four-big-strata": 4, "round-house": 4, "guedelon": 2, "lotta-rome": 4, "round-table": 3}


def sampled_states(slug: str, seed: int, steps: int, every: int) -> Iterator[tuple[Game, int, State]]:
    """(game, step, state) at every `every`-th of the first `steps` decisions of a random game of
    `slug` at `PLAYERS[slug]` (seed `seed`), until it ends; the memos start empty."""
    game = get_game(slug)
    state = game.new_game(PLAYERS[slug], seed)
    rng = random.Random(seed)
    memo.forget()
    for step in range(steps):
        if game.is_terminal(state):
            return
        if step % every == 0:
            yield game, step, state
        seat = rng.choice(game.to_move(state))
        state = game.step(state, seat, rng.choice(game.legal_actions(state, seat)).id)
