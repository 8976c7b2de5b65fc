"""Four Big Strata drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation, so it can show nothing the seat may not see.
"""

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from meeple.engine import Action

CLASS_ORDER = ("scholar", "peasant", "artisan", "merchant", "empress")
COLUMN_TITLES = {
    "scholar": "Scholars",
    "peasant": "Peasants",
    "artisan": "Artisans",
    "merchant": "Merchants",
    "empress": "Empresses",
}
PHASE_NAMES = {
    "setup": "Setup: extra starting resources",
    "bid": "Auction: sealed bids",
    "pick": "Auction: taking cards",
    "feed": "Production and feeding",
    "cap": "Discarding down to 10",
    "tribute": "Tribute",
    "over": "Game over",
}
LOG_LINES = 12


def _points(n: int) -> str:
    return f"{n} pt" if n == 1 else f"{n} pts"


def _card(card: dict[str, Any] | None, face_up: bool) -> str:
    if card is None:
        return "[face down]"
    text = f"{card['name']} [{card['class']}] {_points(card['points'])} ({card['effect']})"
    return text if face_up else f"[face down: {text}]"


def _who(obs: dict[str, Any], p: int) -> str:
    if obs["participants"][p]["npc"]:
        return "The Magistrate (NPC)"
    return "You" if p == obs["seat"] else f"Seat {p}"


def _phase(obs: dict[str, Any]) -> str:
    if obs["phase"] == "cap":
        return PHASE_NAMES["cap"] + (" after tribute" if any("tribute" in line for line in obs["log"][-6:]) else "")
    return PHASE_NAMES[obs["phase"]]


def _participant(obs: dict[str, Any], p: int, person: dict[str, Any]) -> list[str]:
    bid = person["bid"]
    parts = [_who(obs, p)]
    if not person["npc"]:
        parts.append(f"grain {person['grain']}  money {person['money']}")
        upkeep = person["upkeep"]
        parts.append(f"feeding {upkeep['grain']} grain {upkeep['money']} money")
    parts.append(f"influence {person['influence']}")
    if bid is not None:
        parts.append(f"bid {bid}")
    scores = person["class_scores"]
    lines = ["  ".join(parts) + f"   classes S{scores[0]} P{scores[1]} A{scores[2]} M{scores[3]}"]
    for column in CLASS_ORDER:
        cards = [c for c in person["cards"] if c["column"] == column]
        if cards:
            shown = ", ".join(_card(c["card"], c["face_up"]) for c in cards)
            lines.append(f"  {COLUMN_TITLES[column]:10} {shown}")
    return lines


def render_text(obs: dict[str, Any]) -> str:
    lines = [
        f"Four Big Strata - round {obs['round']}/{obs['rounds']} - {_phase(obs)}",
        f"Start player: {_who(obs, obs['start_player'])}   draw pile: {obs['draw_pile']}   "
        f"empresses left: {obs['empress_pile']}   tribute: 1 resource per {obs['tribute_ratio']} influence more",
    ]
    recent = obs["log"][-LOG_LINES:]
    if recent:
        lines.append("Recent events:")
        lines += [f"  {line}" for line in recent]
    if obs["display"]:
        lines.append("Public Display:")
        for entry in obs["display"]:
            if entry is not None:
                lines.append(f"  slot {entry['slot'] + 1}: {_card(entry['card'], entry['face_up'])}")
    for p, person in enumerate(obs["participants"]):
        lines += _participant(obs, p, person)
    if obs["holding"] is not None:
        holder = _who(obs, obs["holding"]["seat"])
        lines.append(f"{holder} took a face-down card: {_card(obs['holding']['card'], False)}")
    if obs["final_scores"]:
        lines.append("Final class scores (Scholars, Peasants, Artisans, Merchants), Empresses placed at best:")
        for p, scores in enumerate(obs["final_scores"]):
            lines.append(f"  {_who(obs, p)}: {scores} -> lowest {min(scores)}")
    return "\n".join(lines)


# --- SVG for the browser ------------------------------------------------------------------
#
# One self-contained drawing: header, Public Display with the piles, what the picker holds,
# a status line, every Personal Display in five columns, the final scores, recent events.
# Clickable elements carry data-action="<id>" only for ids in `legal`; a face-up card the
# observing seat may flip carries data-flip="<position>" (the split is chosen from the buttons).

WIDTH = 1400
MARGIN = 16
INK = "#2b2118"
SOFT_INK = "#6b5d4f"
PAPER = "#f6f0e3"
PANEL = "#fffdf7"
RULE = "#d9cbb0"
ACCENT = "#0e8f8f"  # clickable
ALERT = "#c0392b"  # lowest class, warnings
BACK = "#7a1f1f"
GOLD = "#d8b24a"
FONT = "'Segoe UI','Helvetica Neue',Arial,'DejaVu Sans',sans-serif"
SERIF = "Georgia,'Times New Roman','DejaVu Serif',serif"

# main colour, light fill, dark text per class
COLOURS = {
    "scholar": ("#2f6db5", "#e4eefa", "#1b4174"),
    "peasant": ("#3b8a34", "#e3f2df", "#22531e"),
    "artisan": ("#d7732a", "#fcebdc", "#874110"),
    "merchant": ("#c29a1b", "#fbf3d4", "#6f5507"),
    "empress": ("#7b3fa1", "#f0e4f7", "#4b1f66"),
}
CLASS_LABELS = {"scholar": "Scholar", "peasant": "Peasant", "artisan": "Artisan", "merchant": "Merchant"}
CLASS_LABELS["empress"] = "Empress"

CARD_W, CARD_H = 136, 184  # a card of the Public Display
TILE_W, TILE_H, TILE_GAP = 125, 50, 5  # a card in a Personal Display
COL_GAP = 8
PANEL_W = (WIDTH - 2 * MARGIN - 14) // 2
PANEL_HEAD = 70
COL_HEAD = 34

STYLE = f"""
text {{ font-family: {FONT}; fill: {INK}; }}
.serif {{ font-family: {SERIF}; }}
.act {{ cursor: pointer; }}
.act .hl {{ stroke: {ACCENT}; stroke-width: 3.5; fill: none; }}
.act:hover .hl {{ stroke-width: 6; }}
.act:hover .chip {{ fill: #d6f2f2; }}
.flip {{ cursor: pointer; }}
.flip .hl {{ stroke: {ACCENT}; stroke-width: 2; stroke-dasharray: 5 3; fill: none; }}
.flip:hover .hl {{ stroke-width: 3.5; }}
"""


# --- small helpers ------------------------------------------------------------------------


def _char_width(c: str) -> float:
    if c in "il.,:;'|!()[]ftjrI ":
        return 0.32
    if c in "mwMW@":
        return 0.88
    if c.isupper() or c.isdigit():
        return 0.68
    return 0.6


