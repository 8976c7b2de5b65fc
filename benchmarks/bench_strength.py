"""Bot strength: one agent against another, seats rotated game by game, win rate with its 95%
interval. Run by hand; record the figures in docs/performance.md.

The first agent's share of the wins (a tie splits the win between the tied seats) over the games;
the interval is Wilson's score interval for a proportion. `--agents` lists one agent per seat
for the first game (rotated after), so `medium,heuristic,heuristic` is medium against two
heuristic players. One process, one game at a time: run several processes for speed.

    .venv/bin/python benchmarks/bench_strength.py --game round-house --agents medium,heuristic --games 40
"""

import argparse
import math
import time

from meeple.cli import split_agents
from meeple.simulation import seat_agents, simulate


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval of a proportion `wins / games`."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def wins_of(rows: list[dict], measured: str) -> float:
    """The measured agent's wins, ties split."""
    total = 0.0
    for row in rows:
        winners = row["winner_seats"]
        total += sum(1 / len(winners) for seat in winners if row["agents"][seat] == measured)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--agents", required=True, help="one spec per seat, comma-separated; the first is measured")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--progress", action="store_true", help="a line after every game")
    args = parser.parse_args()
    specs = split_agents([args.agents])
    players = len(specs)
    began = time.perf_counter()
    measured = specs[0]
    wins = 0.0
    own: list[float] = []
    others: list[float] = []
    rows: list[dict] = []
    for index in range(args.games):  # one game at a time (seats rotated by the index), reporting as it goes
        seats = seat_agents(specs, players, index, True)
        rows += simulate(args.game, players, 1, args.seed * 100_003 + index, seats, rotate=False)
        if args.progress:
            print(f"  after {len(rows)} games: {measured} won {wins_of(rows, measured):g}", flush=True)
    wall = time.perf_counter() - began
    for row in rows:
        winners = row["winner_seats"]
        seats = [seat for seat, spec in enumerate(row["agents"]) if spec == measured]
        if len(seats) != 1:
            raise SystemExit("the measured agent must fill exactly one seat")
        seat = seats[0]
        if seat in winners:
            wins += 1 / len(winners)
        own.append(row["scores"][seat])
        others.extend(score for s, score in enumerate(row["scores"]) if s != seat)
    low, high = wilson(wins, len(rows))
    print(
        f"{args.game} {players}p {args.agents}: {measured} won {wins:g} of {len(rows)} = {wins / len(rows):.1%} "
        f"(95% CI {low:.1%}-{high:.1%}); mean score {sum(own) / len(own):.2f} vs {sum(others) / len(others):.2f}; "
        f"seed {args.seed}, {wall / 60:.1f} min wall"
    )


if __name__ == "__main__":
    main()
