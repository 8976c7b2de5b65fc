"""The Round House (EmperorS4, 2016): move family leaders around two circles of rooms, send
assistants to towns and chairs, worship in the ancestral hall. Rulebook: ../shared/rules/round-house.txt.

Where each rule lives: setup.py (Game Setup, Player Board Setup), flow.py (Player's turn: the
phases, the end of the game), movement.py (2. Move Family Leader, 2-player neutral leaders),
rooms.py and markets.py (3. Room actions, inner circle and action tiles), tasks.py (assistant
actions, Black Market deals, Trading House, Warehouse), economy.py (receiving and paying,
permanent effects), experts.py (expert cards), orders.py (4. Receive and 5. Fulfill orders),
worship.py (Worship), scoring.py (Final scoring), observation.py (hidden information),
content/ (the board map and every piece, with provenance).
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
from meeple.games.round_house import (
    bots,
    catalogue,
    evaluation,
    features,
    flow,
    observation,
    picture,
    reference,
    scoring,
    setup,
    view,
)
from meeple.games.round_house.content import load_content
from meeple.games.round_house.state import EXPERT, OVER, Rh


class RoundHouse(Game[Rh]):
    """The engine's face of the game: every hook delegates to the module holding that rule."""

    content_package = __package__
    spec = GameSpec(
        slug="round-house",
        title="The Round House",
        version="1.0",
        min_players=2,
        max_players=5,
        summary="Move family leaders clockwise around two circles of rooms, trade goods, hire experts, "
        "send assistants to towns and worship in the ancestral hall; most honor wins.",
        options=(
            OptionSpec(
                "neutral_rule",
                "2 players: 1 = a neutral leader moves without a room action (suggested first), "
                "2 = the player may execute the room action of the neutral leader's room",
                1,
                minimum=1,
                maximum=2,
            ),
            OptionSpec(
                "amulet_experts",
                "Experts with the amulet icon after activation: kept for free (free, the text as written), "
                "kept by paying 1 amulet (amulet) or discarded like the others (never)",
                "free",
                choices=("amulet", "free", "never"),
            ),
            OptionSpec(
                "grand_hall_fee",
                "Grand Hall's 2 coins: paid when a leader stops there (stop, the text's note) "
                "or only with each execution of its action (execution)",
                "stop",
                choices=("stop", "execution"),
            ),
        ),
        hidden_information=True,
        rulebook="round-house.txt",
    )

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.content = load_content()
        self.rules = flow.Rules(self.content, int(self.options["neutral_rule"]), str(self.options["amulet_experts"]))

    def setup(self, players: int, seed: int) -> Rh:
        state = setup.new_state(players, seed, self.content)
        state.hall_fee_at_stop = self.options["grand_hall_fee"] == "stop"
        if players > 2:
            state.phase = EXPERT
        flow.advance(state, self.content)
        return state

    def clone(self, state: Rh) -> Rh:
        return state.clone()

    def to_move(self, state: Rh) -> tuple[int, ...]:
        return flow.to_move(state)

    def legal_actions(self, state: Rh, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat, self.rules)

    def perform(self, state: Rh, seat: int, action: Action) -> None:
        flow.perform(state, seat, action, self.rules)

    def action_catalogue(self, players: int) -> tuple[str, ...]:
        return catalogue.action_catalogue(players, self.content)

    def observation_features(self, players: int) -> Features:
        sample = self.observation(self.setup(players, 0), 0)
        return features.observation_features(
            players, len(sample["rooms"]) + 1, len(sample["chairs"]), len(sample["towns"])
        )

    def observation(self, state: Rh, seat: int | None) -> dict[str, Any]:
        return observation.observation(state, seat, self.content)

    def determinize(self, state: Rh, seat: int, rng: Rng) -> Rh:
        return observation.determinize(state, seat, rng)

    def is_terminal(self, state: Rh) -> bool:
        return state.phase == OVER

    def result(self, state: Rh) -> Result:
        """Most honor wins; ties by coins, then resources (a ruling)."""
        keys = [scoring.ranking_key(state, seat, self.content) for seat in range(state.players)]
        parts = [scoring.breakdown(state, seat, self.content) for seat in range(state.players)]
        columns = ["Honor track", "Orders", "Amulets", "Honor", "Coins (tie-break)"]
        rows = [
            (seat, [p["track"], p["orders"], p["amulets"], p["total"], k[1]])
            for seat, (p, k) in enumerate(zip(parts, keys, strict=True))
        ]
        details = {
            "scores": parts,
            "sheet": score_sheet(columns, rows),
            "summary": "The most honor wins; a tie goes to the most coins, then the most goods (a ruling).",
        }
        return competitive_result([float(k[0]) for k in keys], keys, details)

    def evaluate(self, state: Rh) -> Estimate:
        return evaluation.evaluate(state, self.content)

    def playout_action(self, state: Rh, seat: int, legal: list[Action], rng: Rng) -> Action:
        return bots.playout_action(state, seat, legal, rng, self.content)

    def render_text_brief(self, observation: dict[str, Any]) -> str:
        return view.render_text_brief(observation)

    def prompt(self, observation: dict[str, Any], legal: list[Action]) -> str:
        return reference.prompt(observation, legal)

    def glossary(self) -> tuple[Entry, ...]:
        return reference.glossary(self.content)

    def render_text(self, observation: dict[str, Any]) -> str:
        return view.render_text(observation)

    def render_svg(self, observation: dict[str, Any], legal: list[Action]) -> str | None:
        return view.render_svg(observation, legal)

    def picture(self) -> str:
        return picture.picture()
