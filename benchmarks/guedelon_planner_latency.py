"""How long Guédelon's search planner thinks, per decision, at each effort (the lobby's easy,
medium and hard levels are efforts 1, 2 and 3).

    python benchmarks/guedelon_planner_latency.py --games 3

Every seat plays `planner:effort=E` through the engine API on one core; each `choose` call is
timed with `time.process_time`. Prints a Markdown table: mean, median, 95th percentile and
longest milliseconds a decision, the median of the decisions that searched (over 10 ms: most
decisions, the wheelbarrow's and the cart's, need none), and seconds a game. Figures are
recorded in docs/performance.md.
"""

import argparse
import statistics
import time

from meeple.agents import make_agent
from meeple.engine import derive_seed, get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 4])
    parser.add_argument("--efforts", type=int, nargs="*", default=[1, 2, 3])
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    game = get_game("guedelon")
    print(
        "| effort | players | mean ms / decision | median ms | p95 ms | longest ms | median ms of searches | s / game |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for effort in args.efforts:
        for players in args.players:
            times: list[float] = []
            for index in range(args.games):
                seed = derive_seed(args.seed, "game", index)
                state = game.new_game(players, seed)
                agents = [make_agent(f"planner:effort={effort}", derive_seed(seed, "seat", s)) for s in range(players)]
                while not game.is_terminal(state):
                    seat = game.to_move(state)[0]
                    start = time.process_time()
                    action = agents[seat].choose(game, state, seat)
                    times.append(time.process_time() - start)
                    game.apply(state, seat, action)
            searches = [t for t in times if t > 0.010] or [0.0]
            p95 = statistics.quantiles(times, n=20)[-1]
            print(
                f"| {effort} | {players} | {1000 * sum(times) / len(times):.1f} "
                f"| {1000 * statistics.median(times):.1f} "
                f"| {1000 * p95:.0f} | {1000 * max(times):.0f} | {1000 * statistics.median(searches):.0f} "
                f"| {sum(times) / args.games:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
