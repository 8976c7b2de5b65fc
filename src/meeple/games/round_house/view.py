"""What a player sees: the observation as terminal text, and as an SVG drawing of the round house
for the browser. Both read only the observation (and the seat's legal actions), so they cannot
show what the seat may not see. Clickable SVG elements carry `data-action` with a legal id."""

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from html import escape
from typing import Any

from meeple import svgkit as kit
from meeple.engine import Action
from meeple.games.round_house.content import load_content

COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#e67e22", "#8e44ad")
NEUTRAL = "#7f8c8d"
RESOURCE_COLOURS = {"tea": "#1f618d", "fruit": "#c0392b", "celadon": "#48c9b0", "gold": "#f1c40f"}
CENTRE = 330
RADII = {"inner": 125, "outer": 245}
TOWN_SPOTS = ((600, 55), (600, 610), (60, 610), (60, 55))  # top-right, bottom-right, bottom-left, top-left


def _who(owner: int) -> str:
    return "neutral" if owner < 0 else f"seat {owner}"


def _goods(goods: dict[str, int]) -> str:
    return " ".join(f"{name[0].upper()}{count}" for name, count in goods.items())


def _order(order: dict[str, Any]) -> str:
    cost = ", ".join(f"{n} {what}" for what, n in order["cost"].items())
    return f"for {cost} ({order['honor']} honor, {order['effect']})"


def render_text(observation: dict[str, Any]) -> str:
    """The table as text: the phase, every room with its leader, towns, hall, players, supplies."""
    o = observation
    lines = [
        f"The Round House - turn {o['turn']}, seat {o['current']} to play: {o['phase']}"
        + (f" ({o['task']['kind']})" if o["task"] else ""),
        f"Round marker {o['marker']}/{o['end_at']}" + (" - final turns" if o["ending"] else ""),
    ]
    at = {leader["node"]: _who(leader["owner"]) for leader in o["leaders"] if leader["node"]}
    in_hall = [_who(leader["owner"]) for leader in o["leaders"] if not leader["node"]]
    lines.append(f"Ancestral hall: {', '.join(in_hall) or '-'}")
    for room in o["rooms"]:
        chairs = [o["chairs"][c] for c in room["chairs"]]
        sitting = " ".join(
            f"[{_who(ch['owner']) if ch['owner'] >= 0 else ' '}{'*' if ch['senior'] else ''}]" for ch in chairs
        )
        spaces = "".join((s or ".")[0] for s in room["spaces"])
        lines.append(f"  {room['where']:8} {room['name']:22} {at.get(room['node'], ''):8} {sitting} {spaces}".rstrip())
    names = {room["node"]: room["where"] for room in o["rooms"]}
    stairs = ", ".join(f"{names[a]} -> {names[b]}" for a, b in o["stairs"])
    lines.append(f"Corridors run clockwise in each circle through the hall; stairs: {stairs}")
    lines += [f"  {room['name']}: {room['rewards']}" for room in o["rooms"] if room["rewards"]]
    lines += _hall_text(o)
    towns = o["towns"]
    lines.append(f"Merchant in the {towns[o['merchant']]} town; Money Lender {o['lender']} coins")
    temples = [t["reward"] for t in o["temples"] if t]
    lines.append(f"Temples: {'; '.join(temples) or 'all used'}")
    lines.append("Pirates: " + "; ".join(o["pirates"]))
    lines.append("Experts: " + "; ".join(f"{e['name']} ({e['text']})" for e in o["experts"]))
    lines.append("Orders: " + "; ".join(_order(d) for d in o["orders"]))
    lines.append("Amulets: " + ", ".join(a["name"] for a in o["amulets"]))
    lines.append(f"Supply: {_goods(o['supply'])}, bank {o['bank']}")
    for p in o["participants"]:
        lines.append(
            f"Seat {p['seat']}: honor {p['honor']} (total {p['score']['total']}), {p['coins']} coins, "
            f"{_goods(p['goods'])}, assistants {p['personal']} (supply {p['reserve']}), towns {p['towns']}, "
            f"hall seniors on {', '.join(_cell(o, s) for s in p['seniors']) or 'none'}"
        )
        held = [e["name"] for e in p["experts"]] + [f"order {_order(d)}" for d in p["orders"]]
        held += [f"done {d['id']}" for d in p["fulfilled"]] + [a["name"] for a in p["amulets"]]
        if held:
            lines.append("    " + ", ".join(held))
    lines += ["Log:", *(f"  {line}" for line in o["log"][-6:])]
    return "\n".join(lines)