@lru_cache(maxsize=4096)
def _width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the drawn width (fonts differ; this errs wide)."""
    return sum(_char_width(c) for c in text) * size * (1.1 if bold else 1.0)


def _fit(text: str, size: float, width: float, bold: bool = False) -> str:
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip(" ,") + "…"


def _wrap(text: str, size: float, width: float, lines: int, bold: bool = False) -> list[str]:
    out: list[str] = []
    words = text.split()
    current = ""
    for i, word in enumerate(words):
        candidate = f"{current} {word}".strip()
        if _width(candidate, size, bold) <= width or not current:
            current = candidate
            continue
        if len(out) == lines - 1:
            current = " ".join([current, *words[i:]])
            break
        out.append(current)
        current = word
    if current:
        out.append(_fit(current, size, width, bold))
    return out


def _num(v: float) -> str:
    rounded = round(v, 1)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)


def _text(
    x: float,
    y: float,
    s: str,
    size: float = 12,
    fill: str = INK,
    weight: str = "normal",
    anchor: str = "start",
    cls: str = "",
    italic: bool = False,
    opacity: float = 1.0,
) -> str:
    attrs = f'x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}"'
    if fill != INK:
        attrs += f' style="fill:{fill}"'
    if weight != "normal":
        attrs += f' font-weight="{weight}"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if cls:
        attrs += f' class="{cls}"'
    if italic:
        attrs += ' font-style="italic"'
    if opacity < 1:
        attrs += f' opacity="{_num(opacity)}"'
    return f"<text {attrs}>{escape(s)}</text>"


def _rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    stroke: str = "none",
    sw: float = 1,
    rx: float = 0,
    extra: str = "",
) -> str:
    return (
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="{_num(rx)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{_num(sw)}"{extra}/>'
    )


def _title(s: str) -> str:
    return f"<title>{escape(s)}</title>"


def _group(x: float, y: float, body: str, attrs: str = "") -> str:
    return f'<g transform="translate({_num(x)},{_num(y)})"{attrs}>{body}</g>'


def _action_attrs(action: str | None) -> str:
    return f' class="act" data-action={quoteattr(action)}' if action else ""


def _class_of(card: dict[str, Any]) -> str:
    cls = str(card.get("class", ""))
    return cls if cls in COLOURS else "empress"


def _card_title(card: dict[str, Any], prefix: str = "") -> str:
    return f"{prefix}{card['name']} ({card['class']}, {_points(card['points'])}): {card['effect']}"


def _who_svg(obs: dict[str, Any], p: int) -> str:
    participants = obs["participants"]
    if 0 <= p < len(participants) and participants[p]["npc"]:
        return "The Magistrate"
    return "You" if p == obs["seat"] else f"Seat {p}"


# --- icons (drawn around a centre) --------------------------------------------------------


def _coin(cx: float, cy: float, r: float) -> str:
    h = r * 0.36
    return (
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="#e2b93b" stroke="#8a6a10" stroke-width="1.2"/>'
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.72)}" fill="none" '
        f'stroke="#a8841c" stroke-width="0.8"/>' + _rect(cx - h, cy - h, 2 * h, 2 * h, PANEL, "#8a6a10", 1)
    )


def _grain(cx: float, cy: float, r: float) -> str:
    parts = [
        f'<line x1="{_num(cx)}" y1="{_num(cy + r)}" x2="{_num(cx)}" y2="{_num(cy - r * 0.75)}" '
        f'stroke="#8a6a10" stroke-width="1.4" stroke-linecap="round"/>'
    ]
    for i in range(3):
        y = cy + r * 0.45 - i * r * 0.5
        for side in (-1, 1):
            ex = cx + side * r * 0.3
            parts.append(
                f'<ellipse cx="{_num(ex)}" cy="{_num(y)}" rx="{_num(r * 0.24)}" ry="{_num(r * 0.42)}" '
                f'transform="rotate({side * 30} {_num(ex)} {_num(y)})" '
                f'fill="#e8c45a" stroke="#8a6a10" stroke-width="0.9"/>'
            )
    parts.append(
        f'<ellipse cx="{_num(cx)}" cy="{_num(cy - r * 0.72)}" rx="{_num(r * 0.22)}" ry="{_num(r * 0.38)}" '
        f'fill="#e8c45a" stroke="#8a6a10" stroke-width="0.9"/>'
    )
    return "".join(parts)


def _seal(cx: float, cy: float, r: float) -> str:
    """Influence: a red name seal."""
    return _rect(cx - r, cy - r, 2 * r, 2 * r, "#b3261e", "#7c1510", 1, rx=r * 0.3) + _rect(
        cx - r * 0.6, cy - r * 0.6, r * 1.2, r * 1.2, "none", "#fbe9e7", 1.1, rx=r * 0.15
    )


def _star(cx: float, cy: float, r: float, fill: str) -> str:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{_num(cx + radius * math.cos(angle))},{_num(cy + radius * math.sin(angle))}")
    return f'<polygon points="{" ".join(points)}" fill="{fill}"/>'


def _start_marker(cx: float, cy: float, r: float = 11) -> str:
    return (
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="#b3261e" stroke="{GOLD}" stroke-width="1.5"/>'
        + _star(cx, cy, r * 0.7, GOLD)
        + _title("Start Player marker")
    )


def _emblem(cls: str, fill: str) -> str:
    """A class emblem around (0, 0), about 24 units wide, in `fill`."""
    if cls == "scholar":  # an open book
        return (
            f'<path d="M-13,-8 Q-6,-12 -1,-8 L-1,10 Q-6,6 -13,9 Z" fill="{fill}"/>'
            f'<path d="M13,-8 Q6,-12 1,-8 L1,10 Q6,6 13,9 Z" fill="{fill}"/>'
        )
    if cls == "peasant":  # an ear of grain
        parts = [f'<line x1="0" y1="13" x2="0" y2="-10" stroke="{fill}" stroke-width="2" stroke-linecap="round"/>']
        for i in range(3):
            y = 5 - i * 6
            for side in (-1, 1):
                parts.append(
                    f'<ellipse cx="{side * 4}" cy="{y}" rx="3" ry="5.5" transform="rotate({side * 30} {side * 4} {y})" '
                    f'fill="{fill}"/>'
                )
        parts.append(f'<ellipse cx="0" cy="-11" rx="2.8" ry="5" fill="{fill}"/>')
        return "".join(parts)
    if cls == "artisan":  # a hammer
        return (
            f'<g transform="rotate(-40)"><rect x="-2" y="-4" width="4" height="20" rx="1.5" fill="{fill}"/>'
            f'<rect x="-10" y="-12" width="20" height="8" rx="2" fill="{fill}"/></g>'
        )
    if cls == "merchant":  # a cash coin
        return (
            f'<circle cx="0" cy="0" r="12" fill="{fill}"/>'
            f'<rect x="-4" y="-4" width="8" height="8" fill="none" stroke="currentColor" stroke-width="0"/>'
            f'<circle cx="0" cy="0" r="9" fill="none" stroke-width="1" stroke="rgba(0,0,0,0.25)"/>'
            f'<rect x="-4" y="-4" width="8" height="8" fill="rgba(0,0,0,0.35)"/>'
        )
    return (  # a crown
        f'<polygon points="-13,8 -13,-5 -6.5,1 0,-10 6.5,1 13,-5 13,8" fill="{fill}"/>'
        f'<circle cx="-13" cy="-7" r="2.2" fill="{fill}"/><circle cx="0" cy="-12" r="2.2" fill="{fill}"/>'
        f'<circle cx="13" cy="-7" r="2.2" fill="{fill}"/>'
    )


# --- cards ------------------------------------------------------------------------------


def _card_face(card: dict[str, Any], w: float = CARD_W, h: float = CARD_H) -> str:
    """A face-up card at (0, 0): points top left, class band, emblem, name, effect."""
    cls = _class_of(card)
    main, light, dark = COLOURS[cls]
    band = 30
    parts = [
        _title(_card_title(card)),
        _rect(2, 3, w, h, "rgba(0,0,0,0.18)", rx=9),
        _rect(0, 0, w, h, light, main, 2, rx=9),
        f'<path d="M0,9 Q0,0 9,0 L{_num(w - 9)},0 Q{_num(w)},0 {_num(w)},9 L{_num(w)},{band} L0,{band} Z" '
        f'fill="{main}"/>',
        f'<circle cx="17" cy="17" r="13" fill="#fffdf7" stroke="{dark}" stroke-width="1.5"/>',
        _text(17, 22.5, str(card["points"]), 16, dark, "bold", "middle"),
        _text(w - 8, 20, CLASS_LABELS[cls].upper(), 10, "#ffffff", "bold", "end"),
        f'<circle cx="{_num(w / 2)}" cy="{band + 28}" r="21" fill="{main}" opacity="0.92"/>',
        _group(w / 2, band + 28, _emblem(cls, "#ffffff")),
    ]
    name_lines = _wrap(str(card["name"]), 13, w - 12, 2, bold=True)
    y = band + 68 if len(name_lines) == 1 else band + 62
    for line in name_lines:
        parts.append(_text(w / 2, y, line, 13, dark, "bold", "middle"))
        y += 15
    box_y = h - 50
    parts.append(_rect(6, box_y, w - 12, 44, "#ffffff", main, 0.8, rx=5, extra=' opacity="0.9"'))
    effect_lines = _wrap(str(card["effect"]), 10, w - 20, 3)
    y = box_y + 22 - (len(effect_lines) - 1) * 6
    for line in effect_lines:
        parts.append(_text(w / 2, y + 3, line, 10, INK, anchor="middle"))
        y += 12
    return "".join(parts)


def _card_back(w: float = CARD_W, h: float = CARD_H, known: dict[str, Any] | None = None) -> str:
    """A face-down card at (0, 0); with `known`, the face the observer knows in an overlay."""
    parts = [
        _rect(2, 3, w, h, "rgba(0,0,0,0.18)", rx=9),
        _rect(0, 0, w, h, BACK, "#4d1010", 2, rx=9),
        _rect(6, 6, w - 12, h - 12, "url(#lattice)", GOLD, 1.2, rx=6),
        f'<g transform="translate({_num(w / 2)},{_num(h / 2 - (14 if known else 0))}) '
        f'rotate(45) scale({_num(min(1.0, w / 90))})">'
        + _rect(-16, -16, 32, 32, BACK, GOLD, 2)
        + _rect(-9, -9, 18, 18, GOLD, "none")
        + "</g>",
    ]
    if known is None:
        parts.insert(0, _title("A face-down card"))
        return "".join(parts)
    cls = _class_of(known)
    main, _light, dark = COLOURS[cls]
    oy = h - 64
    parts = [_title(_card_title(known, "Face down; you know: ")), *parts]
    parts += [
        _rect(6, oy, w - 12, 58, "#fffaf0", main, 1.2, rx=5, extra=' opacity="0.93"'),
        _text(w / 2, oy + 13, "you know:", 9.5, SOFT_INK, anchor="middle", italic=True),
        _text(w / 2, oy + 29, _fit(str(known["name"]), 12, w - 18, True), 12, dark, "bold", "middle"),
        _text(
            w / 2,
            oy + 45,
            _fit(f"{CLASS_LABELS[cls]} · {_points(known['points'])}", 10, w - 18),
            10,
            main,
            anchor="middle",
        ),
    ]
    return "".join(parts)


def _tile_face(card: dict[str, Any], w: float = TILE_W, h: float = TILE_H) -> str:
    """A face-up card in a Personal Display: stripe, points badge, name, effect."""
    cls = _class_of(card)
    main, light, dark = COLOURS[cls]
    effect = _wrap(str(card["effect"]), 9, w - 14, 2)
    parts = [
        _title(_card_title(card)),
        _rect(0, 0, w, h, light, main, 1.3, rx=6),
        f'<path d="M0,6 Q0,0 6,0 L7,0 L7,{_num(h)} L6,{_num(h)} Q0,{_num(h)} 0,{_num(h - 6)} Z" fill="{main}"/>',
        f'<circle cx="19" cy="13" r="9" fill="{main}"/>',
        _text(19, 17, str(card["points"]), 12, "#ffffff", "bold", "middle"),
        _tile_name(str(card["name"]), 32, 17.5, w - 36, dark),
    ]
    y = 31 if len(effect) == 2 else 35
    for line in effect:
        parts.append(_text(11, y, line, 9, SOFT_INK))
        y += 11
    return "".join(parts)


def _tile_name(name: str, x: float, y: float, room: float, fill: str, italic: bool = False) -> str:
    """A card name on a tile: smaller type before cutting it short."""
    size = 11.5 if _width(name, 11.5, True) <= room else 10
    return _text(x, y, _fit(name, size, room, True), size, fill, "bold", italic=italic)


def _tile_back(column: str, known: dict[str, Any] | None, w: float = TILE_W, h: float = TILE_H) -> str:
    """A face-down card in a Personal Display, turned to its column's class (8.2.4)."""
    main = COLOURS[column][0] if column in COLOURS else GOLD
    parts = [
        _rect(0, 0, w, h, BACK, "#4d1010", 1.3, rx=6),
        _rect(4, 4, w - 8, h - 8, "url(#lattice)", GOLD, 0.8, rx=4),
        _rect(4, 4, 5, h - 8, main, "none", rx=2),
    ]
    if known is None:
        parts.insert(0, _title("A face-down card"))
        parts.append(_rect(w / 2 - 34, h / 2 - 9, 68, 18, BACK, GOLD, 0.8, rx=9))
        parts.append(_text(w / 2, h / 2 + 4, "face down", 9.5, "#f1dca0", anchor="middle", italic=True))
        return "".join(parts)
    cls = _class_of(known)
    parts.insert(0, _title(_card_title(known, "Face down; you know: ")))
    parts += [
        _rect(12, 8, w - 20, h - 16, "#2a0b0b", "none", rx=4, extra=' opacity="0.55"'),
        _tile_name(str(known["name"]), 17, 22, w - 30, "#efe1c4", italic=True),
        _text(17, 36, _fit(f"{CLASS_LABELS[cls]} · {_points(known['points'])}", 9, w - 30), 9, "#d9c49a"),
    ]
    return "".join(parts)


