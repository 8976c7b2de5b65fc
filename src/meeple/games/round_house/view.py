"""Views."""

from typing import Any


def render_text(observation: dict[str, Any]) -> str:
    return str(observation["phase"])


def render_svg(observation: dict[str, Any], legal: list) -> str | None:
    return None
