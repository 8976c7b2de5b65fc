"""Lotta Rome drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation (and, for the SVG, the observing seat's legal actions), so it
can show nothing the seat may not see. In the SVG every clickable element carries
`data-action="<legal action id>"`: division and lot options, pieces to place next, the legal
hexes of the placement preview (dashed outlines in the seat's domain), free lands for an
elephant, contract cards, market lots.
"""

import math
from functools import cache
from typing import Any

from meeple import svgkit as kit
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


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _who(obs: dict[str, Any], p: int) -> str:
    return "You" if p == obs["seat"] else f"Seat {p}"


def _map(view: dict[str, Any], targets: list[str]) -> list[str]:
    """The domain as rows of hexes, 6 characters each, a row label `r=` on the left: the land
    letter, the building letter (. none), E for an elephant, `=a` on both halves of a double land.
    The hexes where the seat may place now show their coordinates q,r."""
    cells = {(c["q"], c["r"]): c for c in view["domain"]}
    tags = {}
    for number, (a, b) in enumerate(zip(view["joins"][::2], view["joins"][1::2], strict=True)):
        for where in (a, b):
            tags[geometry.coords(geometry.parse(where))] = "=" + chr(ord("a") + number % 26)
    spots = {geometry.coords(geometry.parse(where)): where for where in targets}
    everything = list(cells) + list(spots)
    if not everything:
        return ["    (empty)"]
    xs = [2 * q + r for q, r in everything]
    left = min(xs)
    rows: dict[int, list[str]] = {}
    for q, r in everything:
        c = cells.get((q, r))
        if c is None:
            text = spots[(q, r)]
        else:
            building = LETTERS[c["building"]].lower() if c["building"] else "."
            text = LETTERS[c["land"]] + building + ("E" if c["elephant"] else " ") + tags.get((q, r), "")
        line = rows.setdefault(r, [" "] * (3 * (max(xs) - left) + 6))
        start = 3 * (2 * q + r - left)
        line[start : start + len(text)] = text
    return [f"  r={r:>3}  " + "".join(rows.get(r, [])).rstrip() for r in range(min(rows), max(rows) + 1)]


BRIEF_LEGEND = (
    "Map: O olive grove, V vineyard, F field, T town, Q quarry; o v f t q: their buildings, * fort, E elephant"
)


def _contract(c: dict[str, Any] | str | None) -> str:
    if not isinstance(c, dict):
        return str(c)
    return f"#{c['number']} ({c['coins']} coins): {c['text']}"


def render_text_brief(obs: dict[str, Any]) -> str:
    """The table short enough for a terminal at five players: the market, every player's stock
    and what it is placing, the seat's own domain as a map; the others' maps and the recent
    events are in the whole board (`render_text`)."""
    return "\n".join(_text_lines(obs, brief=True))


def render_text(obs: dict[str, Any]) -> str:
    return "\n".join(_text_lines(obs, brief=False))