def render_text_brief(o: dict[str, Any]) -> str:
    """The table in under twenty lines: the phase, the two circles side by side with their
    leaders, chairs and market spaces, each player on one line. The log, charts, the hall grid
    and the face-up supplies are in the whole board (`render_text`) and the glossary."""
    at = {leader["node"]: _who(leader["owner"]) for leader in o["leaders"] if leader["node"]}
    in_hall = Counter(_who(leader["owner"]) for leader in o["leaders"] if not leader["node"])
    hall = ", ".join(who.replace("seat ", "L") + (f" x{n}" if n > 1 else "") for who, n in in_hall.items()) or "-"
    lines = [
        f"The Round House - turn {o['turn']}, seat {o['current']} to play: {o['phase']}"
        + (f" ({o['task']['kind']})" if o["task"] else "")
        + f" - round marker {o['marker']}/{o['end_at']}"
        + (" - final turns" if o["ending"] else ""),
        f"In the ancestral hall: {hall}; merchant {o['towns'][o['merchant']]}; lender {o['lender']} coins",
    ]
    cells = []
    named = max(len(room["name"]) for room in o["rooms"])
    for room in o["rooms"]:
        chairs = "".join(_chair_mark(o["chairs"][c]) for c in room["chairs"])
        spaces = "".join((s or ".")[0] for s in room["spaces"])
        leader = at.get(room["node"], "").replace("seat ", "L")
        cells.append(f"{room['where']:7} {room['name']:{named}} {leader:3} {chairs}{spaces}".rstrip())
    half = len(cells) // 2
    width = max(len(cell) for cell in cells[:half])
    lines += [f"  {left:{width}} | {right}" for left, right in zip(cells[:half], cells[half:], strict=True)]
    lines.append("  (L0: seat 0's leader; [1]: seat 1's assistant, * senior; market spaces: t f c g, . empty)")
    for p in o["participants"]:
        held = [e["name"] for e in p["experts"]] + [d["id"] for d in p["orders"]] + [a["name"] for a in p["amulets"]]
        seniors = " ".join(_cell(o, s) for s in p["seniors"]) or "-"
        lines.append(
            f"Seat {p['seat']}: honor {p['honor']} ({p['score']['total']} all told), {p['coins']} coins, "
            f"{_goods(p['goods'])}, {p['personal']} assist., towns {'/'.join(map(str, p['towns']))},"
            f" seniors {seniors}" + (f"; {', '.join(held)}" if held else "")
        )
    lines.append("(board: the log, charts, hall grid, temples, pirates, experts, orders on offer; rules NAME: a rule)")
    return "\n".join(lines)


def _chair_mark(chair: dict[str, Any]) -> str:
    """A chair in the brief board: [seat] of the assistant on it (* senior), [ ] when empty."""
    return f"[{chair['owner'] if chair['owner'] >= 0 else ' '}{'*' if chair['senior'] else ''}]"


def _cell(o: dict[str, Any], space: int) -> str:
    row, column = divmod(space, o["hall"]["columns"])
    return f"r{row + 1}c{column + 1}"


def _spot_text(spot: dict[str, Any]) -> str:
    if spot["what"] == "amulet":
        return f"amulet {spot['amulet']['name']}" if spot["amulet"] else "(amulet taken)"
    return "1 order" if spot["what"] == "order" else "-"


def _hall_text(o: dict[str, Any]) -> list[str]:
    """The ancestral hall grid: each space's honor (and whose seniors sit there), the bonuses above
    and to the left, what lies below and to the right; the end-of-game amulet."""
    hall = o["hall"]
    seniors: dict[int, list[str]] = {}
    for p in o["participants"]:
        for space in p["seniors"]:
            seniors.setdefault(space, []).append(str(p["seat"]))
    lines = [
        "Ancestral hall grid (honor of each space, [seats with a senior there]); path from r1c1, connected spaces:",
        "  above: " + " | ".join(f"c{k + 1} {text}" for k, text in enumerate(hall["top"])),
    ]
    for row in range(hall["rows"]):
        cells = []
        for column in range(hall["columns"]):
            space = row * hall["columns"] + column
            who = ",".join(seniors.get(space, []))
            cells.append(f"{hall['honor'][space]}{'[' + who + ']' if who else ''}".ljust(8))
        right = _spot_text(hall["right"][row])
        lines.append(f"  r{row + 1} ({hall['left'][row]}): {' '.join(cells)} right: {right}")
    lines.append("  below: " + " | ".join(f"c{k + 1} {_spot_text(spot)}" for k, spot in enumerate(hall["below"])))
    end = o["end_amulet"]
    lines.append(f"  end-of-game space {o['end_at']}: {'amulet ' + end['name'] if end else 'taken'}")
    return lines


# --- the browser board -------------------------------------------------------------------------
#
# Panels (meeple.svgkit): the round house (two circles of rooms, the ancestral hall, the towns in
# the corners), the seat's own board, the other players, the hall grid with the temples, the
# face-up supplies as cards, the point track and a legend. Clickable places carry data-action.

