"""Guédelon drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation (nothing is hidden in Guédelon, but the view still draws only
what the observation holds). In the SVG the site map shows the locations with their tokens,
the cart paths, the three visitor routes, visitors lying or standing, workers and the cart;
beside it the castle's buildings with their floors and needs, the crane and the courtyard;
above, the time track; below, the player boards and every legal action as a button. Locations,
the cart and buildings carry `data-action` for the move, cart move or build they stand for.
"""

from functools import cache
from typing import Any

from meeple import svgkit as kit
from meeple.engine import Action
from meeple.games.guedelon.reference import RULES

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


def _round_text(obs: dict[str, Any]) -> str:
    """The round in words (8 Game end): "round 3 of 18", or the extra rounds after the last one."""
    extra = obs["round"] - obs["rounds"]
    if extra > 0:
        return f"extra round {extra} after round {obs['rounds']}"
    return f"round {obs['round']} of {obs['rounds']}"


def _route_text(colour: str | None) -> str:
    """The apprentice's route (11.1), or that it has none yet."""
    return f"{colour} route" if colour else "no route chosen yet"


def render_text(obs: dict[str, Any]) -> str:
    lines = [f"Guédelon - {_round_text(obs)} (year {obs['year']}) - {_who_moves(obs)}"]
    if obs["event"]:
        lines.append(f"Event {obs['event']['number']} {obs['event']['name']}: {obs['event']['text']}")
    worker = obs["turn"]["worker"]
    if worker is not None:
        stage = ("before the move", "at the location's action", "after the action", "Rebelote action")
        colour = f", {_route_text(obs['apprentice_colour'])}" if obs["workers"][worker]["apprentice"] else ""
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
    cart_at = next(location["name"] for location in obs["locations"] if location["id"] == obs["cart"]["at"])
    lines.append(f"Cart at {cart_at}: {_tokens(obs['cart']['tokens'])}")
    for location in obs["locations"]:
        here = [w["name"] for w in obs["workers"] if w["at"] == location["id"]]
        here += [_visitor(obs, v) for v in obs["visitors"] if v["at"] == location["id"]]
        tokens = _tokens(location["tokens"])
        closed = " CLOSED" if location["closed"] else ""
        if here or location["tokens"] or closed:
            lines.append(f"  {location['number']:2} {location['name']:14} {tokens:24} {'; '.join(here)}{closed}")
    for index, board in enumerate(obs["boards"]):
        colour = f", {_route_text(obs['apprentice_colour'])}" if board["apprentice"] else ""
        who = f"apprentice{colour}" if board["apprentice"] else f"seat {board['seat']}"
        lines.append(
            f"Board {index + 1} ({who}): experience {board['experience']}, tools {board['tools']}, "
            + "; ".join(f"{label} {_tokens(tokens)}" for label, tokens in _barrows(board))
        )
    lines.append(_bag_line(obs))
    lines += [f"  . {line}" for line in obs["log"][-6:]]
    return "\n".join(lines)


# --- the browser board ---------------------------------------------------------------------------
#
# Panels (meeple.svgkit): the site map (locations with their tokens, the cart paths, the visitor
# routes, visitors lying or standing, workers and the cart), the castle (buildings floor by floor,
# the crane, the courtyard), the time track with the event, the player boards and a legend.
# A location carries data-action for the move to it, a cart ghost for a cart move, a building for
# its first build choice.

MAP_W, MAP_H = 820, 610
BOX_W, BOX_H = 136, 84
MATERIALS = ("stone", "wood", "clay", "cut_stone", "beam", "tile", "mortar", "rope")


def _place(x: float, y: float) -> tuple[float, float]:
    """A location's centre on the map panel (the content's coordinates, scaled to fit)."""
    return 78 + (x - 110) * 0.86, 58 + (y - 80) * 0.9


def _colour(obs: dict[str, Any], worker: dict[str, Any]) -> str:
    return APPRENTICE if worker["apprentice"] else SEAT_COLOURS[worker["seat"] % len(SEAT_COLOURS)]


def _seat_name(obs: dict[str, Any], seat: int) -> str:
    return "You" if seat == obs["seat"] else f"Seat {seat}"


def _pawn_name(obs: dict[str, Any], worker: dict[str, Any]) -> str:
    if worker["apprentice"]:
        return "The apprentice"
    if obs["players"] == 1:
        return worker["name"].capitalize()
    if worker["seat"] == obs["seat"]:
        return "Your worker"
    return f"Seat {worker['seat']}'s worker"