CARD_KEYS = ("name", "class", "points", "effect")


def _key(card: dict[str, Any] | None) -> tuple[Any, ...] | None:
    """The drawn parts of a card, hashable (identical cards draw identically)."""
    return None if card is None else tuple(card.get(k) for k in CARD_KEYS)


@lru_cache(maxsize=512)
def _tile(column: str, face_up: bool, key: tuple[Any, ...] | None) -> str:
    card = None if key is None else dict(zip(CARD_KEYS, key, strict=True))
    if face_up and card is not None:
        return _tile_face(card)
    return _tile_back(column, card)


def _empty_slot(w: float = CARD_W, h: float = CARD_H, label: str = "taken") -> str:
    return _rect(0, 0, w, h, "none", "#bfae8e", 1.5, rx=9, extra=' stroke-dasharray="6 5"') + _text(
        w / 2, h / 2 + 4, label, 11, "#a8977a", anchor="middle", italic=True
    )


def _highlight(w: float, h: float, rx: float = 9, pad: float = 4) -> str:
    return _rect(-pad, -pad, w + 2 * pad, h + 2 * pad, "none", rx=rx + pad, extra=' class="hl"')


# --- the parts of the drawing ------------------------------------------------------------


def _header(obs: dict[str, Any]) -> tuple[str, float]:
    h = 64.0
    parts = [
        _rect(0, 0, WIDTH, h, "#3a2618"),
        _rect(0, h - 4, WIDTH, 4, GOLD),
        _text(MARGIN, 40, "Four Big Strata", 26, "#f3dfa2", "bold", cls="serif"),
    ]
    rounds = max(int(obs["rounds"]), 1)
    current = int(obs["round"])
    over = obs["phase"] == "over"
    x0 = 270
    parts.append(_text(x0, 24, f"Round {current} / {rounds}", 15, "#ffffff", "bold"))
    for i in range(1, rounds + 1):
        cx = x0 + 6 + (i - 1) * 17
        empress = i >= 7
        if i < current or (i == current and over):
            fill = "#c9a6e0" if empress else "#f3dfa2"
        elif i == current:
            fill = "#ffffff"
        else:
            fill = "none"
        r = 7 if i == current and not over else 5
        stroke = "#c9a6e0" if empress else "#f3dfa2"
        parts.append(
            f'<circle cx="{cx}" cy="44" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1.5">'
            f"<title>Round {i}{' (Empress in the display)' if empress else ''}</title></circle>"
        )
    x1 = x0 + rounds * 17 + 24
    phase = _phase(obs) if obs["phase"] in PHASE_NAMES else str(obs["phase"])
    pill_w = _width(phase, 14, True) + 28
    parts.append(_rect(x1, 16, pill_w, 32, "#5a3c26", GOLD, 1.2, rx=16))
    parts.append(_text(x1 + pill_w / 2, 37, phase, 14, "#ffffff", "bold", "middle"))
    x2 = x1 + pill_w + 24
    parts.append(_start_marker(x2 + 11, 32))
    parts.append(_text(x2 + 28, 28, "Start Player", 10, "#d9c49a"))
    parts.append(_text(x2 + 28, 44, _who_svg(obs, int(obs["start_player"])), 14, "#ffffff", "bold"))
    tribute = f"1 resource per {obs['tribute_ratio']} influence more"
    right = WIDTH - MARGIN
    parts.append(_seal(right - _width("Tribute", 10) - 12, 24, 7))
    parts.append(_text(right, 28, "Tribute", 10, "#d9c49a", anchor="end"))
    parts.append(_text(right, 46, tribute, 13, "#ffffff", "bold", "end"))
    return "".join(parts), h


