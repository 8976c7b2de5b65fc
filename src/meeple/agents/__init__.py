"""meeple.agents: bots that play any registered game through the engine API."""

from meeple.agents.base import Agent
from meeple.agents.factory import AGENT_NAMES, make_agent

__all__ = ["AGENT_NAMES", "Agent", "make_agent"]
