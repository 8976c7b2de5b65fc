"""Lotta Rome drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation (and, for the SVG, the observing seat's legal actions), so it
can show nothing the seat may not see. In the SVG every clickable element carries
`data-action="<legal action id>"`: division and lot options, pieces to place next, the legal
hexes of the placement preview (dashed outlines in the seat's domain), free lands for an
elephant, contract cards, market lots.
"""

import math
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from meeple.engine import Action
from meeple.games.lotta_rome import geometry

LETTERS = {"olive": "O", "vineyard": "V", "field": "F", "town": "T", "quarry": "Q", "fort": "*"}
NAMES = {"olive": "olive grove", "vineyard": "vineyard", "field": "field", "town": "town quarter", "quarry": "quarry"}
BUILDINGS = {
    "olive": "oil mill",
    "vineyard": "winery",
    "field": "mill",
    "town": "antique theater",
    "quarry": "workshop",
    "fort": "fort",
}
PHASES = {
    "start": "Setup: keep a starting contract",
    "divide": "2 Division: split your lands into two lots",
    "choose": "3 Selection: choose a neighbour's lot",
    "add": "4 Addition: place your lands",
    "elephant": "5 Placing an elephant with tent",
    "bid": "6 Auction: choose a contract to bid with",
    "pick": "6 Purchase: take a lot from the market",
    "over": "Game over",
}


def _piece(p: dict[str, Any]) -> str:
    text = "|".join(NAMES[land] for land in p["lands"])
    return text + (f" with {BUILDINGS[p['building']]}" if p["building"] else "")


def _pieces(pieces: list[dict[str, Any]]) -> str:
    return ", ".join(_piece(p) for p in pieces) or "nothing"


def _who(obs: dict[str, Any], p: int) -> str:
    return "You" if p == obs["seat"] else f"Seat {p}"


def _map(domain: list[dict[str, Any]]) -> list[str]:
    """The domain as rows of 3-character hexes: land letter, building letter, E for an elephant."""
    if not domain:
        return ["    (empty)"]
    rows = [c["r"] for c in domain]
    xs = [2 * c["q"] + c["r"] for c in domain]
    grid: dict[tuple[int, int], str] = {}
    for c, x in zip(domain, xs, strict=True):
        building = LETTERS[c["building"]].lower() if c["building"] else "."
        grid[(c["r"], x)] = LETTERS[c["land"]] + building + ("E" if c["elephant"] else " ")
    lines = []
    for r in range(min(rows), max(rows) + 1):
        line = "".join(grid.get((r, x), "   ") + " " for x in range(min(xs), max(xs) + 1))
        lines.append("    " + line.rstrip())
    return lines


def _contract(c: dict[str, Any] | str | None) -> str:
    if not isinstance(c, dict):
        return str(c)
    return f"#{c['number']} ({c['coins']} coins): {c['text']}"


def render_text(obs: dict[str, Any]) -> str:
    lines = [
        f"Lotta Rome{' + The Merchants' if obs['merchants'] else ''} - round {obs['round']}/{obs['rounds']} - "
        f"{PHASES[obs['phase']]}",
        "Map: O olive grove, V vineyard, F field, T town quarter, Q quarry; second letter a building "
        "(o oil mill, v winery, f mill, t theater, q workshop, * fort); E an elephant with tent",
    ]
    if obs["merchants"]:
        lines.append(f"Contract deck {obs['deck']}, discard {obs['discard']}, elephants left {obs['elephants_left']}")
        for lot in obs["market"]:
            if lot is not None:
                extra = (f" + bonus {NAMES[lot['land']]}" if lot["land"] else "") + (" + a gem" if lot["gem"] else "")
                lines.append(f"  Market lot {lot['slot'] + 1}: double land {_piece(lot['double'])}{extra}")
    for p, view in enumerate(obs["players_view"]):
        lines.append(f"{_who(obs, p)}: {view['gems']} gems, {view['lands']} lands, stack {view['stack']}")
        if view["explored"]:
            lines.append(f"  explored: {_pieces(view['explored'])}")
        if view["lots"]:
            smaller, larger = view["lots"]
            lines.append(f"  lots: smaller {_pieces(smaller)} (+gem), larger {_pieces(larger)}")
        elif view["division"] == "sealed":
            lines.append("  has divided (sealed)")
        if view["choice"] is not None:
            lines.append(f"  choice: {view['choice']}")
        if view["pending"] or view["holding"]:
            held = f"placing {_piece(view['holding'])}; " if view["holding"] else ""
            lines.append(f"  {held}to place: {_pieces(view['pending'])}")
        if obs["merchants"]:
            if view["hand"]:
                lines += [f"  hand {_contract(c)}" for c in view["hand"]]
            elif view["hand_size"]:
                lines.append(f"  holds {view['hand_size']} contracts")
            if view["chosen"] is not None:
                bid = f", bid {view['bid']}" if view["bid"] is not None else ""
                lines.append(f"  chosen contract: {_contract(view['chosen'])}{bid}")
            if view["start_contract"] is not None:
                lines.append(f"  starting contract: {_contract(view['start_contract'])}")
            lines += [f"  contract {_contract(c)}" for c in view["contracts"]]
        lines += _map(view["domain"])
    if obs["final"]:
        lines.append("Final scores (buildings + gems + contracts = total, lands):")
        for p, f in enumerate(obs["final"]):
            lines.append(f"  {_who(obs, p)}: {f[0]} + {f[1]} + {f[2]} = {f[3]} ({f[4]} lands)")
    lines.append("Recent events:")
    lines += [f"  {line}" for line in obs["log"][-8:]]
    return "\n".join(lines)