def _token_row(tokens: dict[str, int], x: float, y: float, r: float = 7) -> tuple[str, float]:
    """Material icons with counts from (x, y) rightwards; returns the markup and the end."""
    out = []
    for what, n in tokens.items():
        if not n:
            continue
        words = f"{n} {what.replace('_', ' ')}"
        count = kit.text(x + 2 * r + 2, y + 1, str(n), 13, bold=True)
        out.append(f"<g>{kit.title(words)}{kit.icon(what, x + r, y - 4, r, '')}{count}</g>")
        x += 2 * r + 16
    return "".join(out), x


@kit.drawn_once
def _location(obs: dict[str, Any], loc: dict[str, Any], action: str | None, label: str) -> str:
    """A location box, the visitors and workers there (`obs`: those, the player count, and the
    viewer's seat only if a worker there is the viewer's), clickable when a worker may move there
    (drawn once for every seat shown the same)."""
    x, y = _place(loc["x"], loc["y"])
    fill = "#bbbbbb" if loc["closed"] else ("#d9cbb0" if loc["kind"] == "castle" else "#efe8d6")
    rule = RULES.get(loc["kind"], "")
    here = [w for w in obs["workers"] if w["at"] == loc["id"]]
    visitors = [v for v in obs["visitors"] if v["at"] == loc["id"]]
    tip = f"{loc['number']} {loc['name']}: {rule}" + (" Closed this round." if loc["closed"] else "")
    body = [
        kit.title(tip),
        kit.rect(-BOX_W / 2, -BOX_H / 2, BOX_W, BOX_H, fill, "#6b5b3e", 1.5, 9),
        kit.token(-BOX_W / 2 + 13, -BOX_H / 2 + 13, 10, "#6b5b3e", str(loc["number"]), f"Location {loc['number']}"),
        kit.text(-BOX_W / 2 + 27, -BOX_H / 2 + 18, kit.fit(loc["name"], 13, BOX_W - 32, True), 13, bold=True),
    ]
    if loc["bonus"]:
        body.append(kit.text(BOX_W / 2 - 6, -BOX_H / 2 + 36, f"{loc['bonus']:+d}", 13, "#8a3b00", True, "end"))
        body.append(kit.title(f"Production bonus this round: {loc['bonus']:+d}"))
    row, _ = _token_row(loc["tokens"], -BOX_W / 2 + 6, -BOX_H / 2 + 42)
    body.append(row)
    px = -BOX_W / 2 + 12
    for v in visitors:
        colour = ROUTE_COLOURS[v["colour"]]
        if v["initiated"]:
            body.append(kit.pawn(px, BOX_H / 2 - 20, 8, colour, f"{v['colour']} visitor, initiated (standing)"))
        else:
            body.append(
                f'<ellipse cx="{px:.0f}" cy="{BOX_H / 2 - 10:.0f}" rx="9" ry="4.5" fill="{colour}" stroke="#333">'
                f"<title>{v['colour']} visitor, not initiated (lying)</title></ellipse>"
            )
        px += 17
    wx = BOX_W / 2 - 14
    for w in here:
        mark = _worker_label(obs, w)
        body.append(
            f'<g class="bk-through">{kit.pawn(wx, BOX_H / 2 - 22, 11, _colour(obs, w), _pawn_name(obs, w), mark)}</g>'
        )
        wx -= 24
    if action:
        body.append(
            kit.rect(-BOX_W / 2 - 3, -BOX_H / 2 - 3, BOX_W + 6, BOX_H + 6, "none", rx=11, extra=' class="bk-hl"')
        )
    return kit.group(x, y, kit.clickable(action, "".join(body), label))


def _cart(obs: dict[str, Any], at: str, tokens: dict[str, int], action: str | None = None, label: str = "") -> str:
    """The cart above a location; a dashed ghost where a cart move may take it."""
    loc = next(loc for loc in obs["locations"] if loc["id"] == at)
    x, y = _place(loc["x"], loc["y"])
    x, y = x - 30, y - BOX_H / 2 - 22
    ghost = action is not None
    style = ' stroke-dasharray="4 3" fill-opacity="0.25"' if ghost else ""
    load = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in tokens.items() if n) or "empty"
    body = (
        kit.title(label if ghost else f"The cart: {load}")
        + f'<rect x="{x:.0f}" y="{y:.0f}" width="60" height="16" rx="3" fill="#8b5a2b" stroke="#3b2412"{style}/>'
        + f'<circle cx="{x + 12:.0f}" cy="{y + 18:.0f}" r="5" fill="#333"{style}/>'
        + f'<circle cx="{x + 48:.0f}" cy="{y + 18:.0f}" r="5" fill="#333"{style}/>'
    )
    if not ghost:
        row, _ = _token_row(tokens, x + 64, y + 12, 6)
        body += row
    else:
        body += kit.rect(x - 3, y - 3, 66, 30, "none", rx=5, extra=' class="bk-hl"')
    return kit.clickable(action, body, label)