def _piles(obs: dict[str, Any], x: float, y: float, w: float, h: float) -> str:
    """The draw pile (backs), the Empress pile (its top card face up) and the discard count."""
    pad = 14
    parts = [
        _rect(x, y, w, h, PANEL, RULE, 1, rx=10),
        _text(x + pad, y + 22, "Piles", 15, INK, "bold", cls="serif"),
    ]
    scale = 112 / CARD_H
    bw, bh = CARD_W * scale, CARD_H * scale
    bx, by = x + pad + 6, y + 44
    count = int(obs["draw_pile"])
    for i in range(min(3, max(count, 1)) - 1, -1, -1):
        parts.append(_group(bx + i * 3, by - i * 3, _card_back(bw, bh) if count else _empty_slot(bw, bh, "empty")))
    parts.append(_text(bx + bw / 2, by + bh + 22, f"Draw pile: {count}", 12, INK, "bold", "middle"))
    ex = bx + bw + 36
    empresses = int(obs["empress_pile"])
    top = obs["empress_top"]
    for i in range(min(3, max(empresses, 1)) - 1, 0, -1):
        parts.append(_group(ex + i * 3, by - i * 3, _rect(0, 0, bw, bh, "#d7c2e6", "#7b3fa1", 1, rx=6)))
    if top is not None:
        parts.append(f'<g transform="translate({_num(ex)},{_num(by)}) scale({scale:.4f})">{_card_face(top)}</g>')
    else:
        parts.append(_group(ex, by, _empty_slot(bw, bh, "none left")))
    parts.append(_text(ex + bw / 2, by + bh + 22, f"Empresses: {empresses}", 12, INK, "bold", "middle"))
    discarded = len(obs.get("discard") or [])
    parts.append(
        _text(x + w / 2, y + h - 10, f"Discarded face up: {discarded}", 10.5, SOFT_INK, anchor="middle", italic=True)
    )
    return "".join(parts)


