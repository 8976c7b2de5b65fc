"""What a player sees: the observation as terminal text, and as an SVG drawing of the round house
for the browser. Both read only the observation (and the seat's legal actions), so they cannot
show what the seat may not see. Clickable SVG elements carry `data-action` with a legal id."""

import math
from html import escape
from typing import Any

from meeple.engine import Action

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
    return f"{order['id']} (pay {cost}: {order['honor']} honor, {order['effect']})"


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


def _spot(node: int) -> tuple[float, float]:
    """Centre of a node: the hall at the top-left, rooms clockwise from it, 7 slots per circle."""
    if node == 0:
        angle, radius = -135.0, (RADII["inner"] + RADII["outer"]) / 2
    else:
        ring = "inner" if node <= 6 else "outer"
        angle, radius = -135.0 + ((node - 1) % 6 + 1) * 360 / 7, RADII[ring]
    rad = math.radians(angle)
    return CENTRE + radius * math.cos(rad), CENTRE + radius * math.sin(rad)


def _first(legal: list[Action], prefix: str, suffix: str = "") -> str | None:
    for action in legal:
        if action.id.startswith(prefix) and action.id.endswith(suffix):
            return action.id
    return None


def _clickable(action_id: str | None, body: str) -> str:
    if action_id is None:
        return body
    return f'<g class="clickable" data-action="{escape(action_id)}" style="cursor:pointer">{body}</g>'


def _room(room: dict[str, Any], o: dict[str, Any], legal: list[Action]) -> str:
    x, y = _spot(room["node"])
    w, h = (104, 62) if room["size"] != "small" else (92, 56)
    node = room["node"]
    target = _first(legal, "move:", f":{node}") or _first(legal, "neutral:", f":{node}")
    target = target or _first(legal, f"copy:{node}")
    parts = [
        f'<rect x="{x - w / 2:.0f}" y="{y - h / 2:.0f}" width="{w}" height="{h}" rx="8" '
        f'fill="{"#fdf2e9" if node <= 6 else "#eaf2f8"}" stroke="#6e2c00"/>',
        f'<text x="{x:.0f}" y="{y - h / 2 + 13:.0f}" font-size="10" text-anchor="middle">{escape(room["name"])}</text>',
    ]
    for i, token in enumerate(room["spaces"]):
        cx = x - w / 2 + 8 + i * 10
        fill = RESOURCE_COLOURS.get(token or "", "white")
        parts.append(f'<circle cx="{cx:.0f}" cy="{y + h / 2 - 8:.0f}" r="4" fill="{fill}" stroke="#999"/>')
    body = _clickable(target, "".join(parts))
    chairs = []
    for k, chair in enumerate(room["chairs"]):
        seat = o["chairs"][chair]
        cx, cy = x - 20 + 40 * k, y + h / 2 + 10
        fill = COLOURS[seat["owner"]] if seat["owner"] >= 0 else "white"
        width = 3 if seat["senior"] else 1
        square = (
            f'<rect x="{cx - 7:.0f}" y="{cy - 7:.0f}" width="14" height="14" fill="{fill}" stroke="#333" '
            f'stroke-width="{width}"/>'
        )
        chairs.append(_clickable(_first(legal, f"invest:{chair}") or _first(legal, f"call:{chair}"), square))
    return body + "".join(chairs)


def _stairs(o: dict[str, Any]) -> str:
    """Stairs between the circles: a dashed arrow from room to room, clockwise."""
    out = []
    for start, end in o["stairs"]:
        (x1, y1), (x2, y2) = _spot(start), _spot(end)
        out.append(
            f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#6e2c00" stroke-width="3" '
            'stroke-dasharray="2 3" opacity="0.6"><title>stairs</title></line>'
        )
    return "".join(out)


