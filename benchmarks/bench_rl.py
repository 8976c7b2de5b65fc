"""meeple.rl's speed against the engine's: steps per CPU-second of the AEC environment beside the
engine's raw random-play decisions per CPU-second, game by game, in one run (so that a loaded
machine slows both alike: compare the ratios). Record the figures in docs/performance.md.

Three loops, each playing uniformly random legal moves through whole games:

- engine: `legal_actions` + checked `apply` (benchmarks/bench_engine.py's figure);
- env steps: `env.step(index)` with the index drawn from the legal indices (the mask), the loop
  of a search that clones and restores the environment and needs no observation;
- env steps + observation: `env.last()` (the seat's observation encoded, and its mask) before
  every step, the loop of a learner.

    .venv/bin/python benchmarks/bench_rl.py --seconds 5
"""

import argparse
import time

import numpy as np

import meeple.rl as rl
from bench_engine import random_play

CASES = (("four-big-strata", 4), ("round-house", 3), ("guedelon", 1), ("lotta-rome", 3), ("round-table", 3))


def engine_rate(slug: str, players: int, seconds: float) -> float:
    """The engine's raw decisions per CPU-second: random play through the checked `apply`."""
    decisions, _, cpu = random_play(slug, players, seconds)
    return decisions / cpu


def env_rate(slug: str, players: int, seconds: float, observe: bool) -> float:
    env, rng = rl.env(slug, players), np.random.default_rng(1)
    env.reset(seed=1)
    steps = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        agent = env.agent_selection
        if env.terminations[agent]:
            env.reset()
            continue
        legal = np.flatnonzero(env.last()[0]["action_mask"]) if observe else env.legal(agent)[1]
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
    return steps / (time.process_time() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per loop")
    args = parser.parse_args()
    print("| game | players | engine decisions/s | env steps/s | ratio | env steps + observation/s | ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for slug, players in CASES:
        raw = engine_rate(slug, players, args.seconds)
        bare = env_rate(slug, players, args.seconds, observe=False)
        full = env_rate(slug, players, args.seconds, observe=True)
        print(f"| {slug} | {players} | {raw:,.0f} | {bare:,.0f} | {bare / raw:.2f} | {full:,.0f} | {full / raw:.2f} |")


if __name__ == "__main__":
    main()