# --- SVG for the browser ------------------------------------------------------------------

WIDTH = 1200
PANEL_W = 580
PANEL_H = 380
INK = "#2b2118"
PAPER = "#f6f0e3"
ACCENT = "#0e8f8f"
COLOURS = {"olive": "#8a9a3b", "vineyard": "#7b3f6e", "field": "#e3c25a", "town": "#c96f4a", "quarry": "#9a9a9a"}
SQRT3 = math.sqrt(3)


def _hex_points(x: float, y: float, size: float) -> str:
    return " ".join(
        f"{x + size * math.cos(math.radians(60 * i - 30)):.1f},{y + size * math.sin(math.radians(60 * i - 30)):.1f}"
        for i in range(6)
    )


def _centre(q: int, r: int, size: float) -> tuple[float, float]:
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


def _text(x: float, y: float, text: str, size: int = 13, anchor: str = "start", weight: str = "normal") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
        f'fill="{INK}">{escape(text)}</text>'
    )


def _click(action: Action | None, body: str) -> str:
    if action is None:
        return body
    title = f"<title>{escape(action.label)}</title>"
    return f'<g class="clickable" data-action={quoteattr(action.id)} style="cursor:pointer">{title}{body}</g>'


def _tile(x: float, y: float, size: float, land: str, building: str | None, elephant: bool) -> str:
    parts = [f'<polygon points="{_hex_points(x, y, size)}" fill="{COLOURS[land]}" stroke="{INK}" stroke-width="1"/>']
    if building:
        s = size * 0.42
        shape = "rect" if building == "fort" else "circle"
        if shape == "rect":
            parts.append(
                f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" fill="#fff"/>'
            )
        else:
            fill = COLOURS[building]
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}" fill="{fill}" stroke="#fff" stroke-width="2"/>'
            )
        parts.append(_text(x, y + 4, LETTERS[building], max(8, int(size * 0.5)), "middle", "bold"))
    if elephant:
        s = size * 0.5
        parts.append(
            f'<polygon points="{x - s:.1f},{y + s * 0.6:.1f} {x:.1f},{y - s * 0.7:.1f} {x + s:.1f},{y + s * 0.6:.1f}" '
            f'fill="#f2e6c9" stroke="{INK}" stroke-width="1"><title>elephant with tent</title></polygon>'
        )
    return "".join(parts)


