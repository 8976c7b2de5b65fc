from typing import Any

import msgspec


def render_text(observation: dict[str, Any]) -> str:
    return msgspec.json.encode(observation).decode()


def render_svg(observation: dict[str, Any], legal: list) -> str | None:
    return None
