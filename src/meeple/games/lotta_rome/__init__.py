"""Lotta Rome (= Rome in a Day, Evgeny Petrov) with the expansion The Merchants: build a hex
domain from lots you divide and others choose. Rules: ../shared/rules/FINDINGS.md (base game)
and ../shared/rules/lotta-rome-the-merchants.txt (expansion).

Where each rule lives: setup.py (setup, expansion SET UP), exploration.py (1 EXPLORATION),
division.py (2 DIVISION), selection.py (3 SELECTION), addition.py (4 ADDITION and placing
bought lots), elephants.py (PHASE 5), market.py and auction.py (PHASE 6), scoring.py and
contracts.py (SCORING), flow.py (the round), geometry.py (hexes, areas, groups),
observation.py (hidden information), content/ (every component and number).
"""

from typing import Any

from meeple.engine import (
    Action,
    Entry,
    Estimate,
    Features,
    Game,
    GameSpec,
    OptionSpec,
    Result,
    Rng,
    competitive_result,
    score_sheet,
)
from meeple.games.lotta_rome import (
    bots,
    catalogue,
    evaluation,
    features,
    flow,
    observation,
    picture,
    reference,
    setup,
    view,
)
from meeple.games.lotta_rome.content import load_content
from meeple.games.lotta_rome.scoring import ADJACENT_GROUPS
from meeple.games.lotta_rome.state import OVER, Lotta


class LottaRome(Game[Lotta]):
    """The engine's face of the game: every hook delegates to the module holding that rule."""

    content_package = __package__
    spec = GameSpec(
        slug="lotta-rome",
        title="Lotta Rome",
        version="1.0",
        min_players=2,
        max_players=5,
        summary="I divide, you choose: split your lands into two lots, take a neighbour's, build a hex domain "
        "where buildings score their areas. With The Merchants: elephants, contracts and a market auction.",
        options=(
            OptionSpec("merchants", "Play with the expansion The Merchants (false: the base game alone)", True),
            OptionSpec(
                "adjacent_groups",
                "A building touching several separate areas of its type scores the largest one, or all of them",
                "largest",
                choices=ADJACENT_GROUPS,
            ),
        ),
        hidden_information=True,
        simultaneous=True,
        rulebook="lotta-rome-the-merchants.txt",
    )

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.content = load_content()
        self.rules = flow.Rules(self.content, bool(self.options["merchants"]), str(self.options["adjacent_groups"]))

    def setup(self, players: int, seed: int) -> Lotta:
        state = setup.new_state(players, seed, self.content, self.rules.merchants)
        if not self.rules.merchants:
            flow.begin_round(state, self.rules)
        flow.advance(state, self.rules)
        return state

    def clone(self, state: Lotta) -> Lotta:
        return state.clone()

    def to_move(self, state: Lotta) -> tuple[int, ...]:
        return flow.to_move(state)

    def legal_actions(self, state: Lotta, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat, self.rules)

    def perform(self, state: Lotta, seat: int, action: Action) -> None:
        flow.perform(state, seat, action, self.rules)

    def action_catalogue(self, players: int) -> tuple[str, ...]:
        return catalogue.action_catalogue(self.content)

    def observation_features(self, players: int) -> Features:
        return features.observation_features(self.content, players)

    def observation(self, state: Lotta, seat: int | None) -> dict[str, Any]:
        to_move = flow.to_move(state)
        legal = self.legal_actions(state, seat) if seat is not None and seat in to_move else []
        targets = [action.payload["at"] for action in legal if "at" in action.payload]
        return observation.observation(state, seat, self.content, to_move, targets)

    def determinize(self, state: Lotta, seat: int, rng: Rng) -> Lotta:
        return observation.determinize(state, seat, rng)

    def is_terminal(self, state: Lotta) -> bool:
        return state.phase == OVER

    def result(self, state: Lotta) -> Result:
        """The most victory points wins; "if several players have scored the same number of
        victory points, the one with the most lands in his domain wins" (DETERMINING THE WINNER)."""
        keys = [(score[3], score[4]) for score in state.final]
        columns = ["Buildings", "Gems", "Contracts", "Victory points", "Lands (tie-break)"]
        detail = {
            "breakdown": [f[:] for f in state.final],
            "sheet": score_sheet(columns, list(enumerate(state.final))),
            "summary": "The most victory points wins; a tie goes to the domain with the most lands.",
        }
        return competitive_result([float(k[0]) for k in keys], keys, detail)

    def evaluate(self, state: Lotta) -> Estimate:
        return evaluation.evaluate(state, self.rules)

    def playout_action(self, state: Lotta, seat: int, legal: list[Action], rng: Rng) -> Action:
        return bots.playout_action(state, seat, legal, rng, self.rules)

    def prompt(self, observation: dict[str, Any], legal: list[Action]) -> str:
        return reference.prompt(observation, legal)

    def glossary(self) -> tuple[Entry, ...]:
        return reference.glossary(self.content)

    def render_text_brief(self, observation: dict[str, Any]) -> str:
        return view.render_text_brief(observation)

    def render_text(self, observation: dict[str, Any]) -> str:
        return view.render_text(observation)

    def render_svg(self, observation: dict[str, Any], legal: list[Action]) -> str | None:
        return view.render_svg(observation, legal)

    def picture(self) -> str:
        return picture.picture()
