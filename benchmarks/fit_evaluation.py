"""Fit a game's evaluation (its `evaluation.MODEL`) on heuristic games, and say how good it is.

Every seat plays the game's heuristic; every third decision the game's `evaluation.observe`
gives the progress and each seat's features (one row for a cooperative team), and at the end
`game.result` gives what they should predict: each seat's final score (the team's margin in a
cooperative game). A ridge regression on `design_row` fits the weights; the spread is fitted
from how far the predicted margin between seats 0 and 1 (the team's margin) misses the real one,
by progress. Prints the fitted `LinearModel` to paste into the game's evaluation.py, and, for the
model in the code now and the fitted one, how often the predicted leader is the final winner.

    .venv/bin/python benchmarks/fit_evaluation.py --game round-house --games 300 --players 2
"""

import argparse
import importlib
import math
from concurrent.futures import ProcessPoolExecutor

from meeple.agents.heuristic_agent import HeuristicAgent
from meeple.engine import LinearModel, get_game
from meeple.engine.estimate import design_row

MODULES = {
    "four-big-strata": ("four_big_strata", "content"),
    "round-house": ("round_house", "content"),
    "guedelon": ("guedelon", "content"),
    "lotta-rome": ("lotta_rome", "rules"),
    "round-table": ("round_table", "pool"),
}
BUCKETS = 5
Sample = tuple[float, list[list[float]], list[float]]  # progress, rows, final targets


def play(job: tuple[str, int, int]) -> list[Sample]:
    """One heuristic game: its sampled (progress, rows) with the final targets."""
    slug, players, seed = job
    game = get_game(slug)
    package, attribute = MODULES[slug]
    module = importlib.import_module(f"meeple.games.{package}.evaluation")
    content = getattr(game, attribute)
    state = game.new_game(players, seed)
    agent = HeuristicAgent(seed)
    seen: list[tuple[float, list[list[float]]]] = []
    while not game.is_terminal(state):
        if state.decisions % 3 == 0:
            seen.append(module.observe(state, content))
        seat = game.to_move(state)[0]
        game.apply(state, seat, agent.choose(game, state, seat))
    result = game.result(state)
    targets = [float(result.team.margin)] if result.team is not None else list(result.scores)
    return [(done, rows[: len(targets)], targets) for done, rows in seen]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    w = [0.0] * n
    for r in range(n - 1, -1, -1):
        w[r] = (a[r][n] - sum(a[r][c] * w[c] for c in range(r + 1, n))) / a[r][r]
    return w


def fit(samples: list[Sample], names: tuple[str, ...], ridge: float) -> tuple[float, ...]:
    size = 1 + 2 * len(names)
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for done, rows, targets in samples:
        for row, target in zip(rows, targets, strict=True):
            x = design_row(row, done)
            for i, xi in enumerate(x):
                if xi:
                    xty[i] += xi * target
                    line = xtx[i]
                    for j, xj in enumerate(x):
                        line[j] += xi * xj
    for i in range(1, size):
        xtx[i][i] += ridge
    return tuple(solve(xtx, xty))


def margins(model: LinearModel, samples: list[Sample], team: bool) -> list[tuple[float, float, float]]:
    """(progress, predicted margin, real margin) of seat 0 over seat 1 (the team's margin)."""
    out = []
    for done, rows, targets in samples:
        scores = model.estimate(rows, done).scores
        if team:
            out.append((done, scores[0], targets[0]))
        else:
            out.append((done, scores[0] - scores[1], targets[0] - targets[1]))
    return out


def report(label: str, model: LinearModel, samples: list[Sample], team: bool) -> list[float]:
    """Per progress bucket: the margin's error (sd) and how often the predicted sign is right."""
    buckets: list[list[tuple[float, float]]] = [[] for _ in range(BUCKETS)]
    for done, predicted, real in margins(model, samples, team):
        buckets[min(BUCKETS - 1, int(done * BUCKETS))].append((predicted, real))
    sds = []
    print(label)
    for index, pairs in enumerate(buckets):
        if not pairs:
            sds.append(math.nan)
            continue
        sd = math.sqrt(sum((p - r) ** 2 for p, r in pairs) / len(pairs))
        right = sum(1 for p, r in pairs if (p > 0) == (r > 0) or r == 0) / len(pairs)
        sds.append(sd)
        print(
            f"  progress {index / BUCKETS:.1f}-{(index + 1) / BUCKETS:.1f}: {len(pairs):6} states, "
            f"margin error sd {sd:7.2f}, leader right {right:6.1%}"
        )
    return sds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(MODULES), required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="2", help="player counts, comma-separated: 2,4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args()
    package, _ = MODULES[args.game]
    module = importlib.import_module(f"meeple.games.{package}.evaluation")
    counts = [int(count) for count in args.players.split(",")]
    jobs = [(args.game, counts[index % len(counts)], args.seed * 100_000 + index) for index in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        games = list(pool.map(play, jobs, chunksize=4))
    samples = [sample for game in games for sample in game]
    team = get_game(args.game).spec.cooperative
    train = [sample for index, game in enumerate(games) if index % 5 for sample in game]  # held out: every 5th game
    test = [sample for index, game in enumerate(games) if not index % 5 for sample in game]
    report("the model in the code, held-out states:", module.MODEL, test, team)
    weights = fit(train, module.MODEL.names, args.ridge)
    trial = LinearModel(module.MODEL.names, weights, (1.0, 1.0))
    sds = report("the fitted model, held-out states:", trial, test, team)
    # spread = 0.674 sd (a normal error gives 3:1 odds at 0.674 sd), linear from the first to the last bucket
    known = [(index, sd) for index, sd in enumerate(sds) if not math.isnan(sd)]
    (low, first), (high, last) = known[0], known[-1]
    slope = (last - first) / max(1, high - low)  # per bucket
    start = 0.674 * (first - slope * (low + 0.5))
    end = 0.674 * (last + slope * (BUCKETS - high - 0.5))
    print(f"\nMODEL = LinearModel(\n    names={module.MODEL.names!r},")
    print(f"    weights=({', '.join(f'{w:.4g}' for w in weights)}),")
    print(f"    spread=({max(start, 0.05):.3g}, {max(end, 0.05):.3g}),\n)")
    print(f"{len(samples)} states from {args.games} games at {args.players} players, seed {args.seed}")
    print("(fitted on 4 games in 5, checked on the 5th)")


if __name__ == "__main__":
    main()