def _map_panel(obs: dict[str, Any], legal: list[Action]) -> str:
    """The building site: one panel of parts each drawn once for every seat shown it alike (the
    paths and routes, each location with what stands there), then the cart and, for the seat
    that may move it, where it may go."""
    panel = kit.Panel(MAP_W, "The building site: locations, paths, visitors, workers and the cart", "main")
    places = tuple((loc["id"], loc["x"], loc["y"]) for loc in obs["locations"])
    panel.apart(_ground(places, obs["cart_paths"], obs["routes"]))
    ids = {a.id for a in legal}
    for loc in obs["locations"]:
        here = [w for w in obs["workers"] if w["at"] == loc["id"]]
        viewer = obs["seat"] if any(w["seat"] == obs["seat"] and not w["apprentice"] for w in here) else None
        seen = {"workers": here, "visitors": [v for v in obs["visitors"] if v["at"] == loc["id"]]}
        seen |= {"players": obs["players"], "seat": viewer}
        action = f"move:{loc['id']}" if f"move:{loc['id']}" in ids else None
        panel.apart(_location(seen, loc, action, next((a.label for a in legal if a.id == action), "")))
    panel.add(_cart(obs, obs["cart"]["at"], obs["cart"]["tokens"]))
    for action in legal:
        if action.id.startswith("cart:move:"):
            panel.add(_cart(obs, action.id.removeprefix("cart:move:"), {}, action.id, action.label))
    return panel.svg(MAP_H)


@kit.drawn_once
def _ground(places: tuple[tuple[str, float, float], ...], paths: list[Any], routes: dict[str, list[str]]) -> str:
    """The cart paths between the locations (`places`: each one's id and position) and the
    visitors' routes (drawn once: the same all game)."""
    xy = {at: _place(x, y) for at, x, y in places}
    parts = []
    for a, b in paths:
        (x1, y1), (x2, y2) = xy[a], xy[b]
        parts.append(
            f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#9b7b55" stroke-width="8" '
            'opacity="0.4"><title>A cart path</title></line>'
        )
    for offset, (colour, steps) in zip((-6, 0, 6), routes.items(), strict=True):
        points = " ".join(f"{xy[s][0] + offset:.0f},{xy[s][1] + offset:.0f}" for s in steps)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{ROUTE_COLOURS[colour]}" stroke-width="3" '
            f'stroke-dasharray="8 5"><title>The {colour} visitor route</title></polyline>'
        )
    return "".join(parts)


def _need(space: dict[str, Any]) -> str:
    if space["filled"]:
        return f"{space['filled'].replace('_', ' ')} (placed)"
    return " or ".join(kind.replace("_", " ") for kind in space["accepts"])


def _castle_panel(obs: dict[str, Any], legal: list[Action]) -> str:
    """The castle (with the seat's build choices only: a seat without any sees it as every seat does)."""
    builds = [action for action in legal if action.id.startswith("build:")]
    return _castle(kit.narrowed(obs, "crane", "courtyard", "buildings", "mill"), builds)


