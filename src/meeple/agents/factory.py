"""Agents by name, as the CLI and the server name them: `random`, `heuristic`, `mcts`, `planner`,
and the lobby's levels `easy`, `medium`, `hard` (meeple.agents.levels).

A name may carry parameters: `mcts:iterations=400`, `mcts:seconds=1.5`, `mcts:depth=0`,
`planner:effort=2`, `planner:effort=2,iterations=300,seconds=5,depth=8` (the last three for
games without a planner). `depth` is how many decisions a playout goes past the search tree
before the game's estimate scores it (`mcts:depth=10000` plays whole games).
"""

import math

from meeple.agents.base import Agent
from meeple.agents.heuristic_agent import HeuristicAgent
from meeple.agents.levels import BOT_LEVELS
from meeple.agents.mcts import DEFAULT_DEPTH, MctsAgent
from meeple.agents.planner_agent import PlannerAgent
from meeple.agents.random_agent import RandomAgent
from meeple.engine import MeepleError

AGENT_NAMES = ("random", "heuristic", "mcts", "planner", *(name for name in BOT_LEVELS if BOT_LEVELS[name] != name))


class BadAgent(MeepleError):
    """An agent name or parameter is not known."""


def _parse_params(text: str) -> dict[str, float]:
    params: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        key, sep, value = part.partition("=")
        try:
            number = float(value)
        except ValueError:
            sep = ""
        if not sep or not math.isfinite(number):
            raise BadAgent(f"agent parameter {part!r} should look like name=number")
        params[key.strip()] = number
    return params


def make_agent(spec: str, seed: int) -> Agent:
    """An agent from `name[:key=value,...]`, seeded so that its play is reproducible."""
    try:
        return _build(spec, seed)
    except ValueError as error:  # a budget the search refuses, e.g. no iterations at all
        raise BadAgent(f"agent {spec!r}: {error}") from None


def _whole(params: dict[str, float], key: str, default: int, least: int) -> int:
    """A parameter that counts something (iterations, decisions, effort): a whole number."""
    value = params.get(key, default)
    if value != int(value) or value < least:
        raise BadAgent(f"{key} should be a whole number of {least} or more, not {value:g}")
    return int(value)


def _build(spec: str, seed: int) -> Agent:
    name, _, rest = spec.partition(":")
    params = _parse_params(rest)
    if name in BOT_LEVELS and BOT_LEVELS[name] != name and not rest:
        return _build(BOT_LEVELS[name], seed)
    if name == "random" and not params:
        return RandomAgent(seed)
    if name == "heuristic" and not params:
        return HeuristicAgent(seed)
    if name == "mcts":
        unknown = set(params) - {"iterations", "seconds", "exploration", "depth"}
        if unknown:
            raise BadAgent(
                f"mcts has no parameter {', '.join(sorted(unknown))} (it takes iterations, seconds, exploration, depth)"
            )
        return MctsAgent(
            seed,
            iterations=_whole(params, "iterations", 0, 1) if "iterations" in params else None,
            seconds=params.get("seconds"),
            exploration=params.get("exploration", 0.7),
            depth=_whole(params, "depth", DEFAULT_DEPTH, 0),
        )
    if name == "planner":
        unknown = set(params) - {"effort", "iterations", "seconds", "depth"}
        if unknown:
            raise BadAgent(
                f"planner has no parameter {', '.join(sorted(unknown))} (it takes effort, and iterations, "
                "seconds and depth for the search in games without a planner)"
            )
        return PlannerAgent(
            seed,
            _whole(params, "effort", 1, 1),
            iterations=_whole(params, "iterations", 200, 1),
            seconds=params.get("seconds", 3.0),
            depth=_whole(params, "depth", DEFAULT_DEPTH, 0),
        )
    if name in AGENT_NAMES:
        raise BadAgent(f"agent '{name}' takes no parameters")
    raise BadAgent(f"no agent called '{name}' (known agents: {', '.join(AGENT_NAMES)})")