INNER_FILL, OUTER_FILL = "#fdf2e9", "#eaf2f8"
MAP = 720
MID = MAP / 2
RING_R = {"inner": 166, "outer": 286}
CORNERS = ((MAP - 58, 36), (MAP - 58, MAP - 36), (58, MAP - 36), (58, 36))  # towns: TR, BR, BL, TL
GOODS = ("tea", "fruit", "celadon", "gold")
MUTED = "#5f5140"


@cache
def _room_rules() -> dict[str, str]:
    """Each room's rule text (its content note without the page reference), for its tooltip."""
    return {room.id: room.note.split(": ", 1)[-1] for room in load_content().rooms}


def _seat_colour(owner: int) -> str:
    return COLOURS[owner % len(COLOURS)] if owner >= 0 else NEUTRAL


def _name(o: dict[str, Any], seat: int) -> str:
    if seat < 0:
        return "a neutral leader"
    return "You" if seat == o["seat"] else f"Seat {seat}"


def _owners(o: dict[str, Any], seat: int) -> str:
    """A seat as the owner of a piece: "Your" for the viewer's, "Seat 2's" for another's."""
    return "Your" if seat == o["seat"] else f"Seat {seat}'s"


def _viewer(o: dict[str, Any], owners: Iterable[int]) -> int | None:
    """The viewer's seat if it is among `owners` (a piece of its own is shown, named "Your"),
    else None: a panel showing none of the viewer's pieces is drawn once for every seat."""
    seat = o["seat"]
    return seat if seat is not None and seat in owners else None


def _naming(legal: Sequence[Action], prefixes: tuple[str, ...]) -> list[Action]:
    """The choices among `legal` that a panel may show (their ids start with `prefixes`): the
    others leave it as every seat without them sees it."""
    return [action for action in legal if action.id.startswith(prefixes)]


def _goods_words(goods: dict[str, int]) -> str:
    return ", ".join(f"{n} {what}" for what, n in goods.items() if n) or "no goods"


def _order_name(order: dict[str, Any]) -> str:
    return f"Order for {_goods_words(order['cost'])}"


def _order_rule(order: dict[str, Any]) -> str:
    return f"{_order_name(order)}: {order['honor']} honor at the end; {order['effect']}"


def _ids(legal: list[Action]) -> set[str]:
    return {a.id for a in legal}


def _pick(ids: set[str], legal: list[Action], *candidates: str, prefix: str = "") -> str | None:
    for candidate in candidates:
        if candidate in ids:
            return candidate
    return _first(legal, prefix) if prefix else None


def _spot(node: int) -> tuple[float, float]:
    """Centre of a place: the hall at the top-left between the circles, rooms clockwise from it."""
    if node == 0:
        angle, radius = -135.0, (RING_R["inner"] + RING_R["outer"]) / 2
    else:
        angle = -135.0 + ((node - 1) % 6 + 1) * 360 / 7
        radius = RING_R["inner" if node <= 6 else "outer"]
    rad = math.radians(angle)
    return MID + radius * math.cos(rad), MID + radius * math.sin(rad)


def _first(legal: list[Action], prefix: str, suffix: str = "") -> str | None:
    for action in legal:
        if action.id.startswith(prefix) and action.id.endswith(suffix):
            return action.id
    return None


def _label(legal: list[Action], action: str | None) -> str:
    return next((a.label for a in legal if a.id == action), "")


def _leader_pawns(o: dict[str, Any], node: int, x: float, y: float) -> str:
    """The leaders standing on a place, in a row centred on (x, y); they let clicks through."""
    here = [leader for leader in o["leaders"] if leader["node"] == node]
    out = []
    for k, leader in enumerate(here):
        px = x + (k - (len(here) - 1) / 2) * 20
        tip = f"{_owners(o, leader['owner'])} leader" if leader["owner"] >= 0 else "Neutral leader"
        out.append(kit.pawn(px, y, 10, _seat_colour(leader["owner"]), tip))
    return f'<g class="bk-through">{"".join(out)}</g>' if out else ""


def _room(room: dict[str, Any], o: dict[str, Any], legal: tuple[Action, ...]) -> str:
    """A room from what it shows: its chairs, the leaders on it, the choices that name it, and
    the viewer's seat only if a piece here is the viewer's (else every seat sees it alike)."""
    node = room["node"]
    chairs = {chair: o["chairs"][chair] for chair in room["chairs"]}
    leaders = [leader for leader in o["leaders"] if leader["node"] == node]
    owners = {leader["owner"] for leader in leaders} | {chair["owner"] for chair in chairs.values()}
    invests = tuple(f"{kind}:{chair}" for chair in room["chairs"] for kind in ("invest", "call"))
    named = [
        action
        for action in legal
        if (action.id.startswith(("move:", "neutral:")) and action.id.endswith(f":{node}"))
        or action.id.startswith((f"copy:{node}", *invests))
    ]
    seen = {"chairs": chairs, "leaders": leaders, "seat": o["seat"] if o["seat"] in owners else None}
    return _room_drawn(room, seen, named)


