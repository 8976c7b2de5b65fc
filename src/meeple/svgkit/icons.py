"""Icons for every resource and piece of the five games, drawn in SVG around a centre.

`icon(name, cx, cy, r)` draws one (with its name as tooltip); `ICONS` maps each name to what it
shows, so a legend can list them. A game names its resources with these names or passes its own
colour to `token` and `pawn`. Shapes are cached at the origin and moved with a transform, so a
board with hundreds of icons stays cheap to draw.
"""

import math
from collections.abc import Callable
from functools import lru_cache
from xml.sax.saxutils import escape

from meeple.svgkit.text import num, text


def _circle(r: float, fill: str, stroke: str, sw: float = 1.2) -> str:
    return f'<circle r="{num(r)}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>'


def _coin(r: float) -> str:
    h = r * 0.34
    return (
        _circle(r, "#e2b93b", "#8a6a10")
        + f'<circle r="{num(r * 0.7)}" fill="none" stroke="#a8841c" stroke-width="0.8"/>'
        + f'<rect x="{num(-h)}" y="{num(-h)}" width="{num(2 * h)}" height="{num(2 * h)}" fill="#fffdf7" '
        'stroke="#8a6a10"/>'
    )


def _grain(r: float) -> str:
    parts = [
        f'<line x1="0" y1="{num(r)}" x2="0" y2="{num(-r * 0.75)}" stroke="#8a6a10" stroke-width="1.4" '
        'stroke-linecap="round"/>'
    ]
    for i in range(3):
        y = r * 0.45 - i * r * 0.5
        for side in (-1, 1):
            ex = side * r * 0.3
            parts.append(
                f'<ellipse cx="{num(ex)}" cy="{num(y)}" rx="{num(r * 0.24)}" ry="{num(r * 0.42)}" '
                f'transform="rotate({side * 30} {num(ex)} {num(y)})" fill="#e8c45a" stroke="#8a6a10" '
                'stroke-width="0.9"/>'
            )
    return "".join(parts)


def _seal(r: float) -> str:
    return (
        f'<rect x="{num(-r)}" y="{num(-r)}" width="{num(2 * r)}" height="{num(2 * r)}" rx="{num(r * 0.3)}" '
        'fill="#b3261e" stroke="#7c1510"/>'
        f'<rect x="{num(-r * 0.6)}" y="{num(-r * 0.6)}" width="{num(1.2 * r)}" height="{num(1.2 * r)}" '
        'fill="none" stroke="#fbe9e7" stroke-width="1.1"/>'
    )


def _gem(r: float, fill: str = "#3a8fd6") -> str:
    return (
        f'<polygon points="0,{num(-r)} {num(r * 0.8)},{num(-r * 0.2)} 0,{num(r)} {num(-r * 0.8)},{num(-r * 0.2)}" '
        f'fill="{fill}" stroke="#1d3f63"/>'
        f'<polyline points="{num(-r * 0.8)},{num(-r * 0.2)} {num(r * 0.8)},{num(-r * 0.2)}" stroke="#cfe6fb" '
        'fill="none"/>'
    )


def _block(fill: str, stroke: str) -> Callable[[float], str]:
    """A cube seen from a corner (stone, clay, cut stone, tile)."""

    def draw(r: float) -> str:
        a, b = r * 0.9, r * 0.5
        return (
            f'<polygon points="0,{num(-r)} {num(a)},{num(-b)} 0,0 {num(-a)},{num(-b)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="0.9"/>'
            f'<polygon points="{num(-a)},{num(-b)} 0,0 0,{num(r)} {num(-a)},{num(b)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="0.9" opacity="0.8"/>'
            f'<polygon points="{num(a)},{num(-b)} 0,0 0,{num(r)} {num(a)},{num(b)}" fill="{stroke}" '
            f'stroke="{stroke}" stroke-width="0.9" opacity="0.55"/>'
        )

    return draw