def _compact_display(obs: dict[str, Any], y: float) -> tuple[str, float]:
    """Between auctions the display is empty: one bar with the piles in words."""
    h = 56
    parts = [
        _rect(MARGIN, y, WIDTH - 2 * MARGIN, h, PANEL, RULE, 1, rx=10),
        _text(MARGIN + 16, y + 34, "Public Display", 15, INK, "bold", cls="serif"),
        _text(MARGIN + 150, y + 34, "empty until the next round's Prephase", 13, SOFT_INK, italic=True),
    ]
    x = MARGIN + 480
    parts.append(_group(x, y + 10, _card_back(26, 36)))
    parts.append(_text(x + 36, y + 33, f"Draw pile: {obs['draw_pile']}", 13, INK, "bold"))
    x += 170
    top = obs["empress_top"]
    parts.append(f'<g transform="translate({x},{_num(y + 10)}) scale({36 / CARD_H:.4f})">')
    parts.append((_card_face(top) if top is not None else _empty_slot(label="")) + "</g>")
    words = f"Empress pile: {obs['empress_pile']}"
    if top is not None:
        words += f", top: {top['name']} ({_points(top['points'])}; {top['effect']})"
    room = WIDTH - MARGIN - 16 - (x + 36) - 170
    parts.append(_text(x + 36, y + 33, _fit(words, 13, room), 13, INK))
    discarded = len(obs.get("discard") or [])
    parts.append(_text(WIDTH - MARGIN - 16, y + 33, f"Discarded: {discarded}", 13, SOFT_INK, anchor="end"))
    return "".join(parts), h


def _display_section(obs: dict[str, Any], ids: set[str], y: float) -> tuple[str, float]:
    """The Public Display (7 slots) and, to its right, the piles."""
    entries = obs["display"]
    if not entries:
        return _compact_display(obs, y)
    pad = 14
    gap = 12
    h = CARD_H + 2 * pad + 30
    display_w = 7 * CARD_W + 6 * gap + 2 * pad
    parts = [
        _rect(MARGIN, y, display_w, h, PANEL, RULE, 1, rx=10),
        _text(MARGIN + pad, y + 22, "Public Display", 15, INK, "bold", cls="serif"),
    ]
    seat = obs["seat"]
    if seat is not None and seat == obs["start_player"] and any(e and not e["face_up"] for e in entries):
        parts.append(
            _text(
                MARGIN + display_w - pad,
                y + 22,
                "As Start Player you may look at the face-down cards",
                11,
                SOFT_INK,
                anchor="end",
                italic=True,
            )
        )
    for slot in range(max(7, len(entries))):
        x = MARGIN + pad + slot * (CARD_W + gap)
        cy = y + 36
        entry = entries[slot] if slot < len(entries) else None
        if entry is None:
            parts.append(_group(x, cy, _empty_slot()))
            continue
        action = f"take:{entry['slot']}"
        body = (
            _card_face(entry["card"])
            if entry["face_up"] and entry["card"] is not None
            else _card_back(known=entry["card"])
        )
        if action in ids:
            body += _highlight(CARD_W, CARD_H)
            body += _rect(CARD_W / 2 - 26, CARD_H - 6, 52, 19, ACCENT, rx=9.5) + _text(
                CARD_W / 2, CARD_H + 7.5, "Take", 11.5, "#ffffff", "bold", "middle"
            )
            parts.append(_group(x, cy, body, _action_attrs(action)))
        else:
            parts.append(_group(x, cy, body))
    px = MARGIN + display_w + 14
    parts.append(_piles(obs, px, y, WIDTH - MARGIN - px, h))
    return "".join(parts), h


def _holding_section(obs: dict[str, Any], ids: set[str], y: float) -> tuple[str, float]:
    """The card just taken face down, while its taker decides how to place it."""
    holding = obs["holding"]
    if holding is None:
        return "", 0
    mine = holding["seat"] == obs["seat"]
    h = CARD_H + 40
    parts = [_rect(MARGIN, y, WIDTH - 2 * MARGIN, h, "#fff6dc", GOLD, 2, rx=10)]
    card = holding["card"]
    cx, cy = MARGIN + 24, y + 20
    if mine and card is not None:
        body = _card_face(card)
        if "faceup" in ids:
            body += _highlight(CARD_W, CARD_H)
            body += _rect(CARD_W / 2 - 42, CARD_H - 6, 84, 18, ACCENT, rx=9) + _text(
                CARD_W / 2, CARD_H + 7, "Pay 2: face up", 10.5, "#ffffff", "bold", "middle"
            )
            parts.append(_group(cx, cy, body, _action_attrs("faceup")))
        else:
            parts.append(_group(cx, cy, body))
        tx = cx + CARD_W + 30
        parts.append(_text(tx, y + 44, "You took this card face down and looked at it.", 18, INK, "bold", cls="serif"))
        if any(i.startswith("facedown:") for i in ids):
            lines = (
                [
                    "Click the card to pay 2 money and place it face up in its own column,",
                    "or click a column of your Personal Display below to place it face down there,",
                ]
                if "faceup" in ids
                else [
                    "You cannot pay the 2 money to place it face up:",
                    "click a column of your Personal Display below to place it face down there,",
                ]
            )
            lines.append("turned to that class (only its upper area counts, with no effect).")
        else:
            lines = [
                "Finish exchanging and flipping first; then place it face up for 2 money,",
                "or face down in any column of your Personal Display.",
            ]
        for i, line in enumerate(lines):
            parts.append(_text(tx, y + 74 + i * 22, line, 14, INK))
        parts.append(_text(tx, y + 152, _card_title(card), 13, SOFT_INK, italic=True))
    else:
        parts.append(_group(cx, cy, _card_back(known=card)))
        tx = cx + CARD_W + 30
        who = _who_svg(obs, int(holding["seat"]))
        parts.append(_text(tx, y + 44, f"{who} took a face-down card and is placing it.", 18, INK, "bold", cls="serif"))
        parts.append(
            _text(tx, y + 74, "They may pay 2 money to show it, or place it face down in any column.", 14, INK)
        )
        if card is not None:
            parts.append(_text(tx, y + 98, _card_title(card, "You know it: "), 13, SOFT_INK, italic=True))
    return "".join(parts), h


TASK_WORDS = {0: "extra", 1: "feed", 2: "cap", 3: "tribute", 4: "gain"}


def _task_text(obs: dict[str, Any]) -> str:
    tasks = obs["tasks"]
    if not tasks or obs["phase"] in ("bid", "pick", "over"):
        return ""
    kind, seat, other, amount = [*tasks[0], 0, 0, 0, 0][:4]
    who = _who_svg(obs, seat)
    you = who == "You"
    if kind == 0:
        return f"{who}: choose {amount} extra starting resource{'s' if amount != 1 else ''}"
    if kind == 1:
        return f"{who} must find the resources to feed {'your' if you else 'their'} people"
    if kind == 2:
        return f"{who} must discard down to 10 resources"
    if kind == 3:
        victim = _who_svg(obs, other)
        return f"{who} {'take' if you else 'takes'} {amount} tribute from {'you' if victim == 'You' else victim}"
    if kind == 4:
        return f"{who} {'take' if you else 'takes'} {amount} tribute from the Bank (the Magistrate's share)"
    return ""