@kit.drawn_once
def _room_drawn(room: dict[str, Any], o: dict[str, Any], legal: list[Action]) -> str:
    x, y = _spot(room["node"])
    w, h = 108, 80
    node = room["node"]
    target = (
        _first(legal, "move:", f":{node}") or _first(legal, "neutral:", f":{node}") or _first(legal, f"copy:{node}")
    )
    circle = "inner" if node <= 6 else "outer"
    rules = _room_rules().get(room["id"], "")
    tip = f"{room['name']} ({circle} circle): {rules}" + (f" Chart: {room['rewards']}" if room["rewards"] else "")
    lines = kit.wrap(room["name"], 13, w - 10, 2, bold=True)
    body = [kit.title(tip), kit.rect(-w / 2, -h / 2, w, h, INNER_FILL if node <= 6 else OUTER_FILL, "#6e2c00", 1.5, 9)]
    for i, line in enumerate(lines):
        body.append(kit.text(0, -h / 2 + 15 + 14 * i, line, 13, bold=True, anchor="middle"))
    spaces = room["spaces"]
    for i, token in enumerate(spaces):
        cx = (i - (len(spaces) - 1) / 2) * 11
        if token:
            body.append(kit.icon(token, cx, h / 2 - 9, 5.5, f"{token} on this market"))
        else:
            body.append(f'<circle cx="{kit.num(cx)}" cy="{kit.num(h / 2 - 9)}" r="4" fill="#fff" stroke="#aaa"/>')
    body.append(_leader_pawns(o, node, 0, 4))
    if target:
        body.append(kit.rect(-w / 2 - 3, -h / 2 - 3, w + 6, h + 6, "none", rx=12, extra=' class="bk-hl"'))
    chairs = []
    for k, chair in enumerate(room["chairs"]):
        seat = o["chairs"][chair]
        cx, cy = (k - 0.5) * (w - 24), 6
        owner = seat["owner"]
        side = "left" if k == 0 else "right"
        who = f"{_owners(o, owner)} {'senior ' if seat['senior'] else ''}assistant" if owner >= 0 else "empty"
        fill = _seat_colour(owner) if owner >= 0 else "#fff"
        square = kit.rect(cx - 8, cy - 8, 16, 16, fill, "#333", 3.5 if seat["senior"] else 1.2, 3)
        action = _first(legal, f"invest:{chair}") or _first(legal, f"call:{chair}")
        if action:
            square += kit.rect(cx - 11, cy - 11, 22, 22, "none", rx=5, extra=' class="bk-hl"')
        tip = kit.title(f"The {side} chair of {room['name']}: {who}")
        chairs.append(kit.clickable(action, tip + square, _label(legal, action)))
    return kit.group(x, y, kit.clickable(target, "".join(body), _label(legal, target)) + "".join(chairs))


def _map_panel(o: dict[str, Any], legal: list[Action]) -> str:
    """The rooms, the hall and the towns: one panel of parts each drawn once for every seat shown
    it alike (the ground, the hall's place, each room, each town), so a seat's own pieces and
    choices redraw only the parts that show them."""
    panel = kit.Panel(MAP, "The round house: rooms, the ancestral hall and the towns", "main")
    panel.apart(_ground(tuple(tuple(stair) for stair in o["stairs"])))
    at_hall = [leader for leader in o["leaders"] if leader["node"] == 0]
    hall_target = _first(legal, "move:", ":0")
    seen = {"leaders": at_hall, "seat": _viewer(o, (leader["owner"] for leader in at_hall))}
    panel.apart(_hall_place(seen, hall_target, _label(legal, hall_target)))
    choices = tuple(legal)
    for room in o["rooms"]:
        panel.apart(_room(room, o, choices))  # most rooms are as they were
    for town in range(len(CORNERS)):
        placed = tuple((p["seat"], p["towns"][town]) for p in o["participants"] if p["towns"][town])
        action = _first(legal, f"hall:{town}") or _first(legal, f"dispatch:{town}")
        viewer = _viewer(o, (seat for seat, _ in placed))
        panel.apart(_town(town, o["towns"][town], town == o["merchant"], placed, viewer, action, _label(legal, action)))
    return panel.svg(MAP)


@cache
def _ground(stairs: tuple[tuple[int, ...], ...]) -> str:
    """The circles, the corridor, the courtyard and the stairs (the same all game)."""
    parts = [
        f'<circle cx="{MID}" cy="{MID}" r="{RING_R["outer"] + 56}" fill="#e5d3b3" stroke="#6e2c00" stroke-width="2"/>',
        f'<circle cx="{MID}" cy="{MID}" r="{(RING_R["outer"] + RING_R["inner"]) / 2}" fill="none" stroke="#6e2c00" '
        'stroke-dasharray="5 5"><title>The corridor between the circles</title></circle>',
        f'<circle cx="{MID}" cy="{MID}" r="{RING_R["inner"] - 55}" fill="#d5f5e3" stroke="#6e2c00"/>',
        kit.text(MID, MID + 5, "courtyard", 14, "#1e5631", anchor="middle", italic=True),
    ]
    for start, end in stairs:
        (x1, y1), (x2, y2) = _spot(start), _spot(end)
        parts.append(
            f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#6e2c00" stroke-width="5" '
            'stroke-dasharray="2 4" opacity="0.55"><title>Stairs between the circles</title></line>'
        )
    return "".join(parts)