def _text_lines(obs: dict[str, Any], brief: bool) -> list[str]:
    lines = [
        f"Lotta Rome{' + The Merchants' if obs['merchants'] else ''} - round {obs['round']}/{obs['rounds']} - "
        f"{PHASES[obs['phase']]}",
        BRIEF_LEGEND
        if brief
        else "Map: O olive grove, V vineyard, F field, T town quarter, Q quarry; second letter a building "
        "(o oil mill, v winery, f mill, t theater, q workshop, * fort); E an elephant with tent; "
        "=a on both halves of a double land. A hex q,r: r is the row, q counts along it to the right; "
        "where you may place now the map shows q,r",
    ]
    if obs["merchants"]:
        lines.append(f"Contract deck {obs['deck']}, discard {obs['discard']}, elephants left {obs['elephants_left']}")
        for lot in obs["market"]:
            if lot is not None:
                extra = (f" + bonus {NAMES[lot['land']]}" if lot["land"] else "") + (" + a gem" if lot["gem"] else "")
                lines.append(f"  Market lot {lot['slot'] + 1}: double land {_piece(lot['double'])}{extra}")
    for p, view in enumerate(obs["players_view"]):
        lines.append(
            f"{_who(obs, p)}: {_count(view['gems'], 'gem')}, {_count(view['lands'], 'land')}, stack {view['stack']}"
        )
        if view["explored"]:
            lines.append(f"  explored: {_pieces(view['explored'])}")
        elif view["explored_count"]:
            lines.append(f"  explored {_count(view['explored_count'], 'land')} (behind the screen)")
        if view["lots"]:
            smaller, larger = view["lots"]
            lines.append(f"  lots: smaller {_pieces(smaller)} (+gem), larger {_pieces(larger)}")
        elif view["division"] == "sealed":
            lines.append("  has divided (sealed)")
        if view["choice"] is not None and obs["phase"] == "choose":
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
            if brief and p != obs["seat"] and view["contracts"]:
                lines.append("  contracts " + ", ".join(f"#{c['number']}" for c in view["contracts"]))
            else:
                lines += [f"  contract {_contract(c)}" for c in view["contracts"]]
        if p == obs["seat"] or not brief:
            lines += _map(view, obs["targets"] if p == obs["seat"] else [])
    if obs["final"]:
        lines.append("Final scores (buildings + gems + contracts = total, lands):")
        for p, f in enumerate(obs["final"]):
            lines.append(f"  {_who(obs, p)}: {f[0]} + {f[1]} + {f[2]} = {f[3]} ({f[4]} lands)")
    if brief:
        return [*lines, "(board: every domain and the recent events; rules NAME: a land, building or contract)"]
    return [*lines, "Recent events:", *(f"  {line}" for line in obs["log"][-8:])]


def contract_entries(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The contracts a panel shows, with what each is to its owner: the starting contract (its
    owner's, everyone's at the end), the contracts won in auctions, a revealed bid card, and the
    owner's hand."""
    entries = []
    if isinstance(view["start_contract"], dict):
        entries.append(("starting", view["start_contract"]))
    entries += [("won", c) for c in view["contracts"]]
    if isinstance(view["chosen"], dict) and not view["hand"]:
        entries.append(("chosen", view["chosen"]))
    entries += [("in hand", c) for c in view["hand"] or []]
    return entries


def contract_lines(view: dict[str, Any]) -> list[str]:
    """The contract entries as lines, a big hand cut short (the choices list every card)."""
    lines = [f"{kind} {_contract(c)}" for kind, c in contract_entries(view)]
    if len(lines) > MAX_CONTRACT_LINES:
        lines[MAX_CONTRACT_LINES - 1 :] = [f"... {len(lines) - MAX_CONTRACT_LINES + 1} more in hand"]
    return lines


# --- the browser board ------------------------------------------------------------------------
#
# Panels (meeple.svgkit): the seat's choices drawn as what they give (divisions and lots as rows of
# small hexes, pieces, contract cards, market lots), then each player's domain as a hex map with
# its gems, contracts and what it still has to place; a legend of lands and buildings. Every
# clickable element carries `data-action`: options, the legal hexes of the placement preview
# (dashed outlines in the seat's own domain), free lands for an elephant. Hex coordinates are never
# shown: a hex says what lies there.

MAX_CONTRACT_LINES = 12  # contract lines a panel lists, the rest summed up
INK = "#2b2118"
ACCENT = "#0e8f8f"
COLOURS = {"olive": "#8a9a3b", "vineyard": "#7b3f6e", "field": "#e3c25a", "town": "#c96f4a", "quarry": "#9a9a9a"}
INKS = {"olive": "#ffffff", "vineyard": "#ffffff", "field": INK, "town": "#ffffff", "quarry": INK}
SQRT3 = math.sqrt(3)


HEX_CORNERS = [(math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30))) for i in range(6)]


def _hex_points(x: float, y: float, size: float) -> str:
    return " ".join(f"{x + size * dx:.1f},{y + size * dy:.1f}" for dx, dy in HEX_CORNERS)


def _centre(q: int, r: int, size: float) -> tuple[float, float]:
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