@kit.drawn_once
def _castle(obs: dict[str, Any], legal: list[Action]) -> str:
    """The castle's buildings, crane and yard (drawn once for every seat shown the same)."""
    ids = {a.id for a in legal}
    panel = kit.Panel(kit.NARROW, "The castle: buildings, crane and courtyard", "main", "The castle")
    y = panel.y + 6
    panel.add(
        kit.icon("rope", 22, y, 9, "Ropes on the crane"),
        kit.text(36, y + 5, f"Crane: {obs['crane']} rope{'' if obs['crane'] == 1 else 's'}", 14, bold=True),
    )
    row, _ = _token_row(obs["courtyard"], 190, y + 5)
    panel.add(
        kit.text(150, y + 5, "Yard", 13), row if obs["courtyard"] else kit.text(190, y + 5, "empty", 13, kit.MUTED)
    )
    y += 24
    for b in obs["buildings"]:
        builds = sorted(i for i in ids if i.startswith(f"build:{b['id']}:"))
        action = builds[0] if builds else None
        h = 30 + 20 * b["floors"]
        state = "complete" if b["complete"] else ("mortar laid" if b["mortar"] else "needs mortar first")
        floors = (
            [f"floor {b['floor']}: {', '.join(_need(n) for n in b['needs'])}; {b['ropes_needed']} ropes"]
            if not b["complete"]
            else []
        )
        floors += [
            f"floor {b['floor'] + 1 + k}: {', '.join(' or '.join(x.replace('_', ' ') for x in sp) for sp in f)}"
            for k, f in enumerate(b["later_floors"])
        ]
        tip = f"{b['name']} (building {b['id']}), {state}. " + "; ".join(floors)
        body = [kit.title(tip), kit.rect(12, y, kit.NARROW - 24, h - 6, "#f5f0e6", "#6b5b3e", 1.2, 7)]
        body.append(kit.text(22, y + 18, b["name"], 14, bold=True))
        body.append(
            kit.text(
                kit.NARROW - 22,
                y + 18,
                state,
                12,
                "#1e5631" if b["complete"] else ("#5f5140" if b["mortar"] else "#a23b00"),
                anchor="end",
            )
        )
        for f in range(b["floors"]):
            fy = y + 26 + 20 * (b["floors"] - 1 - f)
            done = f < b["floor"] or b["complete"]
            now = f == b["floor"] and not b["complete"]
            fill = "#b8a37a" if done else ("#f4d58d" if now else "#ece6d6")
            body.append(kit.rect(22, fy, 40, 17, fill, "#6b5b3e", 1, 2))
            body.append(kit.text(42, fy + 13, str(f), 12, anchor="middle"))
            if now:
                x = 72
                for need in b["needs"]:
                    kind = need["filled"] or need["accepts"][0]
                    faded = "" if need["filled"] else ' opacity="0.45"'
                    body.append(f"<g{faded}>{kit.icon(kind, x + 7, fy + 8, 7, _need(need))}</g>")
                    x += 19
                if b["ropes_needed"]:
                    body.append(kit.icon("rope", x + 9, fy + 8, 7, f"{b['ropes_needed']} ropes needed on the crane"))
                    body.append(kit.text(x + 19, fy + 13, str(b["ropes_needed"]), 12, bold=True))
        if action:
            body.append(kit.rect(10, y - 2, kit.NARROW - 20, h - 2, "none", rx=8, extra=' class="bk-hl"'))
        label = next((a.label for a in legal if a.id == action), "")
        panel.add(kit.clickable(action, "".join(body), label))
        y += h
    if obs["mill"]:
        needs = ", ".join(_need(n) for n in obs["mill"]["needs"])
        panel.y = y
        panel.paragraph("Mill: " + ("built" if obs["mill"]["built"] else f"needs {needs}"), 13)
        y = panel.y
    panel.y = y
    return panel.svg()


