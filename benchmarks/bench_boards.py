"""How long each game's browser board (`render_svg`) takes to draw, per view, in CPU time.

Plays every game with random moves (fixed seeds) and keeps the observations and legal actions
of every seat at every fifth decision; then draws each of them `--repeat` times and reports the
mean CPU milliseconds per drawing and the drawing's mean size in kilobytes.

    .venv/bin/python benchmarks/bench_boards.py
    .venv/bin/python benchmarks/bench_boards.py --games 3 --repeat 5

CPU time (time.process_time), not wall time, so a busy shared machine skews it less.
"""

import argparse
import random
import time
from typing import Any

from meeple.engine import Action, get_game

PLAYERS = {"four-big-strata": 4, "round-house": 4, "guedelon": 2, "lotta-rome": 4, "round-table": 3}


def views(slug: str, games: int) -> list[tuple[dict[str, Any], list[Action]]]:
    """Observations and legal actions of every seat (and a spectator) at every fifth decision."""
    game = get_game(slug)
    found = []
    for seed in range(games):
        state = game.new_game(PLAYERS[slug], seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_terminal(state) and step < 400:
            movers = game.to_move(state)
            if step % 5 == 0:
                for seat in [*range(PLAYERS[slug]), None]:
                    legal = game.legal_actions(state, seat) if seat in movers else []
                    found.append((game.observation(state, seat), legal))
            seat = rng.choice(movers)
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)).id)
            step += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| game | views | ms per view (CPU) | kB per view |")
    print("| --- | --- | --- | --- |")
    for slug in PLAYERS:
        game = get_game(slug)
        sample = views(slug, args.games)
        size = 0
        start = time.process_time()
        for _ in range(args.repeat):
            for observation, legal in sample:
                size += len(game.render_svg(observation, legal) or "")
        spent = time.process_time() - start
        count = len(sample) * args.repeat
        print(f"| {slug} | {len(sample)} | {1000 * spent / count:.2f} | {size / count / 1000:.1f} |")


if __name__ == "__main__":
    main()
