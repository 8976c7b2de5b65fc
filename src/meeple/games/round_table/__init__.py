"""Round Table, the trading card game (rules 1.0): recruit knights in Spring, campaign for the
regions of Britain in Summer, resolve in Autumn, draw in Winter; most Renown wins.
Rulebook: ../shared/rules/round-table-tcg.txt.

Where each rule lives: decks.py (Constructing Decks), setup.py (Before Play Begins),
spring.py (Spring, Special Rule on Knights), summer.py (Summer, Special Rule on Quests and
Redirects), autumn.py (Autumn), winter.py (Winter, hand limit), flow.py (seasons, Winning the
Game), rp.py (Resource Points), army.py (Influence, Resistance, Knight Subtypes),
events.py + abilities.py (The Cardinal Rule: card texts as hooks), observation.py (hidden
information), content/ (the card pool and the starter decks).
"""

from typing import Any

from meeple.engine import (
    Action,
    BadOption,
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
from meeple.games.round_table import (
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
from meeple.games.round_table.content import load_pool
from meeple.games.round_table.decks import Deck, read_custom_decks, starter_deck, starter_names
from meeple.games.round_table.options import (
    CUSTOM_DECKS,
    MIN_REGIONS,
    CustomDecksOption,
    DeckListOption,
    RegionListOption,
)
from meeple.games.round_table.state import OVER, Rt


class RoundTable(Game[Rt]):
    """The engine's face of the game: every hook delegates to the module holding that rule."""

    content_package = __package__
    spec = GameSpec(
        slug="round-table",
        title="Round Table",
        version="1.0",
        min_players=2,
        max_players=6,
        summary="Constructed-deck card game: recruit knights, campaign for regions of Britain through "
        "four seasons, counter quests with redirects; the most Renown is crowned Supreme Monarch.",
        options=(
            DeckListOption(
                "decks",
                "Decks by seat, comma-separated, repeated round the table: starter deck names or ids of your own "
                "decks in custom_decks (on the command line also deck file paths)",
                "pendragon,grail,orkney",
            ),
            CustomDecksOption(
                CUSTOM_DECKS,
                "Your own decks as deck file text (TOML, as `meeple round-table validate` reads it); a lone deck "
                "is named custom",
                "",
                multiline=True,
            ),
            OptionSpec(
                "regions",
                "How many unique regions, drawn at random, the shared Regions deck holds (7. Regions: at least 5)",
                7,
                minimum=MIN_REGIONS,
                maximum=len(load_pool().regions),
            ),
            RegionListOption(
                "region_list",
                "The regions to play with, by id, comma-separated (overrides `regions`); empty: drawn at random",
                "",
            ),
            OptionSpec(
                "majority_end",
                "End the game when a player holds more than half of the Renown in the game (Winning, condition 3)",
                True,
            ),
        ),
        hidden_information=True,
        rulebook="round-table-tcg.txt",
    )

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.pool = load_pool()
        self.decks = self._decks(str(self.options["decks"]), str(self.options[CUSTOM_DECKS]))
        self.rules = flow.Rules(self.pool, bool(self.options["majority_end"]))

    @staticmethod
    def _decks(names: str, custom_text: str) -> list[tuple[str, Deck]]:
        """Each seat's deck by name: a player's own deck of `custom_decks`, else a starter deck."""
        custom = read_custom_decks(custom_text)
        decks = []
        for name in names.split(","):
            if name in custom:
                decks.append((name, custom[name]))
            elif name in starter_names():
                decks.append((name, starter_deck(name)))
            else:
                own = f"; your own decks: {', '.join(custom)}" if custom else ""
                raise BadOption(
                    f"option 'decks': {name!r} is neither a starter deck ({', '.join(starter_names())}) "
                    f"nor one of your own decks{own}"
                )
        return decks

    def setup(self, players: int, seed: int) -> Rt:
        chosen = str(self.options["region_list"])
        regions = [self.pool.index[r] for r in chosen.split(",")] if chosen else int(self.options["regions"])
        state = setup.new_state(players, seed, self.pool, self.decks, regions)
        flow.advance(state, self.rules)
        return state

    def clone(self, state: Rt) -> Rt:
        return state.clone()

    def to_move(self, state: Rt) -> tuple[int, ...]:
        return flow.to_move(state)

    def legal_actions(self, state: Rt, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat, self.rules)

    def perform(self, state: Rt, seat: int, action: Action) -> None:
        flow.perform(state, seat, action, self.rules)

    def action_catalogue(self, players: int) -> tuple[str, ...]:
        return catalogue.action_catalogue(self.new_game(players, 0), self.pool)

    def observation_features(self, players: int) -> Features:
        return features.observation_features(self.pool, players, len(self.new_game(players, 0).regions))

    def observation(self, state: Rt, seat: int | None) -> dict[str, Any]:
        return observation.observation(state, seat, self.pool, flow.to_move(state))

    def determinize(self, state: Rt, seat: int, rng: Rng) -> Rt:
        return observation.determinize(state, seat, rng, self.pool)

    def is_terminal(self, state: Rt) -> bool:
        return state.phase == OVER

    def result(self, state: Rt) -> Result:
        """Winning the Game: the most Renown from captured Regions; "If the total Renown is
        tied, the game is a tie" (tied seats share the rank)."""
        scores = [float(flow.renown(state, self.pool, seat)) for seat in range(state.players)]
        sheet = score_sheet(["Renown of captured Regions"], [(seat, [score]) for seat, score in enumerate(scores)])
        summary = f"{state.end_reason[:1].upper()}{state.end_reason[1:]}. The most Renown wins; equal Renown is a tie."
        return competitive_result(
            scores, [[s] for s in scores], {"end": state.end_reason, "sheet": sheet, "summary": summary}
        )

    def evaluate(self, state: Rt) -> Estimate:
        return evaluation.evaluate(state, self.pool)

    def playout_action(self, state: Rt, seat: int, legal: list[Action], rng: Rng) -> Action:
        return bots.playout_action(state, seat, legal, rng, self.pool)

    def prompt(self, observation: dict[str, Any], legal: list[Action]) -> str:
        return reference.prompt(observation, legal)

    def glossary(self) -> tuple[Entry, ...]:
        return reference.glossary(self.pool)

    def render_text_brief(self, observation: dict[str, Any]) -> str:
        return view.render_text_brief(observation)

    def render_text(self, observation: dict[str, Any]) -> str:
        return view.render_text(observation)

    def render_svg(self, observation: dict[str, Any], legal: list[Action]) -> str | None:
        return view.render_svg(observation, legal)

    def picture(self) -> str:
        return picture.picture()
