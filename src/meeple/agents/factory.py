"""Agents by name, as the CLI and the server name them: `random`, `heuristic`, `mcts`, `planner`.

A name may carry parameters: `mcts:iterations=400`, `mcts:seconds=1.5`, `planner:effort=2`,
`planner:effort=2,iterations=300,seconds=5` (the last two for games without a planner).
"""

from meeple.agents.base import Agent
from meeple.agents.heuristic_agent import HeuristicAgent
from meeple.agents.mcts import MctsAgent
from meeple.agents.planner_agent import PlannerAgent
from meeple.agents.random_agent import RandomAgent
from meeple.engine import MeepleError

AGENT_NAMES = ("random", "heuristic", "mcts", "planner")


class BadAgent(MeepleError):
    """An agent name or parameter is not known."""


def _parse_params(text: str) -> dict[str, float]:
    params: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        key, sep, value = part.partition("=")
        try:
            params[key.strip()] = float(value)
        except ValueError:
            sep = ""
        if not sep:
            raise BadAgent(f"agent parameter {part!r} should look like name=number")
    return params


def make_agent(spec: str, seed: int) -> Agent:
    """An agent from `name[:key=value,...]`, seeded so that its play is reproducible."""
    try:
        return _build(spec, seed)
    except ValueError as error:  # a budget the search refuses, e.g. no iterations at all
        raise BadAgent(f"agent {spec!r}: {error}") from None


def _build(spec: str, seed: int) -> Agent:
    name, _, rest = spec.partition(":")
    params = _parse_params(rest)
    if name == "random" and not params:
        return RandomAgent(seed)
    if name == "heuristic" and not params:
        return HeuristicAgent(seed)
    if name == "mcts":
        unknown = set(params) - {"iterations", "seconds", "exploration"}
        if unknown:
            raise BadAgent(
                f"mcts has no parameter {', '.join(sorted(unknown))} (it takes iterations, seconds, exploration)"
            )
        return MctsAgent(
            seed,
            iterations=int(params["iterations"]) if "iterations" in params else None,
            seconds=params.get("seconds"),
            exploration=params.get("exploration", 0.7),
        )
    if name == "planner":
        unknown = set(params) - {"effort", "iterations", "seconds"}
        if unknown:
            raise BadAgent(
                f"planner has no parameter {', '.join(sorted(unknown))} (it takes effort, and iterations and "
                "seconds for the search in games without a planner)"
            )
        effort = params.get("effort", 1)
        if effort != int(effort) or effort < 1:
            raise BadAgent(f"planner effort should be a whole number of 1 or more, not {effort:g}")
        return PlannerAgent(
            seed, int(effort), iterations=int(params.get("iterations", 200)), seconds=params.get("seconds", 3.0)
        )
    if name in AGENT_NAMES:
        raise BadAgent(f"agent '{name}' takes no parameters")
    raise BadAgent(f"no agent called '{name}' (known agents: {', '.join(AGENT_NAMES)})")
