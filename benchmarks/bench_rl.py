"""meeple.rl's speed against the engine's: steps per CPU-second of the AEC environment beside the
engine's raw random-play decisions per CPU-second, game by game, in one run (so that a loaded
machine slows both alike: compare the ratios). Record the figures in docs/performance.md.

Four loops, each playing uniformly random legal moves through whole games, taking turns in
slices of 0.2 CPU-seconds. All four play the same games move for move: the engine's loops draw
each game's seed as `env.reset` does (numpy's generator seeded 1) and every loop draws its move
with meeple's Rng seeded 1 among the legal moves, in the order `legal_actions` gives them (the
environment's legal indices keep that order), so no loop is timed on cheaper states.

- engine: `legal_actions` + checked `apply` (benchmarks/bench_engine.py's figure, "the engine's
  raw decisions", the baseline of issue 15 item 5; `apply` works out the legal moves again to
  check the id, as the environment's step checks its index against the legal ones it keeps);
- engine, trusted: `legal_actions` + `play` (no check: the search playouts' loop, the
  fastest the engine decides; the stricter baseline, shown beside the issue's);
- env steps: `env.step(index)` with the index drawn from the legal indices (the mask), the loop
  of a search that clones and restores the environment and needs no observation;
- env steps + observation: `env.last()` (the seat's observation slots, its mask, reward and
  info) before every step, the loop of a learner (`for agent in env.agent_iter(): ... env.last()
  ... env.step(a)`).

In both env loops the move is drawn as the engine's loop draws it, with meeple's Rng among the
legal indices (the list the mask is made from): choosing is the policy's cost, not the env's.

Beside them, the cost of one observation: the game's `observation()`, its encoding into the
game's own slots and by feature hashing (`encoding="hashed"`), and the same slots read from the
state (`Features.from_state`, what the environment does), in µs of CPU, each the mean over 400
observations along random games (consecutive states, as a learner sees them).

    .venv/bin/python benchmarks/bench_rl.py --seconds 5
    .venv/bin/python benchmarks/bench_rl.py --seconds 1 --every-count   # every player count

By default each game is measured at one player count (CASES); `--every-count` takes every
count its rules allow, `--players N` (repeated) those counts.

For instruction counts (`valgrind --tool=callgrind`, which load does not move), `--loop NAME
--decisions N --game SLUG` runs exactly N decisions of one loop (engine, trusted, steps,
observed) and prints nothing; the difference of two runs (say N = 1000 and 3000) over their
difference in N is the loop's instructions per decision, import and setup cancelled.
"""

import argparse
import time
from collections.abc import Iterator

import numpy as np

import meeple.rl as rl
from meeple.engine import Rng, get_game
from meeple.rl.aec import SEED_LIMIT
from meeple.rl.encoding import Encoder, SlotEncoder

CASES = (("four-big-strata", 4), ("round-house", 3), ("guedelon", 1), ("lotta-rome", 3), ("round-table", 3))


SLICE = 0.2  # CPU-seconds of one loop before the next takes its turn


def engine_moves(slug: str, players: int, checked: bool = True) -> Iterator[None]:
    """The engine's raw decisions: random play through the checked `apply` (bench_engine.py's
    loop), or with `checked` false through the trusted `play`; the games `env.reset(seed=1)` draws."""
    game, rng, seeds = get_game(slug), Rng.from_seed(1), np.random.default_rng(1)
    while True:
        state = game.new_game(players, int(seeds.integers(SEED_LIMIT)))
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            if checked:
                game.apply(state, seat, legal[rng.below(len(legal))].id)
            else:
                game.play(state, seat, legal[rng.below(len(legal))])
            yield


def env_steps(slug: str, players: int, observe: bool) -> Iterator[None]:
    """Env steps; with `observe`, `env.last()` (observation, mask, reward, info) before each. The
    move is drawn as the engine's loop draws it (meeple's Rng among the legal indices, the list
    the mask is made from): choosing is the policy's cost, not the env's."""
    env, rng = rl.env(slug, players), Rng.from_seed(1)
    env.reset(seed=1)
    while True:
        agent = env.agent_selection
        if env.terminations[agent]:
            env.reset()
            continue
        if observe:
            env.last()
        legal = env.legal(agent)[1]
        env.step(legal[rng.below(len(legal))])
        yield