def _domain(view: dict[str, Any], x0: float, y0: float, w: float, h: float, legal: list[Action]) -> str:
    """A domain as SVG hexes, the legal placement or elephant positions outlined and clickable."""
    targets: dict[tuple[int, int], Action] = {}
    for action in legal:
        where = action.payload.get("at")
        if where is not None:
            targets[geometry.coords(geometry.parse(where))] = action
    cells = [(c["q"], c["r"]) for c in view["domain"]]
    everything = cells + list(targets) or [(0, 0)]
    raw = [_centre(q, r, 1.0) for q, r in everything]
    span_x = max(p[0] for p in raw) - min(p[0] for p in raw) + SQRT3
    span_y = max(p[1] for p in raw) - min(p[1] for p in raw) + 2
    size = min(28.0, w / span_x, h / span_y)
    cx = x0 + w / 2 - size * (max(p[0] for p in raw) + min(p[0] for p in raw)) / 2
    cy = y0 + h / 2 - size * (max(p[1] for p in raw) + min(p[1] for p in raw)) / 2
    out = []
    joins = view["joins"]
    for a, b in zip(joins[::2], joins[1::2], strict=True):
        (qa, ra), (qb, rb) = (geometry.coords(geometry.parse(p)) for p in (a, b))
        xa, ya = _centre(qa, ra, size)
        xb, yb = _centre(qb, rb, size)
        out.append(
            f'<line x1="{cx + xa:.1f}" y1="{cy + ya:.1f}" x2="{cx + xb:.1f}" y2="{cy + yb:.1f}" '
            f'stroke="{INK}" stroke-width="{size * 0.25:.1f}" stroke-opacity="0.25"/>'
        )
    cell_parts = []
    for c in view["domain"]:
        x, y = _centre(c["q"], c["r"], size)
        tile = _tile(cx + x, cy + y, size, c["land"], c["building"], c["elephant"])
        cell_parts.append(_click(targets.pop((c["q"], c["r"]), None), tile))
    out += cell_parts
    for (q, r), action in sorted(targets.items()):
        x, y = _centre(q, r, size)
        outline = (
            f'<polygon points="{_hex_points(cx + x, cy + y, size * 0.92)}" fill="{ACCENT}" fill-opacity="0.15" '
            f'stroke="{ACCENT}" stroke-width="2" stroke-dasharray="4 3"/>'
        )
        out.append(_click(action, outline))
    return "".join(out)


def _mini(pieces: list[dict[str, Any]], x: float, y: float, size: float = 11) -> str:
    """A row of small tiles for a lot or a piece (a double land as two joined hexes)."""
    out = []
    for p in pieces:
        for i, land in enumerate(p["lands"]):
            out.append(_tile(x, y, size, land, p["building"] if i == 0 else None, False))
            x += size * SQRT3
        x += size * 0.6
    return "".join(out)


def _options(obs: dict[str, Any], legal: list[Action], x: float, y: float) -> tuple[str, float]:
    """The observing seat's choices that are not hexes of its domain: divisions, lots, pieces,
    contracts, market lots; each a clickable row."""
    seat = obs["seat"]
    me = obs["players_view"][seat] if seat is not None else None
    rows = []
    captions = {
        "divide": "Click a division: the smaller lot (it gets a gem) on the left, the larger lot on the right",
        "choose": "Click the lot you take from your neighbour",
        "piece": "Click the piece to place next (then a dashed hex of your domain)",
    }
    kinds = {action.payload["kind"] for action in legal}
    for kind, caption in captions.items():
        if kind in kinds:
            rows.append(_text(x, y + 14, caption, 13, weight="bold"))
            y += 20
    for action in legal:
        kind = action.payload["kind"]
        if kind in ("place", "elephant"):
            continue
        body = ""
        if kind == "divide" and me is not None:
            explored = me["explored"]
            mask = action.payload["mask"]
            smaller = [p for i, p in enumerate(explored) if mask >> i & 1]
            larger = [p for i, p in enumerate(explored) if not mask >> i & 1]
            body = _mini(smaller, x + 14, y + 11) + _text(x + 150, y + 16, "+gem |") + _mini(larger, x + 210, y + 11)
        elif kind == "choose":
            maker = obs["players_view"][action.payload["maker"]]
            smaller, larger = maker["lots"] or [[], []]
            lot = smaller if action.payload["lot"] == "smaller" else larger
            body = _mini(lot, x + 14, y + 11) + _text(x + 300, y + 15, action.label[:60], 11)
        elif kind == "piece":
            body = _text(x + 8, y + 15, action.label, 12)
        else:
            body = _text(x + 8, y + 15, action.label[:150], 12)
        frame = (
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{WIDTH - 2 * x:.1f}" height="24" rx="4" '
            f'fill="#fff" stroke="{ACCENT}"/>'
        )
        rows.append(_click(action, frame + body))
        y += 28
    return "".join(rows), y


