"""Guédelon drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation (nothing is hidden in Guédelon, but the view still draws only
what the observation holds). In the SVG the site map shows the locations with their tokens,
the cart paths, the three visitor routes, visitors lying or standing, workers and the cart;
beside it the castle's buildings with their floors and needs, the crane and the courtyard;
above, the time track; below, the player boards and every legal action as a button. Locations,
the cart and buildings carry `data-action` for the move, cart move or build they stand for.
"""

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from meeple.engine import Action

SEAT_COLOURS = ("#2f6fb5", "#2e8b57", "#b03a2e", "#6d4c9f")
APPRENTICE = "#8a6d3b"
ROUTE_COLOURS = {"yellow": "#e0b400", "orange": "#e07b00", "red": "#c0392b"}
SHORT = {
    "stone": "St",
    "wood": "Wd",
    "clay": "Cl",
    "cut_stone": "CS",
    "beam": "Bm",
    "tile": "Ti",
    "mortar": "Mo",
    "rope": "Ro",
}
MAP_W, MAP_H, TOP = 980, 700, 80
PANEL_X = 1000
WIDTH = 1420


def _tokens(tokens: dict[str, int]) -> str:
    return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in tokens.items() if n) or "-"


def _barrows(board: dict[str, Any]) -> list[tuple[str, dict[str, int]]]:
    """A board's wheelbarrow (3.3), or each solo worker pawn's with solo_wheelbarrow=own (11.3),
    as (label, tokens)."""
    if "wheelbarrows" in board:
        return [(f"{w['worker']}'s wheelbarrow", w["tokens"]) for w in board["wheelbarrows"]]
    return [("wheelbarrow", board["wheelbarrow"])]


def _worker_label(obs: dict[str, Any], worker: dict[str, Any]) -> str:
    """The mark on a pawn: A for the apprentice, 1 and 2 for the solo workers, else the seat."""
    if worker["apprentice"]:
        return "A"
    return worker["name"].removeprefix("worker ") if obs["players"] == 1 else str(worker["seat"])


def _who_moves(obs: dict[str, Any]) -> str:
    """The header's "to move": the seat and, in a turn, the pawn it is moving (solo has two
    workers and the apprentice on seat 0, duo the apprentice on seat 0)."""
    if obs["phase"] == "over":
        return "game over"
    seats = ",".join(map(str, obs["to_move"]))
    worker = obs["turn"]["worker"]
    pawn = f" moving {obs['workers'][worker]['name']}" if worker is not None else " (the event's choices)"
    return f"to move: seat {seats}{pawn}"


def _space(space: list[str]) -> str:
    return "/".join(kind.replace("_", " ") for kind in space)


def _visitor(obs: dict[str, Any], visitor: dict[str, Any]) -> str:
    """A visitor, lying or standing, and how many steps it still has to the Castle (6.3)."""
    steps = obs["routes"][visitor["colour"]]
    left = len(steps) - 1 - steps.index(visitor["at"]) if visitor["at"] in steps else 0
    where = f"{left} to the Castle" if left else "at the Castle"
    return f"{visitor['colour']} visitor ({'standing' if visitor['initiated'] else 'lying'}, {where})"


def _bag_line(obs: dict[str, Any]) -> str:
    coming = [year for year in obs["bag_years"] if year > obs["year"]]
    following = f"next bag year {coming[0]}" if coming else "no bag year left"
    bag = f"Bag: {len(obs['bag'])} visitors ({following}; each mortar at a building draws one)"
    return f"{bag}   Event deck: {obs['deck']} cards"