def _time_panel(obs: dict[str, Any]) -> str:
    panel = kit.Panel(
        kit.NARROW,
        "Time track and the event",
        "info",
        f"Year {obs['year']}",
        _round_text(obs),
    )
    y = panel.y
    for i in range(obs["rounds"]):
        year = obs["first_year"] + i
        x, yy = 12 + (i % 6) * 54, y + (i // 6) * 30
        now = year == obs["year"]
        past = year < obs["year"]
        tip = f"Year {year}" + (": a visitor comes out of the bag" if year in obs["bag_years"] else "")
        panel.add(
            f"<g>{kit.title(tip)}"
            + kit.rect(
                x, yy, 50, 25, "#f4d58d" if now else ("#d8cdb6" if past else "#f5f0e6"), "#7a6a4f", 2 if now else 1, 4
            )
            + kit.text(x + 25, yy + 17, str(year), 12, bold=now, anchor="middle")
            + "</g>"
        )
        if year in obs["bag_years"]:
            panel.add(f'<circle cx="{x + 46}" cy="{yy + 4}" r="5" fill="#7a5230"><title>{tip}</title></circle>')
    panel.y = y + ((obs["rounds"] + 5) // 6) * 30 + 6
    event = obs["event"]
    if event:
        panel.add(kit.text(12, panel.y + 14, f"Event {event['number']}: {event['name']}", 14, bold=True))
        panel.y += 20
        panel.paragraph(event["text"], 13)
    coming = [year for year in obs["bag_years"] if year > obs["year"]]
    panel.paragraph(
        f"Bag: {len(obs['bag'])} visitors"
        + (f", next bag year {coming[0]}" if coming else ", no bag year left")
        + f". Event deck: {obs['deck']} cards.",
        13,
        kit.MUTED,
    )
    return panel.svg()


def _status(obs: dict[str, Any]) -> str:
    if obs["phase"] == "over":
        return "The game is over."
    worker = obs["turn"]["worker"]
    who = ", ".join(_seat_name(obs, s) for s in obs["to_move"])
    if worker is None:
        return f"{who}: the event's choices."
    pawn = _pawn_name(obs, obs["workers"][worker])
    stage = ("before the move", "at the location's action", "after the action", "Rebelote action")[obs["turn"]["stage"]]
    carts = obs["turn"]["cart_actions"]
    return f"{who}, moving {pawn[0].lower() + pawn[1:]}: {stage}; cart actions left {carts}."


def _board_panel(obs: dict[str, Any], board: dict[str, Any], role: str) -> str:
    who = "The apprentice" if board["apprentice"] else _seat_name(obs, board["seat"])
    colour = APPRENTICE if board["apprentice"] else SEAT_COLOURS[board["seat"] % len(SEAT_COLOURS)]
    aside = _route_text(obs["apprentice_colour"]) if board["apprentice"] else ""
    panel = kit.Panel(kit.NARROW, f"{who}'s board", role, frame=colour)
    panel.add(kit.rect(0, 0, kit.NARROW, 6, colour, rx=3))
    panel.y = 4
    panel.heading(who if who != "You" else f"You (seat {board['seat']})", aside)
    y = panel.y + 4
    for name, value, icon in (("Experience", board["experience"], "experience"), ("Tools", board["tools"], "tools")):
        panel.add(kit.icon(icon, 22, y + 8, 8, name), kit.text(36, y + 13, name, 13))
        for k in range(6):
            filled = k < value
            panel.add(kit.rect(120 + k * 26, y, 22, 18, colour if filled else "#fff", "#6b5b3e", 1, 3))
        panel.add(kit.text(290, y + 13, str(value), 14, bold=True))
        y += 26
    for label, tokens in _barrows(board):
        load = _tokens(tokens)
        panel.add(f"<g>{kit.title(f'{label}: {load}')}{kit.text(12, y + 13, label.capitalize(), 13)}</g>")
        row, _ = (
            _token_row(tokens, 160, y + 13)
            if any(tokens.values())
            else (kit.text(160, y + 13, "empty", 13, kit.MUTED), 0)
        )
        panel.add(row)
        y += 24
    panel.y = y
    return panel.svg()


@cache
def _legend() -> str:
    entries = [(kit.icon(m, 0, 0, 8), m.replace("_", " ").capitalize()) for m in MATERIALS]
    entries += [
        (kit.pawn(0, -3, 9, ROUTE_COLOURS["yellow"]), "A visitor standing: initiated"),
        ('<ellipse rx="9" ry="4.5" fill="#e0b400" stroke="#333"/>', "A visitor lying: not yet initiated"),
        (
            '<line x1="-10" y1="0" x2="10" y2="0" stroke="#c0392b" stroke-width="3" stroke-dasharray="6 4"/>',
            "Visitor routes (yellow, orange, red) to the castle",
        ),
        ('<line x1="-10" y1="0" x2="10" y2="0" stroke="#9b7b55" stroke-width="8" opacity="0.4"/>', "Cart paths"),
        (kit.pawn(0, -3, 9, APPRENTICE, "", "A"), "The apprentice (A); workers carry their seat's number"),
        (
            kit.rect(-10, -7, 20, 14, "none", "#0e8f8f", 3, 4),
            "A place you may click now (dashed cart: move the cart there)",
        ),
    ]
    return kit.legend(entries)


def render_svg(obs: dict[str, Any], legal: list[Action]) -> str | None:
    seat = obs["seat"]
    status = kit.Panel(kit.NARROW, "Whose turn", "info", "Guédelon")
    status.paragraph(_status(obs), 14, bold=True)
    panels = [_map_panel(obs, legal)]
    boards = obs["boards"]
    panels += [_board_panel(obs, b, "own") for b in boards if b["seat"] == seat and not b["apprentice"]]
    panels += [status.svg(), _castle_panel(obs, legal), _time_panel(obs)]
    panels += [_board_panel(obs, b, "other") for b in boards if b["seat"] != seat or b["apprentice"]]
    panels.append(_legend())
    who = "a spectator" if seat is None else _seat_name(obs, seat)
    return kit.board("guedelon", panels, f"Guédelon, round {obs['round']}, year {obs['year']}, seen by {who}")