def loops(slug: str, players: int) -> dict[str, Iterator[None]]:
    """The four loops by name (see the module docstring)."""
    return {
        "engine": engine_moves(slug, players),
        "trusted": engine_moves(slug, players, checked=False),
        "steps": env_steps(slug, players, False),
        "observed": env_steps(slug, players, True),
    }


def rates(slug: str, players: int, seconds: float) -> tuple[float, ...]:
    """Decisions (or steps) per CPU-second of the four loops (engine, trusted, env steps, env
    steps + observation), taking turns in slices of SLICE CPU-seconds (so that a machine whose
    load changes during the run slows them alike) for about `seconds` each."""
    running = list(loops(slug, players).values())
    counts, spent = [0] * len(running), [0.0] * len(running)
    while min(spent) < seconds:
        for k, loop in enumerate(running):
            began = time.process_time()
            while time.process_time() - began < SLICE:
                next(loop)
                counts[k] += 1
            spent[k] += time.process_time() - began
    return tuple(count / cpu for count, cpu in zip(counts, spent, strict=True))


def observation_costs(slug: str, players: int, samples: int = 400) -> tuple[float, float, float, float]:
    """µs of CPU per observation: `observation()`, its slots, its hashing, and the same slots read
    from the state (`Features.from_state`, the environment's path; see the docstring)."""
    game, states = get_game(slug), []
    state, rng, seed = None, Rng.from_seed(7), 0
    while len(states) < samples:
        if state is None or game.is_terminal(state):
            seed += 1
            state = game.new_game(players, seed)
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        states.append((game.clone(state), seat, legal))
        game.play(state, seat, legal[rng.below(len(legal))])
    began = time.process_time()
    observations = [game.observation(sample, seat) for sample, seat, _ in states]
    costs = [time.process_time() - began]
    slots = SlotEncoder(game.observation_features(players))
    for encoder in (slots, Encoder()):
        began = time.process_time()
        for observation in observations:
            encoder.encode(observation)
        costs.append(time.process_time() - began)
    began = time.process_time()
    for sample, seat, legal in states:
        slots.observe(game, sample, seat, legal)
    costs.append(time.process_time() - began)
    observe, encoded, hashed, direct = (1e6 * cost / samples for cost in costs)
    return observe, encoded, hashed, direct


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per loop")
    parser.add_argument("--game", action="append", help="only these games (default: all five)")
    parser.add_argument("--loop", choices=("engine", "trusted", "steps", "observed"), help="run one loop only")
    parser.add_argument("--decisions", type=int, default=0, help="with --loop: this many decisions, then stop")
    parser.add_argument("--every-count", action="store_true", help="every player count of each game, not one")
    parser.add_argument("--players", type=int, action="append", help="these player counts of each game")
    args = parser.parse_args()
    cases = [(slug, players) for slug, players in CASES if not args.game or slug in args.game]
    if args.every_count or args.players:
        specs = [(slug, get_game(slug).spec) for slug, _ in cases]
        cases = [
            (slug, n)
            for slug, spec in specs
            for n in range(spec.min_players, spec.max_players + 1)
            if args.every_count or n in args.players
        ]
    if args.loop:
        for slug, players in cases:
            loop = loops(slug, players)[args.loop]
            for _ in range(args.decisions):
                next(loop)
        return
    print(
        "| game | players | engine decisions/s | trusted/s | env steps/s | ratio | env steps + observation/s "
        "| ratio | against trusted | observation() µs | its slots µs | hashed µs | slots from the state µs |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for slug, players in cases:
        raw, trusted, bare, full = rates(slug, players, args.seconds)
        observe, encoded, hashed, direct = observation_costs(slug, players)
        print(
            f"| {slug} | {players} | {raw:,.0f} | {trusted:,.0f} | {bare:,.0f} | {bare / raw:.2f} | {full:,.0f} "
            f"| {full / raw:.2f} | {full / trusted:.2f} | {observe:.0f} | {encoded:.0f} | {hashed:.0f} | {direct:.0f} |"
        )


if __name__ == "__main__":
    main()
