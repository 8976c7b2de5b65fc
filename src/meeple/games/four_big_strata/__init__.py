"""Four Big Strata (士農工商, Shuishui): sealed-bid auctions for people of four classes;
your lowest class is your score. Rulebook: ../shared/rules/four-big-strata.txt.

Where each rule lives: setup.py (6 Setup, 8.1 Prephase), auction.py (8.2), production.py
(8.3 and the cap), tribute.py (8.4), anytime.py (exchanges, flips, the all-face-down
reward), scoring.py (9 Game end), npc.py (solo opponent), flow.py (7 Game flow),
observation.py (hidden information), content/ (every card and number).
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
    TeamOutcome,
    competitive_result,
    score_sheet,
)
from meeple.games.four_big_strata import (
    bots,
    catalogue,
    evaluation,
    features,
    flow,
    observation,
    reference,
    scoring,
    setup,
)
from meeple.games.four_big_strata.content import CLASSES, load_content
from meeple.games.four_big_strata.state import OVER, Fbs

SCORING_RULE = "9 Game end: a player's score is their weakest class; ties go to the stronger second weakest, and so on."


def _against_magistrate(mine: list[int], theirs: list[int]) -> str:
    """Solo: the player's weakest class against the Magistrate's, in words (9 Game end)."""
    for place, (own, other) in enumerate(zip(mine, theirs, strict=True)):
        if own != other:
            gap = abs(own - other)
            lead = f"{gap} {'ahead' if own > other else 'short'}"
            if place == 0:
                return f"weakest class {own} against the Magistrate's {other}: {lead}"
            return f"weakest classes equal ({mine[0]}); the next weakest decided, {own} against {other}: {lead}"
    return f"every class equal to the Magistrate's (weakest {mine[0]}): a tie is not a win"


class FourBigStrata(Game[Fbs]):
    """The engine's face of the game: every hook delegates to the module holding that rule."""

    content_package = __package__
    spec = GameSpec(
        slug="four-big-strata",
        title="Four Big Strata",
        version="1.0",
        min_players=1,
        max_players=7,
        summary="Bid for scholars, peasants, artisans and merchants; your weakest class is your score. "
        "1 player plays against the Magistrate, a rules-driven opponent.",
        options=(
            OptionSpec(
                "tribute_ratio",
                "X of rule 8.4.1: one resource per X Influence more "
                "(0: by player count, 4 at 4 players as in the rulebook example)",
                0,
                minimum=0,
                maximum=12,
            ),
            OptionSpec(
                "npc_level",
                "Strength of the solo opponent (1 player only)",
                "normal",
                choices=("easy", "normal", "hard"),
            ),
        ),
        hidden_information=True,
        simultaneous=True,
        rulebook="four-big-strata.txt",
    )

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        content = load_content()
        self.content = content
        self.rules = flow.Rules(
            content, int(self.options["tribute_ratio"]), content.npc_levels[str(self.options["npc_level"])]
        )

    def setup(self, players: int, seed: int) -> Fbs:
        state = setup.new_state(players, seed, self.content)
        flow.advance(state, self.rules)
        return state

    def clone(self, state: Fbs) -> Fbs:
        return state.clone()

    def to_move(self, state: Fbs) -> tuple[int, ...]:
        return flow.to_move(state)

    def legal_actions(self, state: Fbs, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat, self.rules)

    def perform(self, state: Fbs, seat: int, action: Action) -> None:
        flow.perform(state, seat, action, self.rules)
        if state.phase == OVER and not state.final:
            bonus = self.rules.npc_level.bonus_points
            state.final = [
                scoring.final_scores(state, p, self.content, bonus if p >= state.players else 0)
                for p in range(state.participants)
            ]

    def action_catalogue(self, players: int) -> tuple[str, ...]:
        return catalogue.action_catalogue(self.content)

    def observation_features(self, players: int) -> Features:
        state = self.setup(players, 0)
        return features.observation_features(self.content, players, state.participants, len(state.display))

    def observation(self, state: Fbs, seat: int | None) -> dict[str, Any]:
        return observation.observation(state, seat, self.content, flow.to_move(state), self.rules.ratio(state))

    def determinize(self, state: Fbs, seat: int, rng: Rng) -> Fbs:
        return observation.determinize(state, seat, rng)

    def is_terminal(self, state: Fbs) -> bool:
        return state.phase == OVER

    def result(self, state: Fbs) -> Result:
        """9 Game end: the lowest class score; ties by the second lowest, and so on. Solo: the
        player wins by beating the Magistrate's scores compared the same way."""
        keys = [scoring.ranking_key(scores) for scores in state.final]
        columns = [*(f"{name.capitalize()}s" for name in CLASSES), "Score (weakest class)"]
        if state.solo:
            won = keys[0] > keys[1]
            margin = keys[0][0] - keys[1][0]
            sheet = score_sheet(
                columns, [(0, [*state.final[0], keys[0][0]]), ("the Magistrate", [*state.final[1], keys[1][0]])]
            )
            return Result(
                scores=[float(keys[0][0])],
                ranking=[1],
                winner_seats=[0] if won else [],
                team=TeamOutcome(won=won, margin=float(margin), detail=_against_magistrate(keys[0], keys[1])),
                detail={"class_scores": state.final, "sheet": sheet, "summary": SCORING_RULE},
            )
        sheet = score_sheet(
            columns,
            [(seat, [*scores, key[0]]) for seat, (scores, key) in enumerate(zip(state.final, keys, strict=True))],
        )
        detail = {"class_scores": state.final, "sheet": sheet, "summary": SCORING_RULE}
        return competitive_result([float(k[0]) for k in keys], keys, detail)

    def evaluate(self, state: Fbs) -> Estimate:
        return evaluation.evaluate(state, self.content)

    def playout_action(self, state: Fbs, seat: int, legal: list[Action], rng: Rng) -> Action:
        return bots.playout_action(state, seat, legal, rng, self.content)

    def prompt(self, observation: dict[str, Any], legal: list[Action]) -> str:
        return reference.prompt(observation, legal, self.content.constants.resource_cap)

    def glossary(self) -> tuple[Entry, ...]:
        return reference.glossary(self.content)

    def render_text_brief(self, observation: dict[str, Any]) -> str:
        from meeple.games.four_big_strata import view  # see picture()

        return view.render_text_brief(observation)

    def render_text(self, observation: dict[str, Any]) -> str:
        from meeple.games.four_big_strata import view  # see picture()

        return view.render_text(observation)

    def render_svg(self, observation: dict[str, Any], legal: list[Action]) -> str | None:
        from meeple.games.four_big_strata import view  # see picture()

        return view.render_svg(observation, legal)

    def picture(self) -> str:
        # The drawing modules are imported when first used: they bring svgkit (and with it
        # xml.sax, urllib and http), which `meeple simulate` never needs but would pay for at
        # start-up, once, which bounds what a second worker can gain (docs/performance.md).
        from meeple.games.four_big_strata import picture

        return picture.picture()