def _log(fill: str, stroke: str) -> Callable[[float], str]:
    """A log or a beam."""

    def draw(r: float) -> str:
        return (
            f'<rect x="{num(-r)}" y="{num(-r * 0.45)}" width="{num(2 * r)}" height="{num(r * 0.9)}" '
            f'rx="{num(r * 0.2)}" fill="{fill}" stroke="{stroke}"/>'
            f'<ellipse cx="{num(r * 0.8)}" cy="0" rx="{num(r * 0.22)}" ry="{num(r * 0.4)}" fill="#e9cf9f" '
            f'stroke="{stroke}" stroke-width="0.8"/>'
        )

    return draw


def _bag(fill: str) -> Callable[[float], str]:
    """A sack (mortar)."""

    def draw(r: float) -> str:
        return (
            f'<path d="M{num(-r * 0.8)},{num(r)} Q{num(-r)},{num(-r * 0.2)} {num(-r * 0.35)},{num(-r * 0.6)} '
            f'L{num(r * 0.35)},{num(-r * 0.6)} Q{num(r)},{num(-r * 0.2)} {num(r * 0.8)},{num(r)} Z" '
            f'fill="{fill}" stroke="#6b6256"/>'
            f'<rect x="{num(-r * 0.4)}" y="{num(-r)}" width="{num(r * 0.8)}" height="{num(r * 0.45)}" '
            'fill="#c9bfae" stroke="#6b6256" stroke-width="0.8"/>'
        )

    return draw


def _rope(r: float) -> str:
    return (
        f'<circle r="{num(r * 0.85)}" fill="none" stroke="#a0703a" stroke-width="{num(r * 0.35)}"/>'
        f'<circle r="{num(r * 0.4)}" fill="none" stroke="#a0703a" stroke-width="{num(r * 0.25)}"/>'
    )


def _drop(fill: str) -> Callable[[float], str]:
    """A round good (a fruit, a tea leaf ball, a gold nugget)."""

    def draw(r: float) -> str:
        return (
            _circle(r * 0.85, fill, "#333", 0.9)
            + f'<circle cx="{num(-r * 0.3)}" cy="{num(-r * 0.3)}" r="{num(r * 0.22)}" fill="#fff" opacity="0.6"/>'
        )

    return draw


def _leaf(r: float) -> str:
    return (
        f'<path d="M0,{num(r)} Q{num(-r * 1.1)},0 0,{num(-r)} Q{num(r * 1.1)},0 0,{num(r)} Z" fill="#2e7d4f" '
        'stroke="#1b4d30"/>'
        f'<line x1="0" y1="{num(r)}" x2="0" y2="{num(-r * 0.8)}" stroke="#b7e1c4" stroke-width="0.8"/>'
    )


def _vase(r: float) -> str:
    return (
        f'<path d="M{num(-r * 0.35)},{num(-r)} L{num(r * 0.35)},{num(-r)} L{num(r * 0.3)},{num(-r * 0.6)} '
        f"Q{num(r)},{num(-r * 0.1)} {num(r * 0.4)},{num(r)} L{num(-r * 0.4)},{num(r)} "
        f'Q{num(-r)},{num(-r * 0.1)} {num(-r * 0.3)},{num(-r * 0.6)} Z" fill="#6cc5b0" stroke="#21614f"/>'
    )


def _star(r: float, fill: str = "#d8b24a") -> str:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{num(radius * math.cos(angle))},{num(radius * math.sin(angle))}")
    return f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="#7a5a10" stroke-width="0.8"/>'


def _shield(fill: str) -> Callable[[float], str]:
    def draw(r: float) -> str:
        return (
            f'<path d="M{num(-r * 0.85)},{num(-r)} L{num(r * 0.85)},{num(-r)} L{num(r * 0.85)},0 '
            f'Q{num(r * 0.8)},{num(r * 0.7)} 0,{num(r)} Q{num(-r * 0.8)},{num(r * 0.7)} {num(-r * 0.85)},0 Z" '
            f'fill="{fill}" stroke="#2b2118"/>'
        )

    return draw


