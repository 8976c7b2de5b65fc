"""Placeholder view."""

from typing import Any

from meeple.engine import Action


def render_text(obs: dict[str, Any]) -> str:
    return str(obs["phase"])


def render_svg(obs: dict[str, Any], legal: list[Action]) -> str | None:
    return None