def _prompt(obs: dict[str, Any], ids: set[str]) -> str:
    verbs = {i.partition(":")[0] for i in ids}
    if obs["phase"] == "over":
        return "Game over"
    if not ids:
        waiting = [_who_svg(obs, p) for p in obs["to_move"]]
        if not waiting:
            return ""
        if obs["seat"] in obs["to_move"]:
            return "Your turn"
        return "Waiting for " + ", ".join(waiting)
    if "reward" in verbs:
        owed = obs["participants"][obs["seat"]]["reward_owed"]
        return f"All your cards are face down: choose your {owed} resources"
    if "bid" in verbs:
        return "Your turn: make a sealed bid (click an amount below; everyone reveals together)"
    if "faceup" in verbs:
        return "Place the card you took: face up for 2 money, or face down under any class"
    if "facedown" in verbs:
        return "Place the card you took face down: click the column to put it in"
    if "take" in verbs:
        return "Your pick: click a card in the Public Display"
    if "extra" in verbs:
        return "Setup: choose your extra starting resources"
    if "discard" in verbs:
        return "You hold more than 10 resources: choose what to discard"
    if "demand" in verbs:
        return "Tribute: choose the resources you take"
    if "gain" in verbs:
        return "Tribute: choose the resources you take from the Bank"
    if "close" in verbs:
        return "Exchange with the Bank or flip a card face down (cards you may flip are dashed); then Done"
    if "waive" in verbs:
        return "You cannot feed your people: exchange, or pay what you can"
    if "flip" in verbs:
        return "You owe resources: flip a card face down (dashed) for 2 resources, or exchange"
    return "Your turn"


def _status_section(obs: dict[str, Any], ids: set[str], y: float) -> tuple[str, float]:
    mine = bool(ids)
    prompt = _prompt(obs, ids)
    task = _task_text(obs)
    bids = sorted(int(i.partition(":")[2]) for i in ids if i.startswith("bid:"))
    picking = obs["phase"] == "pick" and obs["pick_order"]
    rows = 1 + bool(task) + bool(bids) + bool(picking)
    h = 18 + rows * 30
    fill, stroke = ("#e3f5f4", ACCENT) if mine else ("#f1ead9", RULE)
    parts = [_rect(MARGIN, y, WIDTH - 2 * MARGIN, h, fill, stroke, 1.5 if mine else 1, rx=10)]
    ty = y + 30
    if mine:
        parts.append(f'<circle cx="{MARGIN + 20}" cy="{_num(ty - 5)}" r="6" fill="{ACCENT}"/>')
    parts.append(_text(MARGIN + (34 if mine else 18), ty, prompt, 16, INK, "bold"))
    if task:
        ty += 30
        parts.append(_text(MARGIN + 18, ty, task, 14, SOFT_INK))
    if picking:
        ty += 30
        parts.append(_text(MARGIN + 18, ty, "Picking order:", 13, SOFT_INK, "bold"))
        x = MARGIN + 130
        position = int(obs["pick_position"])
        participants = obs["participants"]
        for i, p in enumerate(obs["pick_order"]):
            bid = participants[p]["bid"] if 0 <= p < len(participants) else None
            label = f"{_who_svg(obs, p)}" + (f" · bid {bid}" if isinstance(bid, int) else "")
            w = _width(label, 12, True) + 22
            if i < position:
                chip = _rect(x, ty - 16, w, 22, "#e6dfcf", "#c8bba0", 1, rx=11) + _text(
                    x + w / 2, ty - 1, label, 12, "#9a8d78", anchor="middle"
                )
            elif i == position:
                chip = _rect(x, ty - 16, w, 22, ACCENT, ACCENT, 1, rx=11) + _text(
                    x + w / 2, ty - 1, label, 12, "#ffffff", "bold", "middle"
                )
            else:
                chip = _rect(x, ty - 16, w, 22, "#ffffff", RULE, 1, rx=11) + _text(
                    x + w / 2, ty - 1, label, 12, INK, anchor="middle"
                )
            parts.append(chip)
            x += w + 6
            if i < len(obs["pick_order"]) - 1:
                parts.append(_text(x + 2, ty - 1, "›", 14, SOFT_INK, "bold"))
                x += 14
    if bids:
        ty += 30
        parts.append(_text(MARGIN + 18, ty, "Your bid:", 13, SOFT_INK, "bold"))
        x = MARGIN + 100
        for amount in bids:
            chip = (
                _rect(0, 0, 36, 26, "#ffffff", ACCENT, 1.5, rx=13, extra=' class="chip"')
                + _coin(11, 13, 6)
                + _text(25, 18, str(amount), 13, INK, "bold", "middle")
                + _title(f"Bid {amount} money")
            )
            parts.append(_group(x, ty - 19, chip, _action_attrs(f"bid:{amount}")))
            x += 42
    return "".join(parts), h


def _resource(x: float, y: float, icon: str, value: str, label: str) -> tuple[str, float]:
    """An icon and a number; returns the markup and its width."""
    icons = {"grain": _grain, "money": _coin, "influence": _seal}
    markup = icons[icon](x + 9, y - 5, 8 if icon != "influence" else 7) + _text(x + 22, y, value, 15, INK, "bold")
    return f"<g>{_title(label)}{markup}</g>", 22 + _width(value, 15, True) + 14


def _pill(x: float, y: float, text: str, fill: str, ink: str, stroke: str = "none") -> tuple[str, float]:
    w = _width(text, 11, True) + 18
    return _rect(x, y - 14, w, 20, fill, stroke, 1, rx=10) + _text(x + w / 2, y, text, 11, ink, "bold", "middle"), w


def _columns(person: dict[str, Any]) -> dict[str, list[tuple[int, dict[str, Any]]]]:
    columns: dict[str, list[tuple[int, dict[str, Any]]]] = {c: [] for c in CLASS_ORDER}
    for pos, entry in enumerate(person["cards"]):
        columns.setdefault(entry["column"], []).append((pos, entry))
    return columns


def _panel_height(obs: dict[str, Any], p: int, ids: set[str]) -> float:
    person = obs["participants"][p]
    longest = max((len(v) for v in _columns(person).values()), default=0)
    placing = p == obs["seat"] and any(i.startswith("facedown:") for i in ids)
    rows = max(longest + placing, 1)
    return PANEL_HEAD + COL_HEAD + 12 + rows * (TILE_H + TILE_GAP) + 8