def _sword(r: float) -> str:
    return (
        f'<g transform="rotate(45)"><rect x="{num(-r * 0.14)}" y="{num(-r)}" width="{num(r * 0.28)}" '
        f'height="{num(r * 1.4)}" fill="#c9d1d9" stroke="#39424e" stroke-width="0.8"/>'
        f'<rect x="{num(-r * 0.5)}" y="{num(r * 0.35)}" width="{num(r)}" height="{num(r * 0.22)}" fill="#8a6a10"/>'
        f'<rect x="{num(-r * 0.12)}" y="{num(r * 0.55)}" width="{num(r * 0.24)}" height="{num(r * 0.45)}" '
        'fill="#5a3c26"/></g>'
    )


def _scroll(r: float) -> str:
    return (
        f'<rect x="{num(-r * 0.75)}" y="{num(-r * 0.85)}" width="{num(r * 1.5)}" height="{num(r * 1.7)}" '
        f'rx="{num(r * 0.2)}" fill="#fbf3d4" stroke="#7a5a10"/>'
        + "".join(
            f'<line x1="{num(-r * 0.45)}" y1="{num(y)}" x2="{num(r * 0.45)}" y2="{num(y)}" stroke="#7a5a10" '
            'stroke-width="0.8"/>'
            for y in (-r * 0.4, 0, r * 0.4)
        )
    )


def _hammer(r: float) -> str:
    return (
        f'<g transform="rotate(-40)"><rect x="{num(-r * 0.12)}" y="{num(-r * 0.3)}" width="{num(r * 0.24)}" '
        f'height="{num(r * 1.3)}" fill="#8a5a2b"/><rect x="{num(-r * 0.7)}" y="{num(-r * 0.8)}" '
        f'width="{num(r * 1.4)}" height="{num(r * 0.5)}" rx="{num(r * 0.1)}" fill="#5b6470"/></g>'
    )


def _elephant(r: float) -> str:
    return (
        f'<ellipse cx="{num(r * 0.1)}" cy="0" rx="{num(r * 0.8)}" ry="{num(r * 0.55)}" fill="#8e8e8e" stroke="#333"/>'
        f'<circle cx="{num(-r * 0.65)}" cy="{num(-r * 0.2)}" r="{num(r * 0.38)}" fill="#8e8e8e" stroke="#333"/>'
        f'<path d="M{num(-r * 0.95)},0 Q{num(-r * 1.1)},{num(r * 0.6)} {num(-r * 0.8)},{num(r * 0.9)}" fill="none" '
        'stroke="#333" stroke-width="1.4"/>'
        f'<polygon points="{num(-r * 0.2)},{num(-r * 0.5)} {num(r * 0.3)},{num(-r * 1.05)} {num(r * 0.8)},'
        f'{num(-r * 0.5)}" fill="#f2e6c9" stroke="#333" stroke-width="0.8"/>'
    )


def _heart(r: float) -> str:
    return (
        f'<path d="M0,{num(r * 0.9)} C{num(-r * 1.4)},{num(-r * 0.1)} {num(-r * 0.6)},{num(-r * 1.1)} 0,'
        f'{num(-r * 0.35)} C{num(r * 0.6)},{num(-r * 1.1)} {num(r * 1.4)},{num(-r * 0.1)} 0,{num(r * 0.9)} Z" '
        'fill="#b3261e" stroke="#6e1410"/>'
    )


def _lotus(r: float) -> str:
    """Honor: a lotus."""
    petals = "".join(
        f'<ellipse cx="0" cy="{num(-r * 0.45)}" rx="{num(r * 0.28)}" ry="{num(r * 0.55)}" '
        f'transform="rotate({angle})" fill="#e58fb0" stroke="#8e2a52" stroke-width="0.8"/>'
        for angle in (-60, -30, 0, 30, 60)
    )
    return petals + f'<circle cy="{num(r * 0.1)}" r="{num(r * 0.22)}" fill="#f4c542"/>'