def _track(o: dict[str, Any], x0: int, y0: int) -> str:
    """The point track 0-70 (icons: an order or an amulet), each seat's assistant on its honor."""
    out = [f'<text x="{x0}" y="{y0 - 4}" font-size="10">Point track (icons: order or amulet)</text>']
    for space in range(71):
        x = x0 + space * 4.6
        icon = space in o["track_icons"]
        out.append(
            f'<rect x="{x:.1f}" y="{y0}" width="4.6" height="10" fill="{"#f9e79f" if icon else "#fdfefe"}" '
            'stroke="#aaa" stroke-width="0.3"/>'
        )
    for p in o["participants"]:
        x = x0 + min(p["honor"], 70) * 4.6 + 2.3
        out.append(f'<circle cx="{x:.1f}" cy="{y0 + 15 + 5 * p["seat"]}" r="2.5" fill="{COLOURS[p["seat"]]}"/>')
    return "".join(out)


def _leaders(o: dict[str, Any]) -> str:
    out = []
    hall_count = 0
    for i, leader in enumerate(o["leaders"]):
        x, y = _spot(leader["node"])
        if leader["node"] == 0:
            x, y = x - 30 + 15 * (hall_count % 5), y + 10 + 14 * (hall_count // 5)
            hall_count += 1
        else:
            y -= 6
        colour = COLOURS[leader["owner"]] if leader["owner"] >= 0 else NEUTRAL
        out.append(
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="7" fill="{colour}" stroke="black"><title>leader {i}</title></circle>'
        )
    return "".join(out)


def _towns(o: dict[str, Any], legal: list[Action]) -> str:
    out = []
    for town, (x, y) in enumerate(TOWN_SPOTS):
        merchant = town == o["merchant"]
        parts = [
            f'<rect x="{x - 45}" y="{y - 22}" width="90" height="44" rx="6" '
            f'fill="{"#fcf3cf" if merchant else "#f4f6f6"}" stroke="#7d6608"/>',
            f'<text x="{x}" y="{y - 8}" font-size="10" text-anchor="middle">{escape(o["towns"][town])}'
            f"{' (merchant)' if merchant else ''}</text>",
        ]
        for p in o["participants"]:
            count = p["towns"][town]
            if count:
                cx = x - 35 + 16 * p["seat"]
                parts.append(
                    f'<circle cx="{cx}" cy="{y + 9}" r="6" fill="{COLOURS[p["seat"]]}"/>'
                    f'<text x="{cx}" y="{y + 12}" font-size="8" fill="white" text-anchor="middle">{count}</text>'
                )
        out.append(_clickable(_first(legal, f"hall:{town}"), "".join(parts)))
    return "".join(out)


def _hall(o: dict[str, Any], legal: list[Action], x0: int, y0: int) -> str:
    """The ancestral hall grid (read from the observation): each space's honor, the bonuses above
    and to the left, the amulets or order below and to the right, each seat's seniors, the path
    being walked (spaces clickable when they are the next step), and the temples."""
    hall = o["hall"]
    size = 28
    out = [f'<text x="{x0}" y="{y0 - 6}" font-size="11">Ancestral hall (marker {o["marker"]}/{o["end_at"]})</text>']
    gx, gy = x0 + 40, y0 + 12
    for column, text in enumerate(hall["top"]):
        out.append(f'<text x="{gx + column * size + 2}" y="{gy - 2}" font-size="6">{escape(text[:9])}</text>')
    for row, text in enumerate(hall["left"]):
        out.append(f'<text x="{x0}" y="{gy + row * size + 16}" font-size="6">{escape(text[:11])}</text>')
    walk = hall["walk"]
    for space, honor in enumerate(hall["honor"]):
        row, column = divmod(space, hall["columns"])
        x, y = gx + column * size, gy + row * size
        passed = walk is not None and walk["passed"] >> space & 1
        cell = (
            f'<rect x="{x}" y="{y}" width="{size - 2}" height="{size - 2}" '
            f'fill="{"#f5cba7" if passed else "#fbeee6"}" stroke="#784212"/>'
            f'<text x="{x + 3}" y="{y + 9}" font-size="8">{honor}</text>'
        )
        target = f"path:{space}" if any(a.id == f"path:{space}" for a in legal) else None
        out.append(_clickable(target, cell))
        for p in o["participants"]:
            if space in p["seniors"]:
                out.append(f'<circle cx="{x + 5 + 5 * p["seat"]}" cy="{y + 19}" r="2.5" fill="{COLOURS[p["seat"]]}"/>')
    spots = [(gx + k * size + 13, gy + hall["rows"] * size + 8, s) for k, s in enumerate(hall["below"])]
    spots += [(gx + hall["columns"] * size + 8, gy + k * size + 13, s) for k, s in enumerate(hall["right"])]
    for x, y, spot in spots:
        if spot["what"] == "order":
            out.append(f'<text x="{x - 8}" y="{y + 3}" font-size="7">order</text>')
        elif spot["what"] == "amulet":
            fill = "#d4ac0d" if spot["amulet"] else "white"
            name = escape(spot["amulet"]["name"]) if spot["amulet"] else "taken"
            out.append(f'<circle cx="{x}" cy="{y}" r="6" fill="{fill}" stroke="#7d6608"><title>{name}</title></circle>')
    tx = x0 + 40 + (hall["columns"] + 1) * size
    for i, temple in enumerate(o["temples"]):
        label = escape(temple["reward"]) if temple else "used"
        body = (
            f'<rect x="{tx}" y="{y0 + i * 26}" width="150" height="22" fill="{"#e8f8f5" if temple else "#ddd"}" '
            f'stroke="#0e6655"/><text x="{tx + 4}" y="{y0 + i * 26 + 15}" font-size="9">Temple: {label}</text>'
        )
        out.append(_clickable(_first(legal, f"temple:{i}"), body))
    return "".join(out)


def _players(o: dict[str, Any], x0: int, y0: int) -> str:
    out = []
    for p in o["participants"]:
        y = y0 + p["seat"] * 62
        colour = COLOURS[p["seat"]]
        mark = " (to play)" if p["seat"] == o["current"] else ""
        out.append(
            f'<rect x="{x0}" y="{y}" width="300" height="58" rx="5" fill="white" stroke="{colour}" stroke-width="2"/>'
        )
        out.append(
            f'<text x="{x0 + 6}" y="{y + 14}" font-size="11" fill="{colour}">Seat {p["seat"]}{mark}: honor '
            f"{p['honor']} (total {p['score']['total']}), {p['coins']} coins, {escape(_goods(p['goods']))}</text>"
        )
        out.append(
            f'<text x="{x0 + 6}" y="{y + 29}" font-size="9">assistants {p["personal"]}, supply {p["reserve"]}; '
            f"amulets {len(p['amulets'])}; orders {len(p['orders'])} held, {len(p['fulfilled'])} done</text>"
        )
        experts = ", ".join(e["name"] for e in p["experts"]) or "no experts"
        out.append(f'<text x="{x0 + 6}" y="{y + 44}" font-size="9">{escape(experts)}</text>')
    return "".join(out)


def _supplies(o: dict[str, Any], legal: list[Action], x0: int, y0: int) -> str:
    """The face-up supplies as cards: experts, orders, amulets and pirate tiles, each clickable
    when taking it is a legal choice now."""
    rows = (
        ("Experts", [f"{e['name']}: {e['text']}" for e in o["experts"]], ("hire:{}",)),
        ("Orders", [_order(d) for d in o["orders"]], ("pick-order:{}", "order:{}")),
        (
            "Amulets",
            [f"{a['name']} ({a['honor']})" for a in o["amulets"]],
            ("pick-amulet:{}", "amulet:{}", "deal:amulet:{}"),
        ),
        ("Pirates", o["pirates"], ("do:pirate:{}",)),
    )
    out = []
    for r, (title, cards, patterns) in enumerate(rows):
        y = y0 + r * 22
        out.append(f'<text x="{x0}" y="{y + 12}" font-size="10">{title}</text>')
        for i, card in enumerate(cards):
            ids = {a.id for a in legal}
            target = next((p.format(i) for p in patterns if p.format(i) in ids), None)
            if target is None:
                target = _first(legal, patterns[0].format(i) + ":")  # hire:i:slot with 3 experts held
            body = (
                f'<rect x="{x0 + 55 + i * 200}" y="{y}" width="196" height="18" rx="3" fill="#fef9e7" '
                'stroke="#b7950b"/>'
                f'<text x="{x0 + 59 + i * 200}" y="{y + 12}" font-size="8">{escape(card[:44])}'
                f"<title>{escape(card)}</title></text>"
            )
            out.append(_clickable(target, body))
    return "".join(out)


def _actions(legal: list[Action], x0: int, y0: int) -> str:
    """Every legal action as a clickable line (cards, tiles and choices that have no place on the map)."""
    out = []
    for i, action in enumerate(legal[:40]):
        y = y0 + i * 15
        body = (
            f'<rect x="{x0}" y="{y - 11}" width="330" height="14" fill="#f8f9f9" stroke="#ccc"/>'
            f'<text x="{x0 + 4}" y="{y}" font-size="9">{escape(action.label[:70])}</text>'
        )
        out.append(_clickable(action.id, body))
    return "".join(out)


def render_svg(observation: dict[str, Any], legal: list[Action]) -> str:
    """The round house: two circles of rooms around the courtyard, the hall top-left, towns in the
    corners; beside it the hall grid and temples, the player boards, supplies and the choices."""
    o = observation
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1040 1150" width="1040" height="1150" '
        'font-family="sans-serif">',
        '<rect x="0" y="0" width="660" height="660" fill="#f5eee6"/>',
        f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{RADII["outer"] + 45}" fill="#e5d3b3" stroke="#6e2c00"/>',
        f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{(RADII["outer"] + RADII["inner"]) / 2}" fill="none" stroke="#6e2c00" '
        'stroke-dasharray="4 4"/>',
        f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{RADII["inner"] - 45}" fill="#d5f5e3" stroke="#6e2c00"/>',
        f'<text x="{CENTRE}" y="{CENTRE}" font-size="11" text-anchor="middle">courtyard</text>',
    ]
    hx, hy = _spot(0)
    hall_target = _first(legal, "move:", ":0")
    parts.append(
        _clickable(
            hall_target,
            f'<rect x="{hx - 45:.0f}" y="{hy - 28:.0f}" width="90" height="56" rx="10" fill="#fadbd8" '
            'stroke="#922b21"/>'
            f'<text x="{hx:.0f}" y="{hy - 14:.0f}" font-size="10" text-anchor="middle">Ancestral hall</text>',
        )
    )
    parts.append(_stairs(o))
    parts += [_room(room, o, legal) for room in o["rooms"]]
    parts += [_leaders(o), _towns(o, legal)]
    parts.append(
        f'<text x="10" y="690" font-size="11">Turn {o["turn"]}: seat {o["current"]}, {escape(o["phase"])}'
        f"{' - ' + escape(o['task']['kind']) if o['task'] else ''}; Money Lender {o['lender']}; "
        f"supply {escape(_goods(o['supply']))}, bank {o['bank']}</text>"
    )
    parts.append(_supplies(o, legal, 10, 700))
    for i, line in enumerate(o["log"][-8:]):
        parts.append(f'<text x="10" y="{800 + i * 13}" font-size="9" fill="#555">{escape(line[:110])}</text>')
    parts.append(_track(o, 10, 925))
    parts.append(_hall(o, legal, 690, 30))
    parts.append(_players(o, 690, 200))
    parts.append(_actions(legal, 690, 530))
    parts.append("</svg>")
    return "".join(parts)