@kit.drawn_once
def _hall_place(o: dict[str, Any], target: str | None, label: str) -> str:
    """The ancestral hall's place on the map, the leaders standing there (`o`: those leaders, and
    the viewer's seat only if one is the viewer's), clickable when a leader may move there."""
    hx, hy = _spot(0)
    hall = (
        kit.title("The ancestral hall: leaders start here and return here")
        + kit.rect(hx - 56, hy - 34, 112, 68, "#fadbd8", "#922b21", 1.5, 12)
        + kit.text(hx, hy - 16, "Ancestral hall", 13, bold=True, anchor="middle")
        + _leader_pawns(o, 0, hx, hy + 6)
    )
    if target:
        hall += kit.rect(hx - 59, hy - 37, 118, 74, "none", rx=14, extra=' class="bk-hl"')
    return kit.clickable(target, hall, label)


@kit.drawn_once
def _town(
    town: int,
    name: str,
    merchant: bool,
    placed: tuple[tuple[int, int], ...],
    viewer: int | None,
    action: str | None,
    label: str,
) -> str:
    """A town at its corner: the merchant if here, each seat's assistants there (`placed`: seat,
    count; `viewer`: the viewer's seat only if it has assistants here), clickable when it is a choice."""
    x, y = CORNERS[town]
    tip = f"The {name} town" + (": the merchant is here" if merchant else "")
    parts = [
        kit.title(tip),
        kit.rect(x - 54, y - 30, 108, 60, "#fcf3cf" if merchant else "#f4f6f6", "#7d6608", 1.5, 8),
        kit.text(x, y - 12, name.replace("-", " ").capitalize(), 13, bold=True, anchor="middle"),
    ]
    if merchant:
        parts.append(kit.pawn(x - 42, y + 6, 8, "#7d6608", "The merchant"))
    o = {"seat": viewer}
    for k, (seat, count) in enumerate(placed):
        cx = x - (len(placed) - 1) * 13 + 26 * k
        tip = f"{_name(o, seat)}: {count} assistants in this town"
        parts.append(kit.token(cx, y + 12, 11, _seat_colour(seat), str(count), tip))
    if action:
        parts.append(kit.rect(x - 57, y - 33, 114, 66, "none", rx=10, extra=' class="bk-hl"'))
    return kit.clickable(action, "".join(parts), label)


def _goods_row(goods: dict[str, int], x: float, y: float) -> tuple[str, float]:
    out = []
    for what in GOODS:
        n = goods.get(what, 0)
        out.append(kit.icon(what, x + 8, y - 5, 8, f"{what}: {n}") + kit.text(x + 19, y, str(n), 14, bold=True))
        x += 44
    return "".join(out), x


def _player_panel(o: dict[str, Any], p: dict[str, Any], role: str) -> str:
    """A player's board (the viewer's seat in its arguments only on the viewer's own board)."""
    seen = {**kit.narrowed(o, "current", "to_move", "towns"), "seat": _viewer(o, (p["seat"],))}
    return _player_board(seen, p, role)


@kit.drawn_once
def _player_board(o: dict[str, Any], p: dict[str, Any], role: str) -> str:
    """A player's board (drawn once for every seat shown the same)."""
    seat = p["seat"]
    name = _name(o, seat)
    mark = " to play" if seat == o["current"] and o["to_move"] else ""
    panel = kit.Panel(kit.NARROW, f"{name}'s board", role, frame=_seat_colour(seat))
    panel.add(kit.rect(0, 0, kit.NARROW, 6, _seat_colour(seat), rx=3))
    panel.y = 4
    panel.heading(f"{name}{' (seat ' + str(seat) + ')' if name == 'You' else ''}", mark.strip())
    y = panel.y + 16
    panel.add(
        kit.icon("honor", 20, y - 5, 9, "Honor (point track)"),
        kit.text(34, y, f"{p['honor']}", 15, bold=True),
        kit.text(60, y, f"(total {p['score']['total']})", 13, MUTED),
        kit.icon("coin", 168, y - 5, 8, "Coins"),
        kit.text(181, y, str(p["coins"]), 15, bold=True),
        kit.token(232, y - 5, 9, _seat_colour(seat), "", "Assistants in the personal supply"),
        kit.text(246, y, f"{p['personal']} + {p['reserve']}", 14, bold=True),
    )
    y += 26
    row, _ = _goods_row(p["goods"], 12, y)
    panel.add(row)
    y += 8
    panel.y = y
    held = [
        *(f"Expert: {e['name']} ({e['text']})" for e in p["experts"]),
        *(f"{_order_rule(d)}" for d in p["orders"]),
        *(f"Done: {_order_name(d)} ({d['honor']} honor)" for d in p["fulfilled"]),
        *(f"Amulet: {a['name']} ({a['honor']} honor)" for a in p["amulets"]),
    ]
    towns = ", ".join(f"{n} in the {o['towns'][t]} town" for t, n in enumerate(p["towns"]) if n)
    if towns:
        held.append(f"Assistants in towns: {towns}")
    if p["seniors"]:
        held.append(f"Seniors in the hall on spaces {', '.join(str(s + 1) for s in p['seniors'])}")
    for line in held or ["Nothing held yet"]:
        panel.paragraph(line, 13, indent=12)
    panel.add(kit.text(12, panel.y + 14, "Assistants: personal supply + general supply", 12, "#5f5140"))
    panel.y += 22
    return panel.svg()


