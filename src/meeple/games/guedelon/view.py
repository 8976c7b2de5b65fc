"""Guédelon drawn from an observation: text for the terminal, SVG for the browser."""

from typing import Any

from meeple.engine import Action


def _tokens(tokens: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in tokens.items()) or "-"


def render_text(obs: dict[str, Any]) -> str:
    lines = [f"Guédelon - round {obs['round']}/{obs['rounds']} (year {obs['year']}) - {obs['phase']}"]
    if obs["event"]:
        lines.append(f"Event {obs['event']['number']} {obs['event']['name']}: {obs['event']['text']}")
    return "\n".join(lines)


def render_svg(obs: dict[str, Any], legal: list[Action]) -> str | None:
    return None
