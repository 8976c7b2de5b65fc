"""Every game at every player count against RLCard's Uno, interleaved in one process run.

RLCard is a benchmark-only dependency, never one of the project's: install it into the
virtual environment by hand first (`.venv/bin/pip install rlcard`).

The yardstick is RLCard's own random-play loop: `env.run` with a `RandomAgent` in each of
Uno's two seats, counting turns (one turn = one agent decision and one `env.step`). For each
game and player count, four measurements are compared with Uno:

- `apply`: random play through the checked path (`legal_actions` + `apply` by action id);
- `play`: the playout path (`legal_actions` + `play` of the chosen action);
- `observation` and `determinize`: the mean cost of one call for the seat to move, over the
  states of a few random games, in units of one Uno turn.

Rates are per second of this process's CPU time. The machine's own speed drifts (on a shared
2-core machine the same loop ran twice as fast from one minute to the next), so each round
cuts its time into `--slices` short turns, Uno then each measurement in rotation, and every
measurement resumes where its last slice stopped (the random game goes on). A drift then
moves Uno and the game alike and cancels in the ratio. Each round's ratio is its game's rate
over its Uno rate; the median of the rounds is printed, with the lowest and highest round in
brackets when asked (`--spread`) (a ratio above 1 is faster than Uno for rates, a cost below
1 is cheaper than one Uno turn).

    .venv/bin/python benchmarks/bench_vs_uno.py                      # all games, 3 rounds
    .venv/bin/python benchmarks/bench_vs_uno.py --games guedelon --players 2 --seconds 2
"""

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from meeple.engine import Game, Rng, State, game_specs, get_game

MEASURES = ("apply", "play", "observation", "determinize")


class Meter:
    """Work done in slices of CPU time: a count of units and the CPU seconds they took."""

    def __init__(self) -> None:
        self.units = 0
        self.cpu = 0.0

    def step(self) -> int:
        """Do a little work; return how many units it was."""
        raise NotImplementedError

    def run(self, seconds: float) -> None:
        """Work for about `seconds` of this process's CPU time, adding to the totals."""
        began = time.process_time()
        units = 0
        while time.process_time() - began < seconds:
            units += self.step()
        self.cpu += time.process_time() - began
        self.units += units

    @property
    def per_second(self) -> float:
        return self.units / self.cpu


class Uno(Meter):
    """RLCard's Uno, two random agents, turns through `env.run`, a whole game a step."""

    def __init__(self) -> None:
        super().__init__()
        import rlcard
        from rlcard.agents import RandomAgent

        self.env = rlcard.make("uno", config={"seed": 1})
        self.env.set_agents([RandomAgent(num_actions=self.env.num_actions) for _ in range(self.env.num_players)])

    def step(self) -> int:
        trajectories, _ = self.env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)  # [state, action, ..., state]


class RandomPlay(Meter):
    """Uniformly random games of one game, a decision a step, by `apply` or by `play`."""

    def __init__(self, game: Game, players: int, checked: bool) -> None:
        super().__init__()
        self.game, self.players, self.checked = game, players, checked
        self.rng = Rng.from_seed(1)
        self.index = 0
        self.state = game.new_game(players, 0)

    def step(self) -> int:
        game, state = self.game, self.state
        if game.is_terminal(state):
            self.index += 1
            self.state = state = game.new_game(self.players, self.index)
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[self.rng.below(len(legal))]
        if self.checked:
            game.apply(state, seat, action.id)
        else:
            game.play(state, seat, action)
        return 1


class Calls(Meter):
    """One call of `call(state, seat)` a step, over a sample of states in turn."""

    def __init__(self, states: list[tuple[State, int]], call: Callable[[State, int], Any]) -> None:
        super().__init__()
        self.states, self.call, self.next = states, call, 0

    def step(self) -> int:
        state, seat = self.states[self.next]
        self.next = (self.next + 1) % len(self.states)
        self.call(state, seat)
        return 1


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


def one_round(
    slug: str, players: int, seconds: float, slices: int, states: list[tuple[State, int]]
) -> dict[str, float]:
    """Each measure's ratio to Uno over one round of `slices` rotations, `seconds` of CPU each."""
    game = get_game(slug)
    rng = Rng.from_seed(3)
    meters: dict[str, Meter] = {
        "apply": RandomPlay(game, players, checked=True),
        "play": RandomPlay(game, players, checked=False),
        "observation": Calls(states, game.observation),
        "determinize": Calls(states, lambda s, seat: game.determinize(s, seat, rng)),
    }
    unos = {name: Uno() for name in meters}
    for _ in range(slices):
        for name, meter in meters.items():
            unos[name].run(seconds / slices)
            meter.run(seconds / slices)
    ratios = {}
    for name, meter in meters.items():
        uno = unos[name].per_second
        ratios[name] = meter.per_second / uno if name in ("apply", "play") else uno / meter.per_second
    ratios["uno"] = statistics.median(u.per_second for u in unos.values())
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(s.slug for s in game_specs()), help="comma-separated slugs")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: every count)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement and round")
    parser.add_argument("--slices", type=int, default=10, help="turns taken with Uno per measurement and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--samples", type=int, default=200, help="states for observation/determinize")
    parser.add_argument("--spread", action="store_true", help="give the lowest and highest round too")
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
        rounds = [one_round(slug, players, args.seconds, args.slices, states) for _ in range(args.rounds)]
        cells = []
        for name in MEASURES:
            values = [r[name] for r in rounds]
            cell = f"{statistics.median(values):.2f}"
            cells.append(cell + (f" ({min(values):.2f}-{max(values):.2f})" if args.spread else ""))
        uno = statistics.median(r["uno"] for r in rounds)
        print(f"| {slug} | {players} | " + " | ".join(cells) + f" | {uno:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