def _supply_card(
    w: float,
    h: float,
    name: str,
    rules: str,
    badge: str,
    kind: str,
    colour: str,
    light: str,
    action: str | None,
    legal: list[Action],
) -> str:
    body = kit.card_frame(w, h, name, colour, light, rules, f"{name}: {rules}", badge, kind)
    if action:
        body += kit.highlight(w, h, 7)
    return kit.clickable(action, body, _label(legal, action))


def _supplies_panel(o: dict[str, Any], legal: list[Action]) -> str:
    shown = _naming(legal, ("hire:", "pick-order:", "order:", "pick-amulet:", "amulet:", "deal:amulet:", "do:pirate:"))
    return _supplies(kit.narrowed(o, "experts", "orders", "amulets", "pirates"), shown)


@kit.drawn_once
def _supplies(o: dict[str, Any], legal: list[Action]) -> str:
    """The face-up experts, orders, amulets and pirate tiles as cards, clickable when taking one is legal."""
    ids = _ids(legal)
    clickable = False
    panel = kit.Panel(kit.NARROW, "Face-up supplies: experts, orders, amulets, pirate tiles", "info", "Supplies")
    cw, ch = 160, 96

    def card_at(k: int, card: str) -> str:
        return kit.group(12 + (k % 2) * (cw + 6), 0, card)

    experts = []
    for i, e in enumerate(o["experts"]):
        action = _pick(ids, legal, f"hire:{i}", prefix=f"hire:{i}:")
        experts.append(
            _supply_card(
                cw,
                ch,
                e["name"],
                e["text"],
                "",
                "expert, kept" if e["permanent"] else "expert, one use",
                "#7b3f1d",
                "#fbeee6",
                action,
                legal,
            )
        )
    orders = []
    for i, d in enumerate(o["orders"]):
        action = _pick(ids, legal, f"pick-order:{i}", f"order:{i}")
        orders.append(
            _supply_card(
                cw,
                ch,
                _order_name(d),
                f"{d['effect']}",
                str(d["honor"]),
                "order: pay to fulfil",
                "#1f618d",
                "#eaf2f8",
                action,
                legal,
            )
        )
    amulets = []
    for i, a in enumerate(o["amulets"]):
        action = _pick(ids, legal, f"pick-amulet:{i}", f"amulet:{i}", f"deal:amulet:{i}")
        amulets.append(
            _supply_card(
                cw,
                56,
                a["name"],
                f"{a['honor']} honor at the end",
                str(a["honor"]),
                "",
                "#b8860b",
                "#fcf3cf",
                action,
                legal,
            )
        )
    pirates = []
    for i, reward in enumerate(o["pirates"]):
        action = _pick(ids, legal, f"do:pirate:{i}")
        pirates.append(
            _supply_card(cw, 56, f"Pirate tile {i + 1}", reward, "", "", "#4a4a4a", "#eeeeee", action, legal)
        )
    rows = [("Experts", experts), ("Orders", orders), ("Amulets", amulets), ("Pirate tiles", pirates)]
    for heading, cards in rows:
        if not cards:
            continue
        clickable = clickable or any("data-action" in c for c in cards)
        panel.add(kit.text(12, panel.y + 14, heading, 14, bold=True))
        panel.y += 22
        for k in range(0, len(cards), 2):
            height = ch if heading in ("Experts", "Orders") else 56
            panel.add(
                kit.group(
                    0, panel.y, card_at(k, cards[k]) + (card_at(k + 1, cards[k + 1]) if k + 1 < len(cards) else "")
                )
            )
            panel.y += height + 8
    if clickable:
        panel.role = "choices"
    return panel.svg()


def _gain_mark(text: str, x: float, y: float, room: float) -> str:
    """A hall bonus: an icon and a number when it is "N <good>", else the words fitted; the
    whole text as tooltip."""
    count, _, what = text.partition(" ")
    if what in kit.ICONS and count.isdigit():
        return (
            f"<g>{kit.title(text)}{kit.icon(what, x + 8, y - 5, 7, '')}{kit.text(x + 18, y, count, 13, bold=True)}</g>"
        )
    return f"<g>{kit.title(text)}{kit.text(x, y, kit.fit(text, 12, room), 12)}</g>"