def render_text(obs: dict[str, Any]) -> str:
    lines = [f"Guédelon - round {obs['round']}/{obs['rounds']} (year {obs['year']}) - {_who_moves(obs)}"]
    if obs["event"]:
        lines.append(f"Event {obs['event']['number']} {obs['event']['name']}: {obs['event']['text']}")
    worker = obs["turn"]["worker"]
    if worker is not None:
        stage = ("before the move", "at the location's action", "after the action", "Rebelote action")
        colour = f", following the {obs['apprentice_colour']} route" if obs["workers"][worker]["apprentice"] else ""
        lines.append(
            f"Turn: {obs['workers'][worker]['name']} ({stage[obs['turn']['stage']]}{colour}; "
            f"cart actions left {obs['turn']['cart_actions']})"
        )
    lines.append(
        f"Crane: {obs['crane']} ropes   Courtyard: {_tokens(obs['courtyard'])}   Reserve: {_tokens(obs['reserve'])}"
    )
    for b in obs["buildings"]:
        if b["complete"]:
            state = "complete"
        else:
            needs = ", ".join(f"[{_space([s['filled']])}]" if s["filled"] else _space(s["accepts"]) for s in b["needs"])
            mortar = "mortar" if b["mortar"] else "NO MORTAR"
            state = f"floor {b['floor']}/{b['floors']} needs {needs} ({b['ropes_needed']} ropes, {mortar})"
            later = "; ".join(", ".join(_space(space) for space in floor) for floor in b["later_floors"])
            if later:
                state += f"; then {later}"
        lines.append(f"  {b['id']} {b['name']:13} {state}")
    if obs["mill"]:
        lines.append(f"  Mill: {'built' if obs['mill']['built'] else 'to build'}")
    lines.append(f"Cart at {obs['cart']['at']}: {_tokens(obs['cart']['tokens'])}")
    for location in obs["locations"]:
        here = [w["name"] for w in obs["workers"] if w["at"] == location["id"]]
        here += [_visitor(obs, v) for v in obs["visitors"] if v["at"] == location["id"]]
        tokens = _tokens(location["tokens"])
        closed = " CLOSED" if location["closed"] else ""
        if here or location["tokens"] or closed:
            lines.append(f"  {location['number']:2} {location['name']:14} {tokens:24} {'; '.join(here)}{closed}")
    for index, board in enumerate(obs["boards"]):
        colour = f", {obs['apprentice_colour'] or 'no'} route" if board["apprentice"] else ""
        who = f"apprentice{colour}" if board["apprentice"] else f"seat {board['seat']}"
        lines.append(
            f"Board {index + 1} ({who}): experience {board['experience']}, tools {board['tools']}, "
            + "; ".join(f"{label} {_tokens(tokens)}" for label, tokens in _barrows(board))
        )
    lines.append(_bag_line(obs))
    lines += [f"  . {line}" for line in obs["log"][-6:]]
    return "\n".join(lines)


# --- SVG -----------------------------------------------------------------------------------------
def _act(action_id: str | None) -> str:
    return f' class="act" data-action={quoteattr(action_id)} style="cursor:pointer"' if action_id else ""


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "middle", weight: str = "normal") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
        f'font-family="sans-serif">{escape(text)}</text>'
    )


def _time_track(obs: dict[str, Any]) -> str:
    parts = [_text(20, 26, "Time", 14, "start", "bold")]
    for i in range(obs["rounds"]):
        year = obs["first_year"] + i
        x = 70 + i * 50
        now = year == obs["year"]
        fill = "#f4d58d" if now else "#f5f0e6"
        parts.append(f'<rect x="{x}" y="8" width="46" height="28" rx="4" fill="{fill}" stroke="#7a6a4f"/>')
        parts.append(_text(x + 23, 27, str(year), 11, weight="bold" if now else "normal"))
        if year in obs["bag_years"]:
            parts.append(
                f'<circle cx="{x + 40}" cy="12" r="5" fill="#7a5230"><title>bag: a visitor arrives</title></circle>'
            )
    event = obs["event"]
    if event:
        parts.append(_text(20, 60, f"Event {event['number']} {event['name']}: {event['text']}"[:170], 12, "start"))
    return "".join(parts)


def _location_xy(obs: dict[str, Any]) -> dict[str, tuple[float, float]]:
    return {loc["id"]: (loc["x"], loc["y"] + TOP) for loc in obs["locations"]}


def _paths(obs: dict[str, Any], xy: dict[str, tuple[float, float]], ids: set[str]) -> str:
    parts = []
    for a, b in obs["cart_paths"]:
        (x1, y1), (x2, y2) = xy[a], xy[b]
        parts.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#9b7b55" stroke-width="6" opacity="0.45"/>'
        )
    for offset, (colour, steps) in zip((-5, 0, 5), obs["routes"].items(), strict=True):
        points = " ".join(f"{xy[s][0] + offset},{xy[s][1] + offset}" for s in steps)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{ROUTE_COLOURS[colour]}" stroke-width="2.5" '
            f'stroke-dasharray="7 4"><title>{colour} visitor route</title></polyline>'
        )
    return "".join(parts)