def _panel(obs: dict[str, Any], p: int, ids: set[str], x: float, y: float, h: float, winners: set[int]) -> str:
    person = obs["participants"][p]
    me = p == obs["seat"]
    moving = p in obs["to_move"]
    won = p in winners
    stroke, sw = (GOLD, 3) if won else ((ACCENT, 2.5) if me else (RULE, 1))
    parts = [
        _rect(x + 2, y + 3, PANEL_W, h, "rgba(0,0,0,0.08)", rx=12),
        _rect(x, y, PANEL_W, h, PANEL, stroke, sw, rx=12),
    ]
    head_fill = "#fdf3d8" if won else ("#e8f5f4" if me else "#f6efe0")
    parts.append(
        f'<path d="M{x},{y + 12} Q{x},{y} {x + 12},{y} L{x + PANEL_W - 12},{y} '
        f"Q{x + PANEL_W},{y} {x + PANEL_W},{y + 12} "
        f'L{x + PANEL_W},{y + PANEL_HEAD - 4} L{x},{y + PANEL_HEAD - 4} Z" fill="{head_fill}"/>'
    )
    name = _who_svg(obs, p)
    nx = x + 14
    parts.append(_text(nx, y + 28, name, 20, INK, "bold", cls="serif"))
    nx += _width(name, 20, True) * 1.12 + 8
    if person["npc"]:
        pill, w = _pill(nx, y + 27, "solo opponent", "#eee7d8", SOFT_INK)
        parts.append(pill)
        nx += w + 8
    elif name != f"Seat {p}" and not obs.get("solo"):
        parts.append(_text(nx, y + 28, f"(seat {p})", 11, SOFT_INK))
        nx += _width(f"(seat {p})", 11) + 8
    if p == obs["start_player"]:
        parts.append(_start_marker(nx + 11, y + 23, 10))
        nx += 28
    if won:
        parts.append(_group(nx + 14, y + 21, _emblem("empress", GOLD)))
        pill, w = _pill(nx + 34, y + 27, "Winner", GOLD, "#3a2618")
        parts.append(pill)
        nx += 34 + w + 8
    if moving:
        pill, w = _pill(nx, y + 27, "to decide", ACCENT, "#ffffff")
        parts.append(pill)
        nx += w + 8
    # resources and influence, right-aligned in the first line
    items = []
    if not person["npc"]:
        items.append(("grain", str(person["grain"]), "Grain"))
        items.append(("money", str(person["money"]), "Money"))
    items.append(("influence", str(person["influence"]), "Influence (Tribute phase)"))
    rx = x + PANEL_W - 14
    for icon, value, label in reversed(items):
        w = 22 + _width(value, 15, True) + 14
        rx -= w
        markup, _ = _resource(rx, y + 29, icon, value, label)
        parts.append(markup)
    # second line: upkeep, bid, picking position, open menus, rewards
    lx = x + 14
    ly = y + 54
    if not person["npc"] and obs["phase"] != "over":
        upkeep = person["upkeep"]
        parts.append(_text(lx, ly, "Feeding:", 11, SOFT_INK))
        lx += 48
        parts.append(_grain(lx + 7, ly - 4, 6.5) + _text(lx + 16, ly, str(upkeep["grain"]), 12, INK, "bold"))
        lx += 22 + _width(str(upkeep["grain"]), 12, True)
        parts.append(_coin(lx + 7, ly - 4, 6) + _text(lx + 16, ly, str(upkeep["money"]), 12, INK, "bold"))
        lx += 30 + _width(str(upkeep["money"]), 12, True)
    bid = person["bid"]
    if bid == "sealed":
        pill, w = _pill(lx, ly + 1, "bid sealed", "#5a3c26", "#f3dfa2")
        parts.append(pill)
        lx += w + 6
    elif isinstance(bid, int) and not isinstance(bid, bool):
        pill, w = _pill(lx, ly + 1, f"bid {bid}", "#fbf3d4", "#6f5507", "#c29a1b")
        parts.append(pill)
        lx += w + 6
    if obs["phase"] == "pick" and p in obs["pick_order"]:
        place = list(obs["pick_order"]).index(p)
        done = place < int(obs["pick_position"])
        text = "picked" if done else f"picks #{place + 1}"
        pill, w = _pill(lx, ly + 1, text, "#eee7d8", SOFT_INK)
        parts.append(pill)
        lx += w + 6
    if person.get("market_open"):
        pill, w = _pill(lx, ly + 1, "exchanging / flipping", "#e3f5f4", ACCENT, ACCENT)
        parts.append(pill)
        lx += w + 6
    if person.get("reward_owed"):
        pill, w = _pill(lx, ly + 1, f"owed {person['reward_owed']} resources", "#fdeaea", ALERT, ALERT)
        parts.append(pill)
        lx += w + 6
    total = len(person["cards"])
    hidden = sum(1 for c in person["cards"] if not c["face_up"])
    summary = f"{total} card{'s' if total != 1 else ''}" + (f", {hidden} face down" if hidden else "")
    parts.append(_text(x + PANEL_W - 14, ly, summary, 11, SOFT_INK, anchor="end"))
    # the five columns
    scores = list(person["class_scores"])
    lowest = min(scores) if scores else 0
    columns = _columns(person)
    flips = {int(i.split(":")[1]) for i in ids if i.startswith("flip:")} if me else set()
    cy = y + PANEL_HEAD + 2
    if not person["cards"] and not (me and any(i.startswith("facedown:") for i in ids)):
        parts.append(
            _text(x + PANEL_W / 2, cy + COL_HEAD + 30, "No cards yet", 12, "#a8977a", anchor="middle", italic=True)
        )
    for index, column in enumerate(CLASS_ORDER):
        cx = x + 14 + index * (TILE_W + COL_GAP)
        main, _light, dark = COLOURS[column]
        head = _rect(0, 0, TILE_W, COL_HEAD - 4, main, rx=6)
        head += _text(8, 20, COLUMN_TITLES[column], 12.5, "#ffffff", "bold")
        if index < len(scores):
            score = scores[index]
            low = score == lowest and max(scores) > lowest
            head += f'<circle cx="{TILE_W - 16}" cy="15" r="12" fill="{ALERT if low else "#ffffff"}"'
            head += f' stroke="{"#ffffff" if low else dark}" stroke-width="1.5"/>'
            head += _text(TILE_W - 16, 20, str(score), 13, "#ffffff" if low else dark, "bold", "middle")
            head += _title(f"{COLUMN_TITLES[column]}: {score} points" + (" (lowest class)" if low else ""))
            if low:
                head += _rect(TILE_W - 58, COL_HEAD - 11, 32, 13, ALERT, rx=6) + _text(
                    TILE_W - 42, COL_HEAD - 1.5, "lowest", 8.5, "#ffffff", "bold", "middle"
                )
        else:
            count = len(columns[column])
            head += _text(TILE_W - 10, 20, str(count), 12.5, "#ffffff", "bold", "end")
            head += _title("Empresses: placed in any class at the end of the game")
        action = f"facedown:{column}"
        if me and action in ids:
            head += _highlight(TILE_W, COL_HEAD - 4, 6, 3)
            parts.append(_group(cx, cy, head, _action_attrs(action)))
        else:
            parts.append(_group(cx, cy, head))
        ty = cy + COL_HEAD + 8
        for pos, entry in columns[column]:
            body = _tile(column, bool(entry["face_up"]), _key(entry["card"]))
            if pos in flips and entry["face_up"]:
                body += _highlight(TILE_W, TILE_H, 6, 2)
                parts.append(_group(cx, ty, body, f' class="flip" data-flip="{pos}"'))
            else:
                parts.append(_group(cx, ty, body))
            ty += TILE_H + TILE_GAP
        if me and action in ids:
            slot = _rect(0, 0, TILE_W, TILE_H, "#f0fbfa", ACCENT, 1.5, rx=6, extra=' stroke-dasharray="5 4"')
            slot += _text(TILE_W / 2, 22, "place face down", 11, ACCENT, "bold", "middle")
            slot += _text(TILE_W / 2, 37, f"as a {CLASS_LABELS[column]}", 10, ACCENT, anchor="middle")
            slot += _highlight(TILE_W, TILE_H, 6, 2)
            parts.append(_group(cx, ty, slot, _action_attrs(action)))
    return "".join(parts)


