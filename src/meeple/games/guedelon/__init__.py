"""Guédelon (Asyncron, Xavier Faure): a cooperative game of building a castle in 18 rounds.
Rulebook: ../shared/rules/guedelon.txt.

Where each rule lives: setup.py (0 Setting up, 3 sliders, 11 solo and duo boards), flow.py
(5 Game round, the turn, 11.1 the apprentice's moves), locations.py (3.1-3.2 experience and
tools, 7 Locations), logistics.py (3.3 wheelbarrow, 4 cart), castle.py (7.10 Castle, 12 Mill,
8 Game end), visitors.py (6 Visitors), events.py (5.2, 10, 13 event cards), observation.py
(what a seat sees), content/ (the map, the castle, the cards, every number); the bots: bots.py
(the greedy team planner, the playout policy) and planner.py (the search over the team's plan).
"""

from typing import Any

from meeple.engine import Action, Entry, Estimate, Features, Game, GameSpec, OptionSpec, Result, Rng, TeamOutcome
from meeple.games.guedelon import (
    bots,
    catalogue,
    evaluation,
    features,
    flow,
    observation,
    planner,
    reference,
    setup,
)
from meeple.games.guedelon.content import load_content
from meeple.games.guedelon.state import OVER
from meeple.games.guedelon.state import Guedelon as GuedelonState