def _hall_panel(o: dict[str, Any], legal: list[Action]) -> str:
    """The hall grid and the temples (the viewer's seat in its arguments only if it has a senior
    there; of the players, only their seniors)."""
    seen = kit.narrowed(o, "hall", "marker", "end_at", "end_amulet", "temples")
    seen["participants"] = [{"seat": p["seat"], "seniors": p["seniors"]} for p in o["participants"]]
    seen["seat"] = _viewer(o, (p["seat"] for p in o["participants"] if p["seniors"]))
    return _hall(seen, _naming(legal, ("path:", "temple:")))


@kit.drawn_once
def _hall(o: dict[str, Any], legal: list[Action]) -> str:
    """The ancestral hall grid: honor per space, bonuses above columns and left of rows, what lies
    below and to the right, each seat's seniors, the path being walked; then the temples."""
    hall = o["hall"]
    size = 46
    panel = kit.Panel(
        kit.NARROW,
        "The ancestral hall grid and the temples",
        "main",
        "Ancestral hall",
        f"marker {o['marker']} of {o['end_at']}",
    )
    gx, gy = 106, panel.y + 22
    for column, bonus in enumerate(hall["top"]):
        panel.add(_gain_mark(bonus, gx + column * size + 4, gy - 6, size - 6))
    walk = hall["walk"]
    ids = _ids(legal)
    for row in range(hall["rows"]):
        panel.add(_gain_mark(hall["left"][row], 10, gy + row * size + 27, 92))
        for column in range(hall["columns"]):
            space = row * hall["columns"] + column
            x, y = gx + column * size, gy + row * size
            passed = walk is not None and walk["passed"] >> space & 1
            cell = (
                kit.title(f"Space {space + 1}: {hall['honor'][space]} honor for a senior here")
                + kit.rect(x, y, size - 4, size - 4, "#f5cba7" if passed else "#fbeee6", "#784212", 1.2, 4)
                + kit.icon("honor", x + 11, y + 12, 7, "")
                + kit.text(x + 21, y + 17, str(hall["honor"][space]), 13, bold=True)
            )
            seniors = [p["seat"] for p in o["participants"] if space in p["seniors"]]
            for k, s in enumerate(seniors):
                cell += kit.token(x + 9 + 11 * k, y + 32, 5, _seat_colour(s), "", f"{_owners(o, s)} senior assistant")
            target = f"path:{space}" if f"path:{space}" in ids else None
            if target:
                cell += kit.rect(x - 2, y - 2, size, size, "none", rx=5, extra=' class="bk-hl"')
            panel.add(kit.clickable(target, cell, _label(legal, target)))
    spots = [(gx + k * size + 21, gy + hall["rows"] * size + 12, s) for k, s in enumerate(hall["below"])]
    spots += [(gx + hall["columns"] * size + 14, gy + k * size + 21, s) for k, s in enumerate(hall["right"])]
    for x, y, spot in spots:
        if spot["what"] == "order":
            panel.add(kit.icon("order", x, y, 8, "An order card for the player whose path reaches here"))
        elif spot["what"] == "amulet":
            amulet = spot["amulet"]
            tip = f"Amulet {amulet['name']} ({amulet['honor']} honor)" if amulet else "Amulet space (taken)"
            panel.add(
                f'<circle cx="{x}" cy="{y}" r="8" fill="{"#d4ac0d" if amulet else "#fff"}" stroke="#7d6608">'
                f"<title>{escape(tip)}</title></circle>"
            )
    panel.y = gy + hall["rows"] * size + 30
    end = o["end_amulet"]
    panel.paragraph(f"End-of-game space {o['end_at']}: " + (f"amulet {end['name']}" if end else "amulet taken"), 13)
    panel.add(kit.text(12, panel.y + 16, "Temples", 15, bold=True))
    panel.y += 24
    for i, temple in enumerate(o["temples"]):
        action = _first(legal, f"temple:{i}")
        words = f"Temple {i + 1}: {temple['reward']}" if temple else f"Temple {i + 1}: used"
        body = kit.rect(12, panel.y, kit.NARROW - 24, 26, "#e8f8f5" if temple else "#dddddd", "#0e6655", 1, 5)
        body += kit.text(20, panel.y + 18, kit.fit(words, 13, kit.NARROW - 40), 13) + kit.title(words)
        if action:
            body += kit.rect(10, panel.y - 2, kit.NARROW - 20, 30, "none", rx=6, extra=' class="bk-hl"')
        panel.add(kit.clickable(action, body, _label(legal, action)))
        panel.y += 32
    return panel.svg()


