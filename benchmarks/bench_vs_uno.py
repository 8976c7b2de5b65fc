"""Every game at every player count against RLCard's Uno, interleaved in one process run.

RLCard is a benchmark-only dependency, never one of the project's: install it into the
virtual environment by hand first (`.venv/bin/pip install rlcard`).

The yardstick is RLCard's own random-play loop: `env.run` with a `RandomAgent` in each of
Uno's two seats, counting turns (one turn = one agent decision and one `env.step`). For each
game and player count, every round measures Uno and then the game:

- `apply`: random play through the checked path (`legal_actions` + `apply` by action id);
- `play`: the playout path (`legal_actions` + `play` of the chosen action);
- `observation` and `determinize`: the mean cost of one call for the seat to move, over the
  states of a few random games, in units of one Uno turn of the same round.

Rates are per second of this process's CPU time, so that other work on the machine moves
every figure of a round alike; each ratio is taken against the Uno figure of its own round,
and the median of the rounds is printed, a row as soon as it is measured (a ratio above 1 is
faster than Uno for rates, a cost below 1 is cheaper than one Uno turn).

    .venv/bin/python benchmarks/bench_vs_uno.py                      # all games, 3 rounds
    .venv/bin/python benchmarks/bench_vs_uno.py --games guedelon --players 2 --seconds 2
"""

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from meeple.engine import Game, Rng, State, game_specs, get_game


def uno_turns_per_second(seconds: float) -> float:
    """RLCard's Uno, two random agents, turns per CPU-second through `env.run`."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    turns = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        trajectories, _ = env.run(is_training=False)
        turns += sum((len(t) - 1) // 2 for t in trajectories)  # [state, action, ..., state]
    return turns / (time.process_time() - began)


def random_play_rate(game: Game, players: int, seconds: float, checked: bool) -> float:
    """Decisions per CPU-second of uniformly random whole games, by `apply` or by `play`."""
    rng = Rng.from_seed(1)
    decisions = index = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        state = game.new_game(players, index)
        index += 1
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            action = legal[rng.below(len(legal))]
            if checked:
                game.apply(state, seat, action.id)
            else:
                game.play(state, seat, action)
            decisions += 1
    return decisions / (time.process_time() - began)


def sample_states(game: Game, players: int, count: int) -> list[tuple[State, int]]:
    """About `count` states (with the seat to move) spread over random games."""
    rng = Rng.from_seed(2)
    found: list[tuple[State, int]] = []
    index = 0
    while len(found) < count:
        state = game.new_game(players, 1000 + index)
        index += 1
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            if rng.below(8) == 0:
                found.append((game.clone(state), seat))
            legal = game.legal_actions(state, seat)
            game.play(state, seat, legal[rng.below(len(legal))])
    return found[:count]


def seconds_per_call(states: list[tuple[State, int]], call: Callable[[State, int], Any], seconds: float) -> float:
    """Mean CPU time of `call(state, seat)` over the sample, repeated for about `seconds`."""
    calls = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        for state, seat in states:
            call(state, seat)
        calls += len(states)
    return (time.process_time() - began) / calls


def measure(slug: str, players: int, seconds: float, states: list[tuple[State, int]]) -> dict[str, float]:
    game = get_game(slug)
    rng = Rng.from_seed(3)
    return {
        "apply": random_play_rate(game, players, seconds, checked=True),
        "play": random_play_rate(game, players, seconds, checked=False),
        "observation": seconds_per_call(states, game.observation, seconds / 2),
        "determinize": seconds_per_call(states, lambda s, seat: game.determinize(s, seat, rng), seconds / 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(s.slug for s in game_specs()), help="comma-separated slugs")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: every count)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per rate measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--samples", type=int, default=200, help="states for observation/determinize")
    args = parser.parse_args()
    subjects: list[tuple[str, int]] = []
    for slug in args.games.split(","):
        spec = get_game(slug).spec
        counts = range(spec.min_players, spec.max_players + 1)
        chosen = [int(p) for p in args.players.split(",")] if args.players else list(counts)
        subjects += [(slug, p) for p in chosen if p in counts]
    print("| game | players | apply × Uno | play × Uno | observation (Uno turns) | determinize (Uno turns) | Uno/s |")
    print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)
    for slug, players in subjects:
        states = sample_states(get_game(slug), players, args.samples)
        ratios: dict[str, list[float]] = {}
        uno: list[float] = []
        for _ in range(args.rounds):
            uno.append(uno_turns_per_second(args.seconds))
            for name, value in measure(slug, players, args.seconds, states).items():
                ratio = value / uno[-1] if name in ("apply", "play") else value * uno[-1]
                ratios.setdefault(name, []).append(ratio)
        cells = [f"{statistics.median(ratios[n]):.2f}" for n in ("apply", "play", "observation", "determinize")]
        row = f"| {slug} | {players} | " + " | ".join(cells) + f" | {statistics.median(uno):,.0f} |"
        print(row, flush=True)


if __name__ == "__main__":
    main()