def _location(obs: dict[str, Any], loc: dict[str, Any], xy: tuple[float, float], ids: set[str]) -> str:
    x, y = xy
    move = f"move:{loc['id']}"
    action = move if move in ids else None
    fill = "#e8e2d0" if not loc["closed"] else "#bbbbbb"
    if loc["kind"] == "castle":
        fill = "#d9cbb0"
    parts = [
        f"<g{_act(action)}>",
        f'<rect x="{x - 62}" y="{y - 30}" width="124" height="60" rx="8" fill="{fill}" '
        f'stroke="{"#d35400" if action else "#6b5b3e"}" stroke-width="{3 if action else 1.5}"/>',
        _text(x, y - 15, f"{loc['number']} {loc['name']}", 12, weight="bold"),
    ]
    tokens = " ".join(f"{n}{SHORT[k]}" for k, n in loc["tokens"].items())
    if tokens:
        parts.append(_text(x, y + 1, tokens, 11))
    if loc["bonus"]:
        parts.append(_text(x + 50, y - 15, f"{loc['bonus']:+d}", 11, weight="bold"))
    parts.append("</g>")
    visitors = [v for v in obs["visitors"] if v["at"] == loc["id"]]
    for i, v in enumerate(visitors):
        vx, vy = x - 55 + i * 14, y + 20
        colour = ROUTE_COLOURS[v["colour"]]
        if v["initiated"]:
            parts.append(
                f'<rect x="{vx - 3}" y="{vy - 9}" width="7" height="16" rx="3" fill="{colour}" stroke="#333">'
                f"<title>{v['colour']} visitor, initiated (standing)</title></rect>"
            )
        else:
            parts.append(
                f'<ellipse cx="{vx}" cy="{vy + 3}" rx="8" ry="4" fill="{colour}" stroke="#333">'
                f"<title>{v['colour']} visitor, not initiated (lying)</title></ellipse>"
            )
    workers = [w for w in obs["workers"] if w["at"] == loc["id"]]
    for i, w in enumerate(workers):
        wx, wy = x + 50 - i * 16, y + 18
        colour = APPRENTICE if w["apprentice"] else SEAT_COLOURS[w["seat"] % len(SEAT_COLOURS)]
        parts.append(f'<circle cx="{wx}" cy="{wy - 5}" r="5" fill="{colour}"/>')
        parts.append(
            f'<path d="M{wx - 7},{wy + 9} L{wx},{wy - 2} L{wx + 7},{wy + 9} Z" fill="{colour}"><title>'
            f"{escape(w['name'])}</title></path>"
        )
        parts.append(_text(wx, wy + 20, _worker_label(obs, w), 10, weight="bold"))
    return "".join(parts)


def _cart(obs: dict[str, Any], xy: dict[str, tuple[float, float]]) -> str:
    x, y = xy[obs["cart"]["at"]]
    x, y = x - 30, y - 52
    load = " ".join(f"{n}{SHORT[k]}" for k, n in obs["cart"]["tokens"].items())
    return (
        f'<g><rect x="{x}" y="{y}" width="60" height="18" rx="3" fill="#8b5a2b"/>'
        f'<circle cx="{x + 12}" cy="{y + 20}" r="5" fill="#333"/>'
        f'<circle cx="{x + 48}" cy="{y + 20}" r="5" fill="#333"/>'
        f'<text x="{x + 30}" y="{y + 13}" font-size="10" fill="#fff" text-anchor="middle" '
        f'font-family="sans-serif">{escape(load or "cart")}</text>'
        f"<title>The cart: {escape(load or 'empty')}</title></g>"
    )


