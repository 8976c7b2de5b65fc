"""Engine speed on one core: random-play decisions per second, full games per second, and
MCTS iterations per second. Run by hand; record the figures in docs/performance.md.

Rates are per second of this process's CPU time, so that a machine busy with other work
gives about the same figures as an idle one (wall-clock time would not).

    .venv/bin/python benchmarks/bench_engine.py --game four-big-strata --players 4
"""

import argparse
import time

from meeple.agents.mcts import MctsAgent
from meeple.engine import Rng, get_game


def random_play(slug: str, players: int, seconds: float) -> tuple[int, int, float]:
    """Play uniformly random games (legal_actions + validated apply) for about `seconds`."""
    game = get_game(slug)
    rng = Rng.from_seed(1)
    decisions = games = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        state = game.new_game(players, games)
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.below(len(legal))].id)
            decisions += 1
        games += 1
    return decisions, games, time.process_time() - began


def mcts_speed(slug: str, players: int, iterations: int) -> float:
    """MCTS iterations per second from the first decision of a game."""
    game = get_game(slug)
    state = game.new_game(players, 7)
    seat = game.to_move(state)[0]
    agent = MctsAgent(3, iterations=iterations)
    began = time.process_time()
    agent.choose(game, state, seat)
    return iterations / (time.process_time() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="four-big-strata")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--iterations", type=int, default=300)
    args = parser.parse_args()
    decisions, games, elapsed = random_play(args.game, args.players, args.seconds)
    print(f"{args.game}, {args.players} players, random play for {elapsed:.1f} s of CPU time:")
    print(f"  decisions per second: {decisions / elapsed:,.0f}")
    print(f"  games per second:     {games / elapsed:,.1f}  ({decisions / games:.0f} decisions a game)")
    print(f"  MCTS iterations/s:    {mcts_speed(args.game, args.players, args.iterations):,.0f}")


if __name__ == "__main__":
    main()
