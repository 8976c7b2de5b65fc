"""meeple.engine: the small, game-agnostic core every game, agent and front end stands on."""

from meeple.engine.action import Action, merge_alike
from meeple.engine.errors import (
    BadOption,
    BadPlayerCount,
    BadRecord,
    BadSeed,
    GameOver,
    IllegalAction,
    MeepleError,
    NotYourTurn,
    UnknownGame,
)
from meeple.engine.estimate import Estimate, LinearModel
from meeple.engine.features import Features
from meeple.engine.game import Game, State
from meeple.engine.glossary import Entry, Found, look_up
from meeple.engine.record import GameRecord, decode_record, encode_record, finish_record, replay, state_digest
from meeple.engine.registry import game_specs, get_game
from meeple.engine.result import Result, TeamOutcome, competitive_result, rank_by_keys, score_sheet
from meeple.engine.rng import Rng, derive_seed
from meeple.engine.spec import GameSpec, OptionSpec

__all__ = [
    "Action",
    "BadOption",
    "BadPlayerCount",
    "BadRecord",
    "BadSeed",
    "Entry",
    "Estimate",
    "Features",
    "Found",
    "Game",
    "GameOver",
    "GameRecord",
    "GameSpec",
    "IllegalAction",
    "LinearModel",
    "MeepleError",
    "NotYourTurn",
    "OptionSpec",
    "Result",
    "Rng",
    "State",
    "TeamOutcome",
    "UnknownGame",
    "competitive_result",
    "decode_record",
    "derive_seed",
    "encode_record",
    "finish_record",
    "game_specs",
    "get_game",
    "look_up",
    "merge_alike",
    "rank_by_keys",
    "replay",
    "score_sheet",
    "state_digest",
]