class Guedelon(Game[GuedelonState]):
    """The engine's face of the game: every hook delegates to the module holding that rule."""

    content_package = __package__
    spec = GameSpec(
        slug="guedelon",
        title="Guédelon",
        version="1.0",
        min_players=1,
        max_players=4,
        summary="Cooperative: extract, shape and carry stone, wood and clay, train, sharpen tools and "
        "guide visitors to build the castle's six buildings before 1245. Solo and duo add the apprentice.",
        options=(
            OptionSpec(
                "difficulty",
                "10 Difficulty: easy (cards 1-18), or 9 easy cards replaced by the intermediate (19-27), "
                "hard (28-36) or special (37-45) series",
                "easy",
                choices=("easy", "intermediate", "hard", "special"),
            ),
            OptionSpec("mill", "12 The Mill expansion: build the Mill too; visitors then pass it", False),
            OptionSpec(
                "blacksmith",
                "7.8 the Blacksmith sets the tools at 3: raise (never lowers higher tools, our ruling) "
                "or set (exactly 3, as the text reads)",
                "raise",
                choices=("raise", "set"),
            ),
            OptionSpec(
                "solo_wheelbarrow",
                "11.3 solo: the two worker pawns share one wheelbarrow (shared, as the text reads) or "
                "each pushes its own of the same capacity (own); experience and tools stay common. "
                "Changes nothing at 2-4 players",
                "shared",
                choices=("shared", "own"),
            ),
            OptionSpec(
                "extra_rounds",
                "8 Game end: after a lost round 18, how many extra rounds to play to count how many were needed",
                12,
                minimum=0,
                maximum=30,
            ),
        ),
        cooperative=True,
        rulebook="guedelon.txt",
    )

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.content = load_content()

    def setup(self, players: int, seed: int) -> GuedelonState:
        state = setup.new_state(
            players,
            seed,
            self.content,
            str(self.options["difficulty"]),
            bool(self.options["mill"]),
            int(self.options["extra_rounds"]),
            self.options["blacksmith"] == "set",
            self.options["solo_wheelbarrow"] == "own",
        )
        flow.begin_round(state, self.content)
        flow.advance(state, self.content)
        return state

    def clone(self, state: GuedelonState) -> GuedelonState:
        return state.clone()

    def to_move(self, state: GuedelonState) -> tuple[int, ...]:
        return flow.to_move(state)

    def legal_actions(self, state: GuedelonState, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat, self.content)

    def perform(self, state: GuedelonState, seat: int, action: Action) -> None:
        flow.perform(state, seat, action, self.content)

    def action_catalogue(self, players: int) -> tuple[str, ...]:
        return catalogue.action_catalogue(self.new_game(players, 0), self.content)

    def observation_features(self, players: int) -> Features:
        return features.observation_features(self.content, self.new_game(players, 0).boards)

    def observation(self, state: GuedelonState, seat: int | None) -> dict[str, Any]:
        return observation.observation(state, seat, self.content)

    def determinize(self, state: GuedelonState, seat: int, rng: Rng) -> GuedelonState:
        return observation.determinize(state, rng)

    def is_terminal(self, state: GuedelonState) -> bool:
        return state.phase == OVER

    def result(self, state: GuedelonState) -> Result:
        """8 Game end: won if the castle is complete by the end of round 18. The score of every seat
        is the number of extra rounds the team needed (0 when won); the margin is the rounds to
        spare (negative: extra rounds). Unfinished after the extra rounds: the margin is one round
        worse than the last counted, less the share of floors still to build."""
        rounds = self.content.rounds
        if state.finished:
            extra = max(0, state.finished - rounds)
            won = state.finished <= rounds
            margin = float(rounds - state.finished)
        else:
            extra = state.round - rounds + 1
            won = False
            margin = -float(extra) - self._floors_left(state) / 23
        detail = self._end_in_words(state)
        return Result(
            scores=[float(extra)] * state.players,
            ranking=[1] * state.players,
            winner_seats=list(range(state.players)) if won else [],
            team=TeamOutcome(won=won, margin=margin, detail=detail),
            detail={"extra_rounds": extra, "finished_round": state.finished or None, "summary": self._goal()},
        )

    def _goal(self) -> str:
        """8 Game end: what the team plays for, in words."""
        rounds, last_year = self.content.rounds, self.content.first_year + self.content.rounds - 1
        return (
            f"The team wins if the castle is complete by the end of {last_year} (round {rounds}); "
            "the extra rounds count how many more it needed."
        )

    def _floors_left(self, state: GuedelonState) -> int:
        """Floors of the castle (and the Mill, when played) not yet built."""
        return sum(len(f) for f in self.content.floors) - sum(state.floor) + (1 if state.mill == 0 else 0)

    def _end_in_words(self, state: GuedelonState) -> str:
        """8 Game end, for people: the year the castle was complete (or that it was not), and the
        rounds to spare or the extra rounds it needed."""
        rounds, first = self.content.rounds, self.content.first_year
        deadline = f"the end of {first + rounds - 1} (round {rounds})"
        if state.finished:
            done = f"the castle was complete in {first + state.finished - 1} (round {state.finished})"
            spare = rounds - state.finished
            if spare == 0:
                return f"{done}, the last round before the deadline"
            plural = "s" if abs(spare) > 1 else ""
            return (
                f"{done}, {spare} round{plural} before {deadline}"
                if spare > 0
                else f"{done}, {-spare} extra round{plural} after {deadline}"
            )
        left = self._floors_left(state)
        still = f"{left} floor{'s' if left != 1 else ''} still to build"
        played = state.round - rounds
        if played <= 0:
            return f"the castle was not complete at {deadline}: {still}"
        return (
            f"the castle was not complete at {deadline}, nor after {played} extra round{'s' if played > 1 else ''} "
            f"(to {first + state.round - 1}): {still}"
        )

    def evaluate(self, state: GuedelonState) -> Estimate:
        return evaluation.evaluate(state, self.content)

    def playout_action(self, state: GuedelonState, seat: int, legal: list[Action], rng: Rng) -> Action:
        return bots.playout_action(state, seat, legal, rng, self.content)

    def plan_action(
        self, state: GuedelonState, seat: int, legal: list[Action], rng: Rng, memo: dict[str, Any], effort: int
    ) -> Action:
        return planner.plan_action(state, seat, legal, rng, self.content, memo, effort)

    def prompt(self, observation: dict[str, Any], legal: list[Action]) -> str:
        return reference.prompt(observation, legal, self.content)

    def glossary(self) -> tuple[Entry, ...]:
        return reference.glossary(self.content)

    def render_text(self, observation: dict[str, Any]) -> str:
        from meeple.games.guedelon import view  # see picture()

        return view.render_text(observation)

    def render_svg(self, observation: dict[str, Any], legal: list[Action]) -> str | None:
        from meeple.games.guedelon import view  # see picture()

        return view.render_svg(observation, legal)

    def picture(self) -> str:
        # The drawing modules are imported when first used: they bring svgkit (and with it
        # xml.sax, urllib and http), which `meeple simulate` never needs but would pay for at
        # start-up, once, which bounds what a second worker can gain (docs/performance.md).
        from meeple.games.guedelon import picture

        return picture.picture()
