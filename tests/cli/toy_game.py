"""A small game for the CLI tests: "Toy Race", 2 to 4 players racing to a target square.

Every round each player moves 1, 2 or 3 squares. In the `sealed` variant (the
default) all players choose at once and in secret (`to_move` is every seat that
has not chosen yet, and the actions carry ``{"sealed": True}``); the choices are
revealed together, and when `collisions` is on, players who chose the same
number do not move. In the `open` variant the players take turns, starting from
a seat drawn from the state's rng, and every move is public.

The game ends when someone reaches `target` or after `MAX_ROUNDS` rounds; the
furthest player wins, equal positions share the rank.
"""

from typing import Any

from meeple.engine import Action, Game, GameSpec, OptionSpec, Result, Rng, State, competitive_result

MAX_ROUNDS = 40
STEPS = (1, 2, 3)


class RaceState(State, kw_only=True):
    target: int
    positions: list[int]
    pending: list[int]  # a seat's sealed, not yet revealed step; 0 = not chosen
    last_reveal: list[int]  # the steps revealed at the end of the previous round
    round: int = 1
    turn: int = 0  # the seat to move in the open variant
    start: int = 0  # the seat that opens every round in the open variant


class ToyRace(Game[RaceState]):
    spec = GameSpec(
        slug="toy-race",
        title="Toy Race",
        version="1",
        min_players=2,
        max_players=4,
        summary="Race to the target square; in secret, equal steps cancel.",
        options=(
            OptionSpec("target", "the square to reach", 10, minimum=3, maximum=30),
            OptionSpec("variant", "sealed: everyone chooses at once; open: take turns", "sealed", ("sealed", "open")),
            OptionSpec("collisions", "players choosing the same step do not move (sealed variant)", True),
        ),
        hidden_information=True,
        simultaneous=True,
    )

    @property
    def sealed(self) -> bool:
        return self.options["variant"] == "sealed"

    # --- creating states -------------------------------------------------
    def setup(self, players: int, seed: int) -> RaceState:
        rng = Rng.from_seed(seed)
        start = rng.below(players)
        return RaceState(
            players=players,
            seed=seed,
            rng=rng,
            target=int(self.options["target"]),
            positions=[0] * players,
            pending=[0] * players,
            last_reveal=[],
            turn=start,
            start=start,
        )

    def clone(self, state: RaceState) -> RaceState:
        return RaceState(
            players=state.players,
            seed=state.seed,
            rng=state.rng.clone(),
            decisions=state.decisions,
            target=state.target,
            positions=list(state.positions),
            pending=list(state.pending),
            last_reveal=list(state.last_reveal),
            round=state.round,
            turn=state.turn,
            start=state.start,
        )

    # --- deciding ----------------------------------------------------------
    def to_move(self, state: RaceState) -> tuple[int, ...]:
        if self.is_terminal(state):
            return ()
        if self.sealed:
            return tuple(seat for seat in range(state.players) if not state.pending[seat])
        return (state.turn,)

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        return [
            Action(
                id=f"step-{step}",
                label=f"move {step} square{'s' if step > 1 else ''}",
                payload={"step": step, "sealed": self.sealed},
            )
            for step in STEPS
        ]

    def perform(self, state: RaceState, seat: int, action: Action) -> None:
        step = int(action.payload["step"])
        if not self.sealed:
            state.positions[seat] += step
            state.turn = (state.turn + 1) % state.players
            if state.turn == state.start:
                state.round += 1
            return
        state.pending[seat] = step
        if all(state.pending):
            self._reveal(state)

    def _reveal(self, state: RaceState) -> None:
        for seat, step in enumerate(state.pending):
            if not (self.options["collisions"] and state.pending.count(step) > 1):
                state.positions[seat] += step
        state.last_reveal = list(state.pending)
        state.pending = [0] * state.players
        state.round += 1

    # --- information -----------------------------------------------------------
    def observation(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "seat": seat,
            "round": state.round,
            "target": state.target,
            "positions": list(state.positions),
            "has_chosen": [bool(step) for step in state.pending],
            "last_reveal": list(state.last_reveal),
            "to_move": list(self.to_move(state)),
        }
        if seat is not None:
            view["my_choice"] = state.pending[seat] or None
        return view

    def determinize(self, state: RaceState, seat: int, rng: Rng) -> RaceState:
        world = self.clone(state)
        world.seed = rng.next64() >> 1
        world.rng = Rng.from_seed(world.seed)
        for other in range(state.players):
            if other != seat and state.pending[other]:
                world.pending[other] = STEPS[rng.below(len(STEPS))]
        return world

    # --- ending ---------------------------------------------------------------
    def is_terminal(self, state: RaceState) -> bool:
        return max(state.positions) >= state.target or state.round > MAX_ROUNDS

    def result(self, state: RaceState) -> Result:
        return competitive_result(state.positions, [(position,) for position in state.positions])

    # --- view ----------------------------------------------------------------------
    def render_text(self, observation: dict[str, Any]) -> str:
        lines = [f"round {observation['round']}, first to square {observation['target']} wins"]
        for seat, position in enumerate(observation["positions"]):
            chosen = " (has chosen)" if observation["has_chosen"][seat] else ""
            lines.append(f"  seat {seat}: square {position}{chosen}")
        if observation.get("my_choice"):
            lines.append(f"your sealed choice: {observation['my_choice']}")
        return "\n".join(lines)