@cache
def _track_spaces(icons: tuple[int, ...], top: float) -> str:
    """The spaces of the point track (the same all game: drawn once)."""
    cell = 32
    out = []
    for space in range(71):
        row, column = divmod(space, 10)
        x, y = 12 + column * cell, top + row * 30
        icon = space in icons
        out.append(kit.rect(x, y, cell - 2, 26, "#f9e79f" if icon else "#fdfefe", "#aaa", 0.8, 3))
        if space % 5 == 0:
            out.append(kit.text(x + 3, y + 14, str(space), 12, "#5f5140"))
        if icon:
            out.append(
                f"<g>{kit.title('Reaching this space: take an order or an amulet')}"
                f"{kit.icon('order', x + 22, y + 8, 5, '')}</g>"
            )
    return "".join(out)


def _track_panel(o: dict[str, Any]) -> str:
    """The point track 0-70 in rows of ten: the icon spaces marked, each seat's marker on its honor."""
    panel = kit.Panel(kit.NARROW, "The point track", "info", "Point track", "0 to 70")
    cell = 32
    top = panel.y + 4
    panel.add(_track_spaces(tuple(o["track_icons"]), top))
    for p in o["participants"]:
        honor = min(p["honor"], 70)
        row, column = divmod(honor, 10)
        panel.add(
            kit.token(
                12 + column * cell + 8 + 5 * p["seat"],
                top + row * 30 + 20,
                5,
                _seat_colour(p["seat"]),
                "",
                f"{_name(o, p['seat'])}: {p['honor']} honor",
            )
        )
    panel.y = top + 8 * 30
    return panel.svg()


def _status_panel(o: dict[str, Any]) -> str:
    panel = kit.Panel(kit.NARROW, "Turn and public supply", "info", f"Turn {o['turn']}")
    mover = _name(o, o["current"])
    panel.paragraph(
        f"{mover} {'are' if mover == 'You' else 'is'} playing: {o['phase']}"
        + (f" ({o['task']['kind']})" if o["task"] else "")
        + (". Final turns." if o["ending"] else "."),
        14,
        bold=True,
    )
    panel.paragraph(
        f"Money Lender: {o['lender']} coins. Bank: {o['bank']} coins. "
        f"Order deck {o['order_deck']}, expert deck {o['expert_deck']}, pirate stack {o['pirate_stack']}.",
        13,
    )
    row, _ = _goods_row(o["supply"], 12, panel.y + 14)
    panel.add(row)
    panel.y += 24
    return panel.svg()


def _legend(o: dict[str, Any]) -> str:
    return _legend_for(o["seat"], tuple(p["seat"] for p in o["participants"]))


@kit.drawn_once
def _legend_for(viewer: int | None, seats: tuple[int, ...]) -> str:
    """The legend: each seat's colour (the viewer's named "You"), then the symbols."""
    o = {"seat": viewer}
    entries = [
        (kit.token(0, 0, 8, _seat_colour(seat)), f"{_name(o, seat)} (seat {seat}): leaders, assistants, markers")
        for seat in seats
    ]
    entries += [
        (kit.token(0, 0, 8, NEUTRAL), "Neutral leaders"),
        (kit.pawn(0, -2, 9, "#999"), "A leader on a room (it acts there)"),
        (kit.rect(-9, -9, 18, 18, "#fff", "#333", 3.5, 3), "A chair beside a room; a thick frame holds a senior"),
        (
            '<line x1="-10" y1="0" x2="10" y2="0" stroke="#6e2c00" stroke-width="5" stroke-dasharray="2 4"/>',
            "Stairs between the circles",
        ),
        ("".join(kit.icon(g, -9 + 6 * i, 0, 5) for i, g in enumerate(GOODS)), "Goods: tea, fruit, celadon, gold"),
        (kit.icon("honor", 0, 0, 8), "Honor"),
        (kit.icon("order", 0, 0, 8), "An order (or a track space that gives one)"),
        (
            kit.rect(-10, -7, 20, 14, "none", "#0e8f8f", 3, 4),
            "A place you may click now",
        ),
    ]
    return kit.legend(entries)


def render_svg(observation: dict[str, Any], legal: list[Action]) -> str:
    """The round house as panels: the map, your board, the hall grid and temples, the supplies,
    the other players, the turn, the point track and the legend."""
    o = observation
    seat = o["seat"]
    panels = [_map_panel(o, legal)]
    mine = [p for p in o["participants"] if p["seat"] == seat]
    others = [p for p in o["participants"] if p["seat"] != seat]
    panels += [_player_panel(o, p, "own") for p in mine]
    panels += [_status_panel(o), _hall_panel(o, legal), _supplies_panel(o, legal)]
    panels += [_player_panel(o, p, "other") for p in others]
    panels += [_track_panel(o), _legend(o)]
    who = "a spectator" if seat is None else _name(o, seat)
    return kit.board("round-house", panels, f"The Round House, turn {o['turn']}, seen by {who}")
