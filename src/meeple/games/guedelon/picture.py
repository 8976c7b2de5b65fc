"""Guédelon's picture for the lobby: the castle going up floor by floor, a crane's rope, and the
stone, wood and clay the team carries to it."""

from meeple import svgkit as kit


def _tower(x: float, y: float, w: float, h: float) -> str:
    merlons = "".join(kit.rect(x + k * w / 4, y - 4, w / 8, 4, "#b9b2a3", "#5d564a", 0.8) for k in range(4))
    return merlons + kit.rect(x, y, w, h, "#d6d0c4", "#5d564a", 1.2)


def picture() -> str:
    parts = [
        kit.rect(2, 2, 60, 60, "#eaf3f8", rx=10),
        '<path d="M2,50 L62,50 L62,52 Q62,62 52,62 L12,62 Q2,62 2,52 Z" fill="#9cbf6b"/>',
        kit.rect(2, 2, 60, 60, "none", "#2b2118", 1.5, 10),
        _tower(8, 20, 14, 32),
        _tower(36, 28, 18, 24),
        kit.rect(22, 34, 14, 18, "#cfc8ba", "#5d564a", 1.2),
        kit.rect(26, 42, 6, 10, "#5d4a36", "none", rx=3),
        '<path d="M44,28 L44,6 L58,6 M56,6 L56,18" fill="none" stroke="#6b4a22" stroke-width="2"/>',
    ]
    parts += [kit.icon("stone", 15, 56, 4, ""), kit.icon("wood", 29, 57, 4, ""), kit.icon("clay", 50, 56, 4, "")]
    return kit.picture("".join(parts))