def _winners(obs: dict[str, Any]) -> set[int]:
    finals = obs["final_scores"]
    if not finals:
        return set()
    keys = [sorted(s) for s in finals]
    if obs.get("solo") and len(keys) >= 2:
        return {0} if keys[0] > keys[1] else {1}
    best = max(keys)
    return {p for p, k in enumerate(keys) if k == best}


def _final_section(obs: dict[str, Any], y: float, winners: set[int]) -> tuple[str, float]:
    finals = obs["final_scores"]
    if not finals:
        return "", 0
    row = 34
    h = 64 + row * len(finals) + 8
    parts = [
        _rect(MARGIN, y, WIDTH - 2 * MARGIN, h, "#fffaf0", GOLD, 2, rx=10),
        _text(MARGIN + 18, y + 32, "Final scores", 20, INK, "bold", cls="serif"),
        _text(
            MARGIN + 160,
            y + 32,
            "Empresses placed at best. Your score is your lowest class; ties compare the next lowest.",
            12.5,
            SOFT_INK,
            italic=True,
        ),
    ]
    col_x = [MARGIN + 260 + i * 120 for i in range(4)]
    for i, column in enumerate(CLASS_ORDER[:4]):
        parts.append(_text(col_x[i] + 40, y + 56, COLUMN_TITLES[column], 12, COLOURS[column][2], "bold", "middle"))
    parts.append(_text(col_x[3] + 200, y + 56, "Score", 12, INK, "bold", "middle"))
    order = sorted(range(len(finals)), key=lambda p: sorted(finals[p]), reverse=True)
    for rank, p in enumerate(order):
        ry = y + 64 + rank * row
        scores = finals[p]
        low = min(scores) if scores else 0
        if p in winners:
            parts.append(_rect(MARGIN + 10, ry, WIDTH - 2 * MARGIN - 20, row - 4, "#fbefc6", GOLD, 1, rx=6))
            parts.append(_group(MARGIN + 32, ry + 16, f'<g transform="scale(0.7)">{_emblem("empress", "#b8860b")}</g>'))
        parts.append(_text(MARGIN + 52, ry + 21, _who_svg(obs, p), 15, INK, "bold"))
        if p in winners:
            parts.append(_text(MARGIN + 175, ry + 21, "Winner", 12, "#8a6a10", "bold"))
        for i, score in enumerate(scores[:4]):
            main, light, dark = COLOURS[CLASS_ORDER[i]]
            is_low = score == low
            parts.append(
                _rect(col_x[i] + 18, ry + 3, 44, 24, light, ALERT if is_low else main, 2.5 if is_low else 1, rx=12)
            )
            parts.append(_text(col_x[i] + 40, ry + 20, str(score), 14, ALERT if is_low else dark, "bold", "middle"))
        parts.append(_text(col_x[3] + 200, ry + 21, str(low), 18, ALERT, "bold", "middle"))
    return "".join(parts), h


def _log_section(obs: dict[str, Any], y: float) -> tuple[str, float]:
    recent = list(obs["log"])[-6:]
    if not recent:
        return "", 0
    h = 34 + 18 * len(recent) + 8
    parts = [
        _rect(MARGIN, y, WIDTH - 2 * MARGIN, h, "#f1ead9", RULE, 1, rx=10),
        _text(MARGIN + 18, y + 24, "Recent events", 13, INK, "bold", cls="serif"),
    ]
    for i, line in enumerate(recent):
        parts.append(_text(MARGIN + 18, y + 46 + i * 18, _fit(str(line), 12, WIDTH - 2 * MARGIN - 36), 12, SOFT_INK))
    return "".join(parts), h


def render_svg(obs: dict[str, Any], legal: Sequence[Action]) -> str:
    """The observation as one self-contained SVG (see the section comment above)."""
    ids = {action.id for action in legal}
    winners = _winners(obs)
    body: list[str] = []
    y = 0.0
    part, h = _header(obs)
    body.append(part)
    y += h + 14
    if obs["final_scores"]:
        part, h = _final_section(obs, y, winners)
        body.append(part)
        y += h + 14
    else:
        part, h = _display_section(obs, ids, y)
        body.append(part)
        y += h + 14
        part, h = _holding_section(obs, ids, y)
        if part:
            body.append(part)
            y += h + 14
        part, h = _status_section(obs, ids, y)
        body.append(part)
        y += h + 14
    participants = len(obs["participants"])
    seat = obs["seat"]
    first = seat if isinstance(seat, int) and 0 <= seat < participants else 0
    order = [(first + i) % participants for i in range(participants)]
    for row in range(0, len(order), 2):
        pair = order[row : row + 2]
        h = max(_panel_height(obs, p, ids) for p in pair)
        for i, p in enumerate(pair):
            body.append(_panel(obs, p, ids, MARGIN + i * (PANEL_W + 14), y, h, winners))
        y += h + 14
    part, h = _log_section(obs, y)
    if part:
        body.append(part)
        y += h + 14
    height = int(y + 2)
    who = "spectator" if seat is None else _who_svg(obs, seat)
    label = f"Four Big Strata, round {obs['round']} of {obs['rounds']}, seen by {who}"
    defs = (
        '<defs><pattern id="lattice" width="10" height="10" patternUnits="userSpaceOnUse">'
        f'<rect width="10" height="10" fill="{BACK}"/>'
        f'<path d="M0,5 L5,0 L10,5 L5,10 Z" fill="none" stroke="{GOLD}" stroke-width="0.7" opacity="0.55"/>'
        "</pattern></defs>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'preserveAspectRatio="xMidYMin meet" role="img" aria-label={quoteattr(label)}>'
        f"<style>{STYLE}</style>{defs}" + _rect(0, 0, WIDTH, height, PAPER) + "".join(body) + "</svg>"
    )