# name -> (drawing at the origin for a radius, what it stands for)
ICONS: dict[str, tuple[Callable[[float], str], str]] = {
    "coin": (_coin, "coin"),
    "money": (_coin, "money"),
    "grain": (_grain, "grain"),
    "influence": (_seal, "influence"),
    "gem": (_gem, "gem"),
    "stone": (_block("#a7a9ac", "#4d4f53"), "stone"),
    "cut_stone": (_block("#d6d0c4", "#6b6256"), "cut stone"),
    "clay": (_block("#c46a3c", "#6e3217"), "clay"),
    "tile": (_block("#a3402a", "#5a1c0f"), "tile"),
    "wood": (_log("#9c6b3c", "#5a3c1e"), "wood"),
    "beam": (_log("#c79a5b", "#6b4a22"), "beam"),
    "mortar": (_bag("#e7e1d6"), "mortar"),
    "rope": (_rope, "rope"),
    "tea": (_leaf, "tea"),
    "fruit": (_drop("#d9482b"), "fruit"),
    "celadon": (_vase, "celadon"),
    "gold": (_drop("#f1c40f"), "gold"),
    "honor": (_lotus, "honor"),
    "star": (_star, "renown"),
    "renown": (_star, "renown"),
    "resistance": (_shield("#7fa7c9"), "resistance"),
    "rp": (_shield("#d8b24a"), "resource points"),
    "attack": (_sword, "attack"),
    "order": (_scroll, "order"),
    "tools": (_hammer, "tools"),
    "experience": (_star, "experience"),
    "elephant": (_elephant, "elephant with tent"),
    "life": (_heart, "life"),
}


@lru_cache(maxsize=1024)
def _shape(name: str, r: float) -> str:
    return ICONS[name][0](r)


def icon(name: str, cx: float, cy: float, r: float = 8, tip: str | None = None) -> str:
    """The icon `name` centred on (cx, cy), `r` units from its centre to its edge; its tooltip
    is `tip` (default: what it stands for; "" for none)."""
    tooltip = ICONS[name][1] if tip is None else tip
    inner = f"<title>{escape(tooltip)}</title>" if tooltip else ""
    return f'<g transform="translate({num(cx)},{num(cy)})">{inner}{_shape(name, r)}</g>'


def token(cx: float, cy: float, r: float, fill: str, label: str = "", tip: str = "", ink: str = "#ffffff") -> str:
    """A round token in `fill` with a short label (a count, a letter explained by `tip`)."""
    inner = f"<title>{escape(tip)}</title>" if tip else ""
    body = f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}" stroke="#2b2118" stroke-width="1.2"/>'
    if label:
        size = max(12.0, r * 1.1)
        body += text(cx, cy + size * 0.36, label, size, ink, True, "middle")
    return f"<g>{inner}{body}</g>"


def pawn(cx: float, cy: float, size: float, fill: str, tip: str = "", label: str = "") -> str:
    """A standing pawn (head and body) whose feet are at (cx, cy + size)."""
    s = size
    inner = f"<title>{escape(tip)}</title>" if tip else ""
    body = (
        f'<circle cx="{num(cx)}" cy="{num(cy - s * 0.45)}" r="{num(s * 0.38)}" fill="{fill}" stroke="#2b2118"/>'
        f'<path d="M{num(cx - s * 0.65)},{num(cy + s)} Q{num(cx - s * 0.55)},{num(cy - s * 0.05)} {num(cx)},'
        f"{num(cy - s * 0.05)} Q{num(cx + s * 0.55)},{num(cy - s * 0.05)} {num(cx + s * 0.65)},{num(cy + s)} Z"
        f'" fill="{fill}" stroke="#2b2118"/>'
    )
    if label:
        body += text(cx, cy + s * 0.75, label, 12, "#ffffff", True, "middle")
    return f'<g class="bk-piece">{inner}{body}</g>'
