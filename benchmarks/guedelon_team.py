"""Guédelon's team bots side by side: the greedy planner (`heuristic`) and the search planner
(`planner`), on the same seeds, at every difficulty and player count.

    python benchmarks/guedelon_team.py --games 200 --workers 2

Prints a Markdown table of win rate and mean extra rounds (the team's score, 8 Game end) for
each bot, the paired count of games one bot won and the other lost, and the planner's time per
game in core-seconds (wall time times workers, so on an idle machine). Figures are recorded in docs/performance.md.
"""

import argparse
import time

from meeple.simulation import simulate

DIFFICULTIES = ("easy", "intermediate", "hard", "special")


def _cell(rows: list[dict]) -> tuple[float, float, list[bool]]:
    won = [row["team"]["won"] for row in rows]
    extra = sum(row["scores"][0] for row in rows) / len(rows)
    return 100.0 * sum(won) / len(rows), extra, won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    parser.add_argument("--difficulty", nargs="*", default=list(DIFFICULTIES))
    parser.add_argument("--option", nargs="*", default=[], help="extra options, name=value")
    parser.add_argument("--planner", default="planner", help="the search bot's agent spec")
    args = parser.parse_args()
    extra_options = dict(pair.split("=", 1) for pair in args.option)
    print(
        "| difficulty | players | greedy: won / extra rounds | planner: won / extra rounds "
        "| only planner won | only greedy won | planner core-s/game |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for difficulty in args.difficulty:
        options = {"difficulty": difficulty, **extra_options}
        for players in args.players:
            greedy = simulate("guedelon", players, args.games, args.seed, ["heuristic"], options, args.workers)
            wall = time.perf_counter()
            search = simulate("guedelon", players, args.games, args.seed, [args.planner], options, args.workers)
            core_seconds = (time.perf_counter() - wall) * args.workers
            g_rate, g_extra, g_won = _cell(greedy)
            p_rate, p_extra, p_won = _cell(search)
            only_p = sum(p and not g for p, g in zip(p_won, g_won, strict=True))
            only_g = sum(g and not p for p, g in zip(p_won, g_won, strict=True))
            print(
                f"| {difficulty} | {players} | {g_rate:.1f}% / {g_extra:.2f} | {p_rate:.1f}% / {p_extra:.2f} "
                f"| {only_p} | {only_g} | {core_seconds / args.games:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