def _article(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _tile_words(land: str, building: str | None, elephant: bool) -> str:
    words = NAMES[land] + (
        f" with {'a fort' if building == 'fort' else _article(BUILDINGS[building])}" if building else ""
    )
    return words + (", an elephant with tent" if elephant else "")


def _tile(x: float, y: float, size: float, land: str, building: str | None, elephant: bool) -> str:
    """A land hex centred on (x, y)."""
    return f'<g transform="translate({x:.1f},{y:.1f})">{_tile_shape(round(size, 1), land, building, elephant)}</g>'


@cache
def _tile_shape(size: float, land: str, building: str | None, elephant: bool) -> str:
    """A land hex at the origin: its colour, a building as a little house (a tower for a fort),
    an elephant; what lies there as its tooltip."""
    parts = [
        kit.title(_tile_words(land, building, elephant)),
        f'<polygon points="{_hex_points(0, 0, size)}" fill="{COLOURS[land]}" stroke="{INK}" stroke-width="1"/>',
    ]
    if building:
        s = size * 0.45
        parts.append(_house(0, 0, s, building))
        if size >= 20 and building != "fort":
            parts.append(kit.text(0, s * 0.65, LETTERS[building], 12, INKS.get(building, INK), True, "middle"))
    if elephant:
        parts.append(kit.icon("elephant", 0, 0, size * 0.55, ""))
    return "".join(parts)


def _house(x: float, y: float, s: float, building: str) -> str:
    """A building: a little house in the colour of the land it serves (a white one: a fort)."""
    fill = "#f2ece0" if building == "fort" else COLOURS[building]
    roof = (
        f"{x - s:.1f},{y - s * 0.2:.1f} {x:.1f},{y - s:.1f} {x + s:.1f},{y - s * 0.2:.1f} "
        f"{x + s:.1f},{y + s * 0.8:.1f} {x - s:.1f},{y + s * 0.8:.1f}"
    )
    return f'<polygon points="{roof}" fill="{fill}" stroke="#fff" stroke-width="1.5"/>'


def _mini(pieces: list[dict[str, Any]], x: float, y: float, size: float = 11) -> tuple[str, float]:
    """A row of small hexes for a lot (a double land as two joined hexes); returns its end."""
    out = []
    for p in pieces:
        for i, land in enumerate(p["lands"]):
            out.append(_tile(x, y, size, land, p["building"] if i == 0 else None, False))
            x += size * SQRT3
        x += size * 0.7
    return "".join(out), x


def _label(action: Action) -> str:
    """A placement's label as its hex's tooltip: the hex itself is where."""
    position = action.payload.get("position")
    return action.label if position is None else action.label.replace(geometry.describe(position), "here")


def _domain(view: dict[str, Any], w: float, h: float, legal: list[Action], top: float) -> str:
    """A domain as hexes fitted to w x h below `top`, the legal positions outlined and clickable."""
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
    size = min(26.0, w / span_x, h / span_y)
    cx = w / 2 - size * (max(p[0] for p in raw) + min(p[0] for p in raw)) / 2
    cy = top + h / 2 - size * (max(p[1] for p in raw) + min(p[1] for p in raw)) / 2
    out = []
    joins = view["joins"]
    for a, b in zip(joins[::2], joins[1::2], strict=True):
        (qa, ra), (qb, rb) = (geometry.coords(geometry.parse(p)) for p in (a, b))
        xa, ya = _centre(qa, ra, size)
        xb, yb = _centre(qb, rb, size)
        out.append(
            f'<line x1="{cx + xa:.1f}" y1="{cy + ya:.1f}" x2="{cx + xb:.1f}" y2="{cy + yb:.1f}" '
            f'stroke="{INK}" stroke-width="{size * 0.25:.1f}" stroke-opacity="0.25"><title>a double land</title></line>'
        )
    for c in view["domain"]:
        x, y = _centre(c["q"], c["r"], size)
        tile = _tile(cx + x, cy + y, size, c["land"], c["building"], c["elephant"])
        if c["q"] == c["r"] == 0:
            tile += kit.icon(
                "star", cx + x, cy + y - size * 0.62, size * 0.22, "The first land: places are named from it"
            )
        action = targets.pop((c["q"], c["r"]), None)
        if action is not None:
            tile += f'<polygon points="{_hex_points(cx + x, cy + y, size * 0.9)}" class="bk-hl"/>'
        out.append(kit.clickable(action.id if action else None, tile, _label(action) if action else ""))
    if view["half"] is not None:  # the first half of the double land being placed: its pair goes next to it
        q, r = geometry.coords(geometry.parse(view["half"]))
        x, y = _centre(q, r, size)
        out.append(
            f'<polygon points="{_hex_points(cx + x, cy + y, size * 0.9)}" fill="none" stroke="{ACCENT}" '
            f'stroke-width="3"><title>the first half just placed</title></polygon>'
        )
    for (q, r), action in sorted(targets.items()):
        x, y = _centre(q, r, size)
        outline = (
            f'<polygon points="{_hex_points(cx + x, cy + y, size * 0.92)}" fill="{ACCENT}" fill-opacity="0.15" '
            f'stroke="{ACCENT}" stroke-width="2" stroke-dasharray="4 3"/>'
        )
        out.append(kit.clickable(action.id, outline, _label(action)))
    return "".join(out)


def _contract_card(c: dict[str, Any], kind: str, w: float, action: Action | None = None) -> tuple[str, float]:
    lines = kit.wrap(c["text"], 13, w - 12, 4)
    h = 48 + 16 * len(lines)
    name = f"Contract {c['number']}"
    body = kit.card_frame(
        w,
        h,
        name,
        "#7a3e1d",
        "#fbf3d4",
        lines,
        f"{kind} #{c['number']} ({c['coins']} coins): {c['text']}",
        str(c["coins"]),
        kind,
    )
    if action is not None:
        body += kit.highlight(w, h, 7)
    return kit.clickable(action.id if action else None, body, action.label if action else ""), h


def _choices_panel(obs: dict[str, Any], legal: list[Action]) -> str:
    """The observing seat's choices that are not hexes of its domain, each drawn as what it gives."""
    seat = obs["seat"]
    me = obs["players_view"][seat] if seat is not None else None
    options = [a for a in legal if a.payload["kind"] not in ("place", "elephant")]
    captions = {
        "keep": "Keep one contract as your starting contract",
        "divide": "Divide your lands: the smaller lot (it gets a gem) above, the larger below",
        "choose": "Take one of your neighbour's lots",
        "piece": "Choose the piece to place next (then a dashed hex of your domain)",
        "bid": "Choose the contract to bid with",
        "lot": "Take a lot from the market",
    }
    panel = kit.Panel(kit.NARROW, "Your choices on the board", "choices", "Your choices")
    if not options:
        return ""
    for kind in dict.fromkeys(a.payload["kind"] for a in options):
        panel.paragraph(captions.get(kind, "Choose"), 13, kit.MUTED)
    w = kit.NARROW - 24
    for action in options:
        kind = action.payload["kind"]
        y = panel.y
        if kind in ("keep", "bid") and me is not None:
            card = next(
                (c for c in (me["hand"] or []) if isinstance(c, dict) and c["number"] == action.payload["number"]), None
            )
            if card is not None:
                body, h = _contract_card(card, "keep it" if kind == "keep" else "bid with it", w, action)
                panel.add(kit.group(12, y, body))
                panel.y += h + 10
                continue
        if kind == "divide" and me is not None:
            mask = action.payload["mask"]
            smaller = [p for i, p in enumerate(me["explored"]) if mask >> i & 1]
            larger = [p for i, p in enumerate(me["explored"]) if not mask >> i & 1]
            row1, _ = _mini(smaller, 34, y + 22)
            row2, _ = _mini(larger, 34, y + 50)
            gem = kit.icon("gem", 22, y + 22, 7, "the smaller lot gets a gem")
            body = kit.rect(12, y, w, 66, "#fff", ACCENT, 1, 6) + gem + row1 + row2
            if not smaller:
                body += kit.text(40, y + 27, "nothing", 13, kit.MUTED, italic=True)
            h = 66
        elif kind == "choose":
            maker = obs["players_view"][action.payload["maker"]]
            smaller, larger = maker["lots"] or [[], []]
            lot = smaller if action.payload["lot"] == "smaller" else larger
            row, _ = _mini(lot, 24, y + 40)
            words = f"Seat {action.payload['maker']}'s {action.payload['lot']} lot" + (
                " and a gem" if action.payload["lot"] == "smaller" else ""
            )
            body = kit.rect(12, y, w, 58, "#fff", ACCENT, 1, 6) + kit.text(20, y + 18, words, 13, bold=True) + row
            h = 58
        elif kind == "lot":
            lot = next(m for m in obs["market"] if m is not None and m["slot"] == action.payload["slot"])
            pieces = [lot["double"]] + ([{"lands": [lot["land"]], "building": None}] if lot["land"] else [])
            row, end = _mini(pieces, 24, y + 40)
            body = (
                kit.rect(12, y, w, 58, "#fff", ACCENT, 1, 6)
                + kit.text(20, y + 18, f"Market lot {lot['slot'] + 1}", 13, bold=True)
                + row
            )
            if lot["gem"]:
                body += kit.icon("gem", end + 8, y + 40, 7, "and a gem")
            h = 58
        else:
            lines = kit.wrap(_label(action), 13, w - 16, 3)
            h = 14 + 17 * len(lines)
            body = kit.rect(12, y, w, h, "#fff", ACCENT, 1, 6)
            body += "".join(kit.text(20, y + 19 + 17 * i, line, 13) for i, line in enumerate(lines))
        body += kit.rect(10, y - 2, w + 4, h + 4, "none", rx=8, extra=' class="bk-hl"')
        panel.add(kit.clickable(action.id, body, _label(action)))
        panel.y += h + 10
    return panel.svg()


def _player_panel(obs: dict[str, Any], p: int, legal: list[Action]) -> str:
    mine = p == obs["seat"]
    choosing = obs["phase"] == "choose"
    seen = (obs["players_view"][p], mine, _who(obs, p), p in obs["to_move"], choosing, bool(obs["merchants"]))
    return _domain_panel(*seen, p, list(legal) if mine else [])


@kit.drawn_once
def _domain_panel(
    view: dict[str, Any],
    mine: bool,
    name: str,
    moving: bool,
    choosing: bool,
    merchants: bool,
    p: int,
    legal: list[Action],
) -> str:
    """A player's domain, lots, contracts and choices (drawn once for every seat shown the same)."""
    panel = kit.Panel(kit.NARROW, f"{name}'s domain", "own" if mine else "other", frame=ACCENT if moving else "#d9cbb0")
    panel.heading(name if not mine else f"You (seat {p})", "to choose" if moving else "")
    y = panel.y + 4
    panel.add(kit.text(12, y + 5, _count(view["lands"], "land"), 14, bold=True))
    gems = kit.icon("gem", 130, y, 8, f"{view['gems']} gems") + kit.text(142, y + 5, str(view["gems"]), 14, bold=True)
    panel.add(gems)
    if merchants:
        panel.add(
            kit.icon("order", 190, y, 8, "Contracts"),
            kit.text(202, y + 5, f"{len(view['contracts'])} won, {view['hand_size']} in hand", 13),
        )
    panel.y = y + 14
    status = []
    if view["division"] == "sealed":
        status.append("has divided (sealed)")
    if view["choice"] is not None and choosing:
        status.append(f"chose: {view['choice']}")
    if merchants and view["bid"] is not None:
        status.append(f"bid {view['bid']}")
    if status:
        panel.paragraph("; ".join(status), 13, kit.MUTED)
    if view["lots"]:
        row1, _ = _mini(view["lots"][0], 120, panel.y + 12, 9)
        row2, _ = _mini(view["lots"][1], 120, panel.y + 36, 9)
        panel.add(
            kit.text(12, panel.y + 17, "smaller lot", 13), row1, kit.text(12, panel.y + 41, "larger lot", 13), row2
        )
        panel.y += 50
    if view["pending"] or view["holding"]:
        row, _ = _mini(([view["holding"]] if view["holding"] else []) + view["pending"], 100, panel.y + 12, 9)
        panel.add(kit.text(12, panel.y + 17, "to place", 13), row)
        panel.y += 28
    if view["explored"] and not view["lots"]:
        row, _ = _mini(view["explored"], 100, panel.y + 12, 9)
        panel.add(kit.text(12, panel.y + 17, "explored", 13), row)
        panel.y += 28
    panel.add(_domain(view, kit.NARROW, 250, legal, panel.y))
    panel.y += 258
    entries = contract_entries(view) if merchants else []
    for kind, card in entries[: MAX_CONTRACT_LINES - 1 if len(entries) > MAX_CONTRACT_LINES else None]:
        body, h = _contract_card(card, kind, kit.NARROW - 24)
        panel.add(kit.group(12, panel.y, body))
        panel.y += h + 8
    if len(entries) > MAX_CONTRACT_LINES:
        panel.paragraph(f"... {len(entries) - MAX_CONTRACT_LINES + 1} more in hand", 13, kit.MUTED)
    return panel.svg()


def _market_panel(obs: dict[str, Any]) -> str:
    panel = kit.Panel(kit.NARROW, "The contract market", "info", "Market", f"{obs['elephants_left']} elephants left")
    for lot in obs["market"]:
        if lot is None:
            continue
        pieces = [lot["double"]] + ([{"lands": [lot["land"]], "building": None}] if lot["land"] else [])
        row, end = _mini(pieces, 110, panel.y + 12)
        panel.add(kit.text(12, panel.y + 17, f"Lot {lot['slot'] + 1}", 13, bold=True), row)
        if lot["gem"]:
            panel.add(kit.icon("gem", end + 8, panel.y + 12, 7, "and a gem"))
        panel.y += 30
    panel.paragraph(f"Contract deck {obs['deck']}, discard {obs['discard']}.", 13, kit.MUTED)
    return panel.svg()


def _status_panel(obs: dict[str, Any]) -> str:
    title = "Lotta Rome" + (" + The Merchants" if obs["merchants"] else "")
    panel = kit.Panel(kit.NARROW, "Round and phase", "info", title, f"round {obs['round']} of {obs['rounds']}")
    panel.paragraph(PHASES[obs["phase"]].lstrip("0123456789 "), 14, bold=True)
    if obs["final"]:
        for p, f in enumerate(obs["final"]):
            panel.paragraph(
                f"{_who(obs, p)}: {f[3]} points ({f[0]} buildings + {f[1]} gems + {f[2]} contracts), {f[4]} lands", 13
            )
    return panel.svg()


@cache
def _legend() -> str:
    entries = [(_tile(0, 0, 10, land, None, False), name.capitalize()) for land, name in NAMES.items()]
    entries += [
        (
            _house(0, 0, 9, building),
            f"{BUILDINGS[building].capitalize()} ({LETTERS[building]}): serves {NAMES[building]}s",
        )
        for building in NAMES
    ]
    entries += [
        (_house(0, 0, 9, "fort"), "Fort"),
        (_tile(0, 0, 10, "field", None, True), "An elephant with tent"),
        (kit.icon("gem", 0, 0, 8), "Gem"),
        (
            f'<polygon points="{_hex_points(0, 0, 10)}" fill="{ACCENT}" fill-opacity="0.15" stroke="{ACCENT}" '
            'stroke-width="2" stroke-dasharray="4 3"/>',
            "Where you may place now",
        ),
    ]
    return kit.legend(entries)


def render_svg(obs: dict[str, Any], legal: list[Action]) -> str:
    seat = obs["seat"]
    panels = [_player_panel(obs, seat, legal)] if seat is not None else []
    panels += [_choices_panel(obs, legal), _status_panel(obs)]
    if obs["merchants"]:
        panels.append(_market_panel(obs))
    panels += [_player_panel(obs, p, legal) for p in range(obs["players"]) if p != seat]
    panels.append(_legend())
    who = "a spectator" if seat is None else _who(obs, seat)
    return kit.board("lotta-rome", panels, f"Lotta Rome, round {obs['round']} of {obs['rounds']}, seen by {who}")