def _gems(x: float, y: float, count: int) -> str:
    """A gem count drawn as diamonds, right-aligned at x."""
    out = [f"<title>{count} gems</title>"]
    for i in range(count):
        gx = x - i * 13
        out.append(
            f'<polygon points="{gx},{y - 6} {gx + 5},{y} {gx},{y + 6} {gx - 5},{y}" fill="#3a8fd6" stroke="{INK}"/>'
        )
    return f'<g class="gems">{"".join(out)}</g>'


def _panel(obs: dict[str, Any], p: int, x: float, y: float, legal: list[Action]) -> str:
    view = obs["players_view"][p]
    mine = p == obs["seat"]
    stroke = ACCENT if p in obs["to_move"] else "#d9cbb0"
    out = [
        f'<rect x="{x}" y="{y}" width="{PANEL_W}" height="{PANEL_H}" rx="8" fill="#fffdf7" stroke="{stroke}" '
        f'stroke-width="{3 if p in obs["to_move"] else 1}"/>',
        _text(x + 10, y + 20, f"{_who(obs, p)} - {view['lands']} lands", 14, weight="bold"),
        _gems(x + PANEL_W - 20, y + 16, view["gems"]),
    ]
    status = []
    if view["division"] == "sealed":
        status.append("divided (sealed)")
    if view["choice"] is not None:
        status.append(f"choice: {view['choice']}")
    if obs["merchants"]:
        status.append(f"contracts held {len(view['contracts'])}, hand {view['hand_size']}")
        if view["bid"] is not None:
            status.append(f"bid {view['bid']}")
    out.append(_text(x + 10, y + 38, "; ".join(status), 11))
    if view["lots"]:
        out.append(_text(x + 10, y + 58, "lots:", 11))
        out.append(_mini(view["lots"][0], x + 50, y + 54, 9) + _mini(view["lots"][1], x + 200, y + 54, 9))
    if view["pending"] or view["holding"]:
        out.append(
            _text(x + 10, y + 58, "to place:", 11)
            + _mini(([view["holding"]] if view["holding"] else []) + view["pending"], x + 80, y + 54, 9)
        )
    out.append(_domain(view, x + 10, y + 70, PANEL_W - 20, PANEL_H - 80, legal if mine else []))
    return "".join(out)


def render_svg(obs: dict[str, Any], legal: list[Action]) -> str:
    y = 30.0
    head = [
        _text(16, y, f"Lotta Rome - round {obs['round']}/{obs['rounds']} - {PHASES[obs['phase']]}", 18, weight="bold")
    ]
    y += 14
    lots = [a for a in legal if a.payload["kind"] == "lot"]
    if obs["merchants"]:
        lot_by_slot = {a.payload["slot"]: a for a in lots}
        for lot in obs["market"]:
            if lot is None:
                continue
            x = 16 + lot["slot"] * 235
            body = f'<rect x="{x}" y="{y}" width="225" height="40" rx="6" fill="#fff" stroke="#d9cbb0"/>'
            body += _mini(
                [lot["double"]] + ([{"lands": [lot["land"]], "building": None}] if lot["land"] else []),
                x + 16,
                y + 20,
                12,
            )
            body += _text(x + 120, y + 24, f"lot {lot['slot'] + 1}" + (" + gem" if lot["gem"] else ""), 12)
            head.append(_click(lot_by_slot.get(lot["slot"]), body))
        y += 50
    options, y = _options(obs, [a for a in legal if a.payload["kind"] != "lot"], 16, y)
    head.append(options)
    panels = []
    for p in range(obs["players"]):
        px = 16 + (p % 2) * (PANEL_W + 12)
        py = y + 8 + (p // 2) * (PANEL_H + 12)
        panels.append(_panel(obs, p, px, py, legal))
    height = y + 8 + ((obs["players"] + 1) // 2) * (PANEL_H + 12) + 40
    if obs["final"]:
        scores = "; ".join(f"{_who(obs, p)} {f[3]} ({f[0]}+{f[1]}+{f[2]})" for p, f in enumerate(obs["final"]))
        panels.append(_text(16, height - 16, f"Final: {scores}", 14, weight="bold"))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" width="{WIDTH}" '
        f'font-family="sans-serif"><rect width="100%" height="100%" fill="{PAPER}"/>'
        + "".join(head)
        + "".join(panels)
        + "</svg>"
    )