def _castle_panel(obs: dict[str, Any], ids: set[str]) -> tuple[str, float]:
    x, y = PANEL_X, TOP
    parts = [_text(x, y + 14, f"Castle — crane: {obs['crane']} ropes", 15, "start", "bold")]
    parts.append(_text(x, y + 34, "Courtyard: " + _tokens(obs["courtyard"]), 12, "start"))
    y += 48
    for b in obs["buildings"]:
        builds = sorted(i for i in ids if i.startswith(f"build:{b['id']}:"))
        parts.append(f"<g{_act(builds[0] if builds else None)}>")
        parts.append(
            f'<rect x="{x}" y="{y}" width="400" height="{22 + 16 * b["floors"]}" rx="6" fill="#f5f0e6" '
            f'stroke="{"#d35400" if builds else "#6b5b3e"}"/>'
        )
        head = f"{b['id']} {b['name']}" + ("" if b["mortar"] else " — needs mortar")
        parts.append(_text(x + 8, y + 16, head + (" — complete" if b["complete"] else ""), 12, "start", "bold"))
        for f in range(b["floors"]):
            fy = y + 30 + 16 * (b["floors"] - 1 - f)
            done = f < b["floor"]
            fill = "#b8a37a" if done else ("#f4d58d" if f == b["floor"] else "#ece6d6")
            parts.append(f'<rect x="{x + 8}" y="{fy - 11}" width="36" height="14" fill="{fill}" stroke="#6b5b3e"/>')
            parts.append(_text(x + 26, fy, f"{b['id']}{f}", 10))
            if f == b["floor"] and not b["complete"]:
                needs = ", ".join(f"[{s['filled']}]" if s["filled"] else "/".join(s["accepts"]) for s in b["needs"])
                parts.append(_text(x + 52, fy, f"needs {needs}; {b['ropes_needed']} ropes", 10, "start"))
        parts.append("</g>")
        y += 30 + 16 * b["floors"]
    if obs["mill"]:
        needs = ", ".join(f"[{s['filled']}]" if s["filled"] else "/".join(s["accepts"]) for s in obs["mill"]["needs"])
        parts.append(_text(x, y + 14, "Mill: " + ("built" if obs["mill"]["built"] else f"needs {needs}"), 12, "start"))
        y += 22
    return "".join(parts), y


def _boards(obs: dict[str, Any], y: float) -> tuple[str, float]:
    """The player boards, each with its sliders and every wheelbarrow it carries (one line each)."""
    parts = []
    extra = max(len(_barrows(board)) for board in obs["boards"]) - 1
    for i, board in enumerate(obs["boards"]):
        x = 20 + i * 340
        colour = APPRENTICE if board["apprentice"] else SEAT_COLOURS[board["seat"] % len(SEAT_COLOURS)]
        who = "Apprentice" if board["apprentice"] else f"Seat {board['seat']}"
        parts.append(
            f'<rect x="{x}" y="{y}" width="330" height="{64 + 18 * extra}" rx="6" fill="#f5f0e6" '
            f'stroke="{colour}" stroke-width="3"/>'
        )
        parts.append(_text(x + 10, y + 18, who, 13, "start", "bold"))
        parts.append(_text(x + 10, y + 36, f"experience {board['experience']}   tools {board['tools']}", 12, "start"))
        for line, (label, tokens) in enumerate(_barrows(board)):
            parts.append(_text(x + 10, y + 54 + 18 * line, f"{label}: {_tokens(tokens)}", 12, "start"))
    return "".join(parts), y + 76 + 18 * extra


def _buttons(legal: list[Action], y: float) -> tuple[str, float]:
    parts = []
    x0, x = 20, 20
    for action in legal:
        width = 12 + 6.2 * len(action.label)
        if x + width > WIDTH - 20:
            x, y = x0, y + 30
        parts.append(
            f'<g{_act(action.id)}><rect x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="24" rx="5" '
            f'fill="#fff7e0" stroke="#d35400"/>{_text(x + width / 2, y + 16, action.label, 11)}</g>'
        )
        x += width + 8
    return "".join(parts), (y + 34 if legal else y)


def render_svg(obs: dict[str, Any], legal: list[Action]) -> str | None:
    ids = {a.id for a in legal}
    xy = _location_xy(obs)
    body = [_time_track(obs), _paths(obs, xy, ids)]
    body += [_location(obs, loc, xy[loc["id"]], ids) for loc in obs["locations"]]
    body.append(_cart(obs, xy))
    castle, castle_bottom = _castle_panel(obs, ids)
    body.append(castle)
    y = max(TOP + MAP_H, castle_bottom) + 10
    boards, y = _boards(obs, y)
    body.append(boards)
    buttons, y = _buttons(legal, y)
    body.append(buttons)
    for i, line in enumerate(obs["log"][-5:]):
        body.append(_text(20, y + 14 + 16 * i, line, 11, "start"))
    height = int(y + 20 + 16 * min(5, len(obs["log"])))
    label = f"Guédelon, round {obs['round']}, year {obs['year']}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
        f'aria-label={quoteattr(label)}><rect width="{WIDTH}" height="{height}" fill="#fbf8f1"/>'
        + "".join(body)
        + "</svg>"
    )
