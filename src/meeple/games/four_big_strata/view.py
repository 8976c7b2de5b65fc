"""Four Big Strata drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation, so it can show nothing the seat may not see.
"""

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from meeple import svgkit as kit
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


def render_text_brief(obs: dict[str, Any]) -> str:
    """The table in about twenty lines at seven players: the round, the Public Display, the
    seat's own Personal Display card by card, every other participant on one line (its cards
    counted); recent events and the others' cards are in the whole board (`render_text`)."""
    return "\n".join(_text_lines(obs, brief=True))


def render_text(obs: dict[str, Any]) -> str:
    return "\n".join(_text_lines(obs, brief=False))


def _text_lines(obs: dict[str, Any], brief: bool) -> list[str]:
    lines = [
        f"Four Big Strata - round {obs['round']}/{obs['rounds']} - {_phase(obs)}",
        f"Start player: {_who(obs, obs['start_player'])}   draw pile: {obs['draw_pile']}   "
        f"empresses left: {obs['empress_pile']}   tribute: 1 resource per {obs['tribute_ratio']} influence more",
    ]
    recent = obs["log"][-LOG_LINES:]
    if recent and not brief:
        lines.append("Recent events:")
        lines += [f"  {line}" for line in recent]
    if obs["display"]:
        lines.append("Public Display:")
        for entry in obs["display"]:
            if entry is not None:
                lines.append(f"  slot {entry['slot'] + 1}: {_card(entry['card'], entry['face_up'])}")
    for p, person in enumerate(obs["participants"]):
        told = _participant(obs, p, person)
        if brief and p != obs["seat"]:
            cards = len(person["cards"])
            told = [f"{told[0]}   {cards} card{'' if cards == 1 else 's'}"]
        lines += told
    if obs["holding"] is not None:
        holder = _who(obs, obs["holding"]["seat"])
        lines.append(f"{holder} took a face-down card: {_card(obs['holding']['card'], False)}")
    if obs["final_scores"]:
        lines.append("Final class scores (Scholars, Peasants, Artisans, Merchants), Empresses placed at best:")
        for p, scores in enumerate(obs["final_scores"]):
            lines.append(f"  {_who(obs, p)}: {scores} -> lowest {min(scores)}")
    if brief:
        lines.append("(board: recent events and every player's cards; rules NAME: a card's or a rule's text)")
    return lines


# --- SVG for the browser ------------------------------------------------------------------
#
# Panels (meeple.svgkit): the round and phase; what the seat is asked (with its bid chips); the
# Public Display as cards; the card just taken face down; every Personal Display, one panel per
# participant with its five classes; the piles; the final scores; recent events; a legend.
# Clickable elements carry data-action="<id>" only for ids in `legal`; a face-up card the
# observing seat may flip carries data-flip="<position>" (the split is chosen from the buttons).

INK = "#2b2118"
SOFT_INK = "#5f5140"
PAPER = "#f6f0e3"
PANEL = "#fffdf7"
RULE = "#d9cbb0"
ACCENT = "#0e8f8f"  # clickable
ALERT = "#c0392b"  # lowest class, warnings
BACK = "#7a1f1f"
GOLD = "#d8b24a"
SERIF = "Georgia,'Times New Roman','DejaVu Serif',serif"
W = kit.NARROW

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
CARD_W, CARD_H = 104, 160  # a card of the Public Display, three to a row
CHIP_W, CHIP_H = 157, 34  # a card in a Personal Display, two to a row

STYLE = (
    f".serif {{ font-family: {SERIF}; }} .flip {{ cursor: pointer; }} "
    f".flip .bk-hl {{ fill: none; stroke: {ACCENT}; stroke-width: 2; stroke-dasharray: 5 3; }}"
)
LATTICE = (
    '<defs><pattern id="fbs-lattice" width="10" height="10" patternUnits="userSpaceOnUse">'
    f'<rect width="10" height="10" fill="{BACK}"/>'
    f'<path d="M0,5 L5,0 L10,5 L5,10 Z" fill="none" stroke="{GOLD}" stroke-width="0.7" opacity="0.55"/>'
    f"</pattern></defs><style>{STYLE}</style>"
)


def _text(
    x: float,
    y: float,
    s: str,
    size: float = 13,
    fill: str = INK,
    weight: str = "normal",
    anchor: str = "start",
    cls: str = "",
    italic: bool = False,
) -> str:
    return kit.text(x, y, s, size, fill, weight == "bold", anchor, cls, italic)


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


def _act(action: str | None, label: str = "") -> str:
    return kit.act(action, label)


def _start_marker(cx: float, cy: float, r: float = 11) -> str:
    return (
        "<g>"
        + kit.title("Start Player marker")
        + f'<circle cx="{kit.num(cx)}" cy="{kit.num(cy)}" r="{kit.num(r)}" fill="#b3261e" stroke="{GOLD}" '
        'stroke-width="1.5"/>' + kit.icon("star", cx, cy, r * 0.7, "") + "</g>"
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
            f'<circle cx="0" cy="0" r="9" fill="none" stroke-width="1" stroke="rgba(0,0,0,0.25)"/>'
            f'<rect x="-4" y="-4" width="8" height="8" fill="rgba(0,0,0,0.35)"/>'
        )
    return (  # a crown
        f'<polygon points="-13,8 -13,-5 -6.5,1 0,-10 6.5,1 13,-5 13,8" fill="{fill}"/>'
        f'<circle cx="-13" cy="-7" r="2.2" fill="{fill}"/><circle cx="0" cy="-12" r="2.2" fill="{fill}"/>'
        f'<circle cx="13" cy="-7" r="2.2" fill="{fill}"/>'
    )


def _panel(label: str, role: str, heading: str = "", aside: str = "", frame: str = RULE) -> kit.Panel:
    panel = kit.Panel(W, label, role, frame=frame)
    panel.add(LATTICE)
    if heading:
        panel.add(_text(12, 26, heading, 18, INK, "bold", cls="serif"))
        if aside:
            panel.add(_text(W - 12, 26, aside, 13, SOFT_INK, anchor="end"))
        panel.y = 36
    return panel


# --- cards ------------------------------------------------------------------------------


CARD_KEYS = ("name", "class", "points", "effect")


def _key(card: dict[str, Any] | None) -> tuple[Any, ...] | None:
    """The drawn parts of a card, hashable (identical cards draw identically)."""
    return None if card is None else tuple(card.get(k) for k in CARD_KEYS)


def _unkey(key: tuple[Any, ...] | None) -> dict[str, Any] | None:
    return None if key is None else dict(zip(CARD_KEYS, key, strict=True))


@lru_cache(maxsize=512)
def _card_face(key: tuple[Any, ...]) -> str:
    """A face-up display card at (0, 0): points and class in its band, emblem, name, effect."""
    card = _unkey(key)
    assert card is not None
    w, h = CARD_W, CARD_H
    cls = _class_of(card)
    main, light, dark = COLOURS[cls]
    band = 28
    parts = [
        kit.title(_card_title(card)),
        kit.rect(2, 3, w, h, "rgba(0,0,0,0.18)", rx=8),
        kit.rect(0, 0, w, h, light, main, 2, rx=8),
        f'<path d="M0,8 Q0,0 8,0 L{w - 8},0 Q{w},0 {w},8 L{w},{band} L0,{band} Z" fill="{main}"/>',
        f'<circle cx="15" cy="14" r="11" fill="#fffdf7" stroke="{dark}" stroke-width="1.5"/>',
        _text(15, 19, str(card["points"]), 14, dark, "bold", "middle"),
        _text(w - 6, 19, CLASS_LABELS[cls], 12, "#ffffff", "bold", "end"),
        f'<circle cx="{w / 2}" cy="{band + 20}" r="16" fill="{main}" opacity="0.92"/>',
        f'<g transform="translate({w / 2},{band + 20}) scale(0.75)">{_emblem(cls, "#ffffff")}</g>',
    ]
    y = band + 52
    for line in kit.wrap(str(card["name"]), 13, w - 8, 2, bold=True):
        parts.append(_text(w / 2, y, line, 13, dark, "bold", "middle"))
        y += 15
    box_y = h - 54
    parts.append(kit.rect(4, box_y, w - 8, 50, "#ffffff", main, 0.8, rx=4))
    for i, line in enumerate(kit.wrap(str(card["effect"]), 12, w - 12, 3)):
        parts.append(_text(w / 2, box_y + 15 + 15 * i, line, 12, INK, anchor="middle"))
    return "".join(parts)


@lru_cache(maxsize=512)
def _card_back(key: tuple[Any, ...] | None, w: float = CARD_W, h: float = CARD_H) -> str:
    """A face-down card at (0, 0); with a known face, that face in an overlay."""
    known = _unkey(key)
    parts = [
        kit.title(_card_title(known, "Face down; you know: ") if known else "A face-down card"),
        kit.rect(2, 3, w, h, "rgba(0,0,0,0.18)", rx=8),
        kit.rect(0, 0, w, h, BACK, "#4d1010", 2, rx=8),
        kit.rect(5, 5, w - 10, h - 10, "url(#fbs-lattice)", GOLD, 1.2, rx=5),
    ]
    if known is None:
        return "".join(parts)
    main, _light, dark = COLOURS[_class_of(known)]
    oy = h - 70
    parts += [
        kit.rect(5, oy, w - 10, 64, "#fffaf0", main, 1.2, rx=5),
        _text(w / 2, oy + 15, "you know:", 12, SOFT_INK, anchor="middle", italic=True),
        _text(w / 2, oy + 32, kit.fit(str(known["name"]), 12, w - 14, True), 12, dark, "bold", "middle"),
        _text(w / 2, oy + 50, kit.fit(f"{known['points']} pts", 12, w - 14), 12, main, anchor="middle"),
    ]
    return "".join(parts)


@lru_cache(maxsize=1024)
def _chip(column: str, face_up: bool, key: tuple[Any, ...] | None) -> str:
    """A card in a Personal Display at (0, 0): a chip with its points and name (face up), the back
    turned to its column's class (face down; with its name when the observer knows it)."""
    card = _unkey(key)
    w, h = CHIP_W, CHIP_H
    if face_up and card is not None:
        main, light, dark = COLOURS[_class_of(card)]
        return (
            kit.title(_card_title(card))
            + kit.rect(0, 0, w, h, light, main, 1.3, rx=5)
            + kit.rect(0, 0, 28, h, main, rx=5)
            + _text(14, 22, str(card["points"]), 14, "#ffffff", "bold", "middle")
            + _text(34, 22, kit.fit(str(card["name"]), 13, w - 38, True), 13, dark, "bold")
        )
    main = COLOURS[column][0] if column in COLOURS else GOLD
    body = kit.rect(0, 0, w, h, BACK, "#4d1010", 1.3, rx=5) + kit.rect(
        3, 3, w - 6, h - 6, "url(#fbs-lattice)", GOLD, 0.8, 4
    )
    body += kit.rect(3, 3, 6, h - 6, main, rx=2)
    if card is None:
        return (
            kit.title("A face-down card")
            + body
            + _text(w / 2, 22, "face down", 12, "#f1dca0", anchor="middle", italic=True)
        )
    body += kit.rect(12, 5, w - 18, h - 10, "#2a0b0b", rx=4, extra=' opacity="0.75"')
    name = kit.fit(f"{card['name']} ({card['points']})", 12, w - 26)
    return (
        kit.title(_card_title(card, "Face down; you know: ")) + body + _text(17, 22, name, 12, "#efe1c4", italic=True)
    )


def _empty_slot(w: float = CARD_W, h: float = CARD_H, label: str = "taken") -> str:
    return kit.rect(0, 0, w, h, "none", "#bfae8e", 1.5, rx=8, extra=' stroke-dasharray="6 5"') + _text(
        w / 2, h / 2 + 4, label, 12, "#7a6a55", anchor="middle", italic=True
    )


def _highlight(w: float, h: float, rx: float = 8, pad: float = 3) -> str:
    return kit.rect(-pad, -pad, w + 2 * pad, h + 2 * pad, "none", rx=rx + pad, extra=' class="bk-hl"')


def _pill(x: float, y: float, text: str, fill: str, ink: str, stroke: str = "none") -> tuple[str, float]:
    w = kit.width(text, 12, True) + 16
    return kit.rect(x, y - 14, w, 20, fill, stroke, 1, rx=10) + _text(x + w / 2, y, text, 12, ink, "bold", "middle"), w


# --- the panels ----------------------------------------------------------------------------


def _round_panel(obs: dict[str, Any]) -> str:
    """The round track, the phase, the Start Player and the tribute ratio (drawn once for
    every seat that reads them alike)."""
    phase = _phase(obs) if obs["phase"] in PHASE_NAMES else str(obs["phase"])
    start = _who_svg(obs, int(obs["start_player"]))
    return _round_track(
        int(obs["rounds"]), int(obs["round"]), obs["phase"] == "over", phase, start, obs["tribute_ratio"]
    )


@kit.drawn_once
def _round_track(rounds: int, current: int, over: bool, phase: str, start: str, ratio: object) -> str:
    rounds = max(rounds, 1)
    panel = _panel("The round, the phase and the Start Player", "info", f"Round {current} / {rounds}")
    y = panel.y + 10
    for i in range(1, rounds + 1):
        cx = 20 + (i - 1) * 22
        empress = i >= 7
        played = i < current or (i == current and over)
        fill = ("#9b6fbf" if empress else GOLD) if played else "#ffffff"
        r = 9 if i == current and not over else 6
        stroke = "#7b3fa1" if empress else "#8a6a10"
        panel.add(
            f'<circle cx="{cx}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1.5">'
            f"<title>Round {i}{' (an Empress in the display)' if empress else ''}</title></circle>"
        )
    panel.y = y + 14
    panel.paragraph(phase, 15, INK, True)
    y = panel.y + 4
    panel.add(_start_marker(24, y + 2, 11), _text(42, y + 7, f"Start Player: {start}", 14))
    y += 28
    panel.add(
        kit.icon("influence", 24, y, 8, "Influence"),
        _text(42, y + 5, f"Tribute: 1 resource per {ratio} influence more", 13),
    )
    panel.y = y + 14
    return panel.svg()


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


def _status_panel(obs: dict[str, Any], ids: set[str]) -> str:
    """What the seat is asked now, the head task, the picking order (drawn once for every seat
    that reads them alike)."""
    bids = tuple(sorted(int(i.partition(":")[2]) for i in ids if i.startswith("bid:")))
    picks: tuple[tuple[str, int], ...] = ()
    if obs["phase"] == "pick" and obs["pick_order"]:
        position = int(obs["pick_position"])
        participants = obs["participants"]
        bid_of = [participants[p]["bid"] if 0 <= p < len(participants) else None for p in obs["pick_order"]]
        picks = tuple(
            (_who_svg(obs, p) + (f" · bid {bid}" if isinstance(bid, int) else ""), (i > position) - (i < position))
            for i, (p, bid) in enumerate(zip(obs["pick_order"], bid_of, strict=True))
        )
    return _status_drawing(bool(ids), _prompt(obs, ids) or "Waiting", _task_text(obs), picks, bids)


@kit.drawn_once
def _status_drawing(
    mine: bool, prompt: str, task: str, picks: tuple[tuple[str, int], ...], bids: tuple[int, ...]
) -> str:
    """The status panel: the prompt, the task, the picking order (each pick's place: -1 done, 0
    picking now, 1 to come) and the seat's bids as chips."""
    panel = _panel("What happens now", "choices" if mine else "info", frame=ACCENT if mine else RULE)
    panel.y = 6
    panel.paragraph(prompt, 15, INK, True)
    if task:
        panel.paragraph(task, 13, SOFT_INK)
    if picks:
        panel.add(_text(12, panel.y + 14, "Picking order", 13, SOFT_INK, "bold"))
        panel.y += 22
        x, y = 12.0, panel.y
        for label, place in picks:
            w = kit.width(label, 12, True) + 18
            if x + w > W - 12:
                x, y = 12.0, y + 26
            fill, ink = (
                ("#e6dfcf", "#6b5d4f") if place < 0 else ((ACCENT, "#ffffff") if place == 0 else ("#ffffff", INK))
            )
            panel.add(
                kit.rect(x, y, w, 22, fill, RULE, 1, rx=11), _text(x + w / 2, y + 15, label, 12, ink, "bold", "middle")
            )
            x += w + 6
        panel.y = y + 30
    if bids:
        panel.add(_text(12, panel.y + 14, "Your bid", 13, SOFT_INK, "bold"))
        panel.y += 22
        for k, amount in enumerate(bids):
            x, y = 12 + (k % 7) * 46, panel.y + (k // 7) * 34
            chip = (
                kit.rect(0, 0, 40, 28, "#ffffff", ACCENT, 1.5, rx=14)
                + kit.icon("money", 12, 14, 7, "")
                + _text(28, 19, str(amount), 13, INK, "bold", "middle")
                + kit.title(f"Bid {amount} money")
            )
            panel.add(kit.group(x, y, chip + _highlight(40, 28, 14, 1), _act(f"bid:{amount}", f"Bid {amount}")))
        panel.y += ((len(bids) + 6) // 7) * 34
    return panel.svg()


def _display_panel(obs: dict[str, Any], ids: set[str]) -> str:
    """The Public Display (drawn once for every seat that sees it alike: the Start Player and
    a seat that may take a card see it their own way)."""
    seat = obs["seat"]
    takes = frozenset(i for i in ids if i.startswith("take:"))
    return _public_display(obs["display"], seat is not None and seat == obs["start_player"], takes)


@kit.drawn_once
def _public_display(entries: list[Any], start_player: bool, ids: frozenset[str]) -> str:
    """The Public Display, three cards to a row; between auctions, the words that it is empty."""
    taking = bool(ids)
    panel = _panel("The Public Display", "choices" if taking else "main", "Public Display")
    if not entries:
        panel.paragraph("Empty until the next round's Prephase.", 13, SOFT_INK)
        return panel.svg()
    if start_player and any(e and not e["face_up"] for e in entries):
        panel.paragraph("As Start Player you may look at the face-down cards.", 13, SOFT_INK)
    top = panel.y + 4
    slots = max(7, len(entries))
    for slot in range(slots):
        x = 12 + (slot % 3) * (CARD_W + 10)
        y = top + (slot // 3) * (CARD_H + 14)
        entry = entries[slot] if slot < len(entries) else None
        if entry is None:
            panel.add(kit.group(x, y, _empty_slot()))
            continue
        action = f"take:{entry['slot']}"
        key = _key(entry["card"])
        body = _card_face(key) if entry["face_up"] and key is not None else _card_back(key)
        if action in ids:
            body += _highlight(CARD_W, CARD_H)
            panel.add(kit.group(x, y, body, _act(action, f"Take the card in slot {entry['slot'] + 1}")))
        else:
            panel.add(kit.group(x, y, body))
    panel.y = top + ((slots + 2) // 3) * (CARD_H + 14)
    return panel.svg()


def _piles_panel(obs: dict[str, Any]) -> str:
    """The piles (drawn once for every seat: they are public)."""
    return _piles(kit.narrowed(obs, "draw_pile", "discard", "empress_top", "empress_pile"))


@kit.drawn_once
def _piles(obs: dict[str, Any]) -> str:
    """The draw pile, the Empress pile (its top card face up) and the discard count."""
    panel = _panel("The piles", "info", "Piles")
    y = panel.y + 4
    count = int(obs["draw_pile"])
    panel.add(kit.group(12, y, _card_back(None, 60, 84) if count else _empty_slot(60, 84, "empty")))
    panel.add(_text(82, y + 20, f"Draw pile: {count}", 14, INK, "bold"))
    panel.add(_text(82, y + 40, f"Discarded face up: {len(obs.get('discard') or [])}", 13, SOFT_INK))
    y += 98
    top = obs["empress_top"]
    panel.add(_text(12, y + 14, f"Empress pile: {obs['empress_pile']}", 14, INK, "bold"))
    y += 22
    if top is not None:
        panel.add(kit.group(12, y, _card_face(_key(top))))
        lines = kit.wrap(f"On top: {top['name']}, {_points(top['points'])}: {top['effect']}", 13, W - CARD_W - 40, 8)
        for i, line in enumerate(lines):
            panel.add(_text(CARD_W + 24, y + 16 + 17 * i, line, 13))
        y += CARD_H + 8
    panel.y = y
    return panel.svg()


def _holding_panel(obs: dict[str, Any], ids: set[str]) -> str:
    """The card just taken face down, while its taker decides how to place it."""
    holding = obs["holding"]
    if holding is None:
        return ""
    mine = holding["seat"] == obs["seat"]
    panel = _panel("The card taken face down", "choices" if mine and ids else "info", frame=GOLD)
    card = holding["card"]
    y = 12
    if mine and card is not None:
        body = _card_face(_key(card))
        if "faceup" in ids:
            body += _highlight(CARD_W, CARD_H)
            panel.add(kit.group(12, y, body, _act("faceup", "Pay 2 money: place it face up")))
        else:
            panel.add(kit.group(12, y, body))
        if any(i.startswith("facedown:") for i in ids):
            words = (
                "Click the card to pay 2 money and place it face up in its own column, or click a class of your "
                "Personal Display to place it face down there"
                if "faceup" in ids
                else "You cannot pay the 2 money to place it face up: click a class of your Personal Display to "
                "place it face down there"
            ) + ", turned to that class (only its upper area counts, with no effect)."
        else:
            words = (
                "Finish exchanging and flipping first; then place it face up for 2 money, or face down in any class."
            )
        heading = "You took this card face down and looked at it."
    else:
        panel.add(kit.group(12, y, _card_back(_key(card))))
        who = _who_svg(obs, int(holding["seat"]))
        heading = f"{who} took a face-down card and is placing it."
        words = "They may pay 2 money to show it, or place it face down in any column."
        if card is not None:
            words += " " + _card_title(card, "You know it: ")
    tx = CARD_W + 24
    ty = y + 14
    panel.add(f"<g>{kit.title(heading)}")
    for line in kit.wrap(heading, 14, W - tx - 10, 4, bold=True):
        panel.add(_text(tx, ty, line, 14, INK, "bold"))
        ty += 18
    panel.add("</g>")
    ty += 4
    for line in kit.wrap(words, 13, W - tx - 10, 12):
        panel.add(_text(tx, ty, line, 13))
        ty += 16
    panel.y = max(y + CARD_H + 10, ty)
    return panel.svg()


def _columns(cards: list[dict[str, Any]]) -> dict[str, list[tuple[int, dict[str, Any]]]]:
    columns: dict[str, list[tuple[int, dict[str, Any]]]] = {c: [] for c in CLASS_ORDER}
    for pos, entry in enumerate(cards):
        columns.setdefault(entry["column"], []).append((pos, entry))
    return columns


def _player_panel(obs: dict[str, Any], p: int, ids: set[str], winners: set[int]) -> str:
    """Participant `p`'s Personal Display, from the parts of the observation it shows (the
    same parts give the same panel, drawn once for every seat that sees them)."""
    me = p == obs["seat"]
    picking = None
    if obs["phase"] == "pick" and p in obs["pick_order"]:
        place = list(obs["pick_order"]).index(p)
        picking = "picked" if place < int(obs["pick_position"]) else f"picks #{place + 1}"
    return _personal_display(
        obs["participants"][p],
        p,
        me,
        p in winners,
        bool(obs.get("solo")),
        p == obs["start_player"],
        p in obs["to_move"],
        obs["phase"] == "over",
        picking,
        frozenset(ids) if me else frozenset(),
    )


@kit.drawn_once
def _personal_display(
    person: dict[str, Any],
    p: int,
    me: bool,
    won: bool,
    solo: bool,
    start: bool,
    deciding: bool,
    over: bool,
    picking: str | None,
    ids: frozenset[str],
) -> str:
    """A Personal Display: the name and markers, resources, feeding, bid; then each class with
    its score (the lowest marked) and its cards as chips, two to a row."""
    name = "The Magistrate" if person["npc"] else "You" if me else f"Seat {p}"
    frame = GOLD if won else (ACCENT if me else RULE)
    panel = _panel(f"{name}'s Personal Display", "own" if me else "other", frame=frame)
    panel.add(_text(12, 26, name, 18, INK, "bold", cls="serif"))
    x = 18 + kit.width(name, 18, True)
    if person["npc"]:
        pill, w = _pill(x, 25, "solo opponent", "#eee7d8", SOFT_INK)
        panel.add(pill)
        x += w + 6
    elif name == "You" and not solo:
        panel.add(_text(x, 26, f"(seat {p})", 12, SOFT_INK))
        x += kit.width(f"(seat {p})", 12) + 6
    if start:
        panel.add(_start_marker(x + 11, 20, 10))
        x += 28
    if won:
        pill, w = _pill(x, 25, "Winner", GOLD, "#3a2618")
        panel.add(pill)
        x += w + 6
    if deciding:
        pill, w = _pill(x, 25, "to decide", ACCENT, "#ffffff")
        panel.add(pill)
    y = 52
    items = [] if person["npc"] else [("grain", person["grain"], "Grain"), ("money", person["money"], "Money")]
    items.append(("influence", person["influence"], "Influence (Tribute phase)"))
    x = 12.0
    for icon, value, label in items:
        amount = _text(x + 21, y, str(value), 15, INK, "bold")
        panel.add(f"<g>{kit.title(f'{label}: {value}')}{kit.icon(icon, x + 9, y - 5, 8, '')}{amount}</g>")
        x += 32 + kit.width(str(value), 15, True)
    total = len(person["cards"])
    hidden = sum(1 for c in person["cards"] if not c["face_up"])
    summary = f"{total} card{'s' if total != 1 else ''}" + (f", {hidden} face down" if hidden else "")
    panel.add(_text(W - 12, y, summary, 12, SOFT_INK, anchor="end"))
    y += 24
    x = 12.0
    if not person["npc"] and not over:
        upkeep = person["upkeep"]
        feed = f"Feeding: {upkeep['grain']} grain, {upkeep['money']} money"
        panel.add(_text(x, y, feed, 12, SOFT_INK))
        x += kit.width(feed, 12) + 8
    bid = person["bid"]
    if bid == "sealed":
        pill, w = _pill(x, y, "bid sealed", "#5a3c26", "#f3dfa2")
        panel.add(pill)
        x += w + 6
    elif isinstance(bid, int) and not isinstance(bid, bool):
        pill, w = _pill(x, y, f"bid {bid}", "#fbf3d4", "#6f5507", "#c29a1b")
        panel.add(pill)
        x += w + 6
    notes = [picking] if picking else []
    if person.get("market_open"):
        notes.append("exchanging / flipping")
    if person.get("reward_owed"):
        notes.append(f"owed {person['reward_owed']} resources")
    for note in notes:
        pill, w = _pill(x, y, note, "#eee7d8", SOFT_INK)
        if x + w > W - 12:
            x, y = 12.0, y + 24
            pill, w = _pill(x, y, note, "#eee7d8", SOFT_INK)
        panel.add(pill)
        x += w + 6
    y += 14
    flips = tuple(sorted(int(i.split(":")[1]) for i in ids if i.startswith("flip:"))) if me else ()
    placing = tuple(column for column in CLASS_ORDER if f"facedown:{column}" in ids) if me else ()
    classes, panel.y = _classes(person["cards"], person["class_scores"], flips, placing, y)
    panel.apart(classes)
    return panel.svg()


@kit.drawn_once
def _classes(
    cards: list[dict[str, Any]], scores: list[int], flips: tuple[int, ...], placing: tuple[str, ...], y: float
) -> tuple[str, float]:
    """A Personal Display's classes from `y` down, each with its score (the lowest marked) and
    its cards as chips, two to a row (`flips`: the places of the cards the viewer may flip;
    `placing`: the classes it may place a card in), and where they end. Drawn apart from the
    rest of the panel (its pills and numbers change far more often than its cards)."""
    out: list[str] = []
    lowest = min(scores) if scores else 0
    columns = _columns(cards)
    for index, column in enumerate(CLASS_ORDER):
        main, _light, dark = COLOURS[column]
        action = f"facedown:{column}"
        placing_here = column in placing
        chips = columns[column]
        if not chips and not placing_here and column == "empress":
            continue
        head = (
            kit.rect(0, 0, W - 24, 26, main, rx=5)
            + f'<g transform="translate(16,13) scale(0.55)">{_emblem(column, "#ffffff")}</g>'
        )
        head += _text(32, 18, COLUMN_TITLES[column], 14, "#ffffff", "bold")
        if index < len(scores):
            score = scores[index]
            low = score == lowest and max(scores) > lowest
            if low:
                head += kit.rect(W - 120, 4, 58, 18, ALERT, rx=9) + _text(
                    W - 91, 17, "lowest", 12, "#ffffff", "bold", "middle"
                )
            head += f'<circle cx="{W - 44}" cy="13" r="11" fill="{ALERT if low else "#ffffff"}" stroke="{dark}"/>'
            head += _text(W - 44, 18, str(score), 13, "#ffffff" if low else dark, "bold", "middle")
            head += kit.title(f"{COLUMN_TITLES[column]}: {score} points" + (" (lowest class)" if low else ""))
        else:
            head += _text(W - 36, 18, str(len(chips)), 13, "#ffffff", "bold", "end")
            head += kit.title("Empresses: placed in any class at the end of the game")
        if placing_here:
            head += _highlight(W - 24, 26, 5, 2) + _text(W - 150, 18, "place here", 12, "#ffffff", "bold", "end")
            out.append(kit.group(12, y, head, _act(action, f"Place the card face down as a {CLASS_LABELS[column]}")))
        else:
            out.append(kit.group(12, y, head))
        y += 32
        for k, (pos, entry) in enumerate(chips):
            cx, cy = 12 + (k % 2) * (CHIP_W + 12), y + (k // 2) * (CHIP_H + 6)
            body = _chip(column, bool(entry["face_up"]), _key(entry["card"]))
            if pos in flips and entry["face_up"]:
                out.append(
                    kit.group(cx, cy, body + _highlight(CHIP_W, CHIP_H, 5, 2), f' class="flip" data-flip="{pos}"')
                )
            else:
                out.append(kit.group(cx, cy, body))
        y += ((len(chips) + 1) // 2) * (CHIP_H + 6) + 4
    if not cards:
        out.append(_text(W / 2, y + 12, "No cards yet", 13, "#7a6a55", anchor="middle", italic=True))
        y += 20
    return "".join(out), y


def _winners(obs: dict[str, Any]) -> set[int]:
    finals = obs["final_scores"]
    if not finals:
        return set()
    keys = [sorted(s) for s in finals]
    if obs.get("solo") and len(keys) >= 2:
        return {0} if keys[0] > keys[1] else {1}
    best = max(keys)
    return {p for p, k in enumerate(keys) if k == best}


def _final_panel(obs: dict[str, Any], winners: set[int]) -> str:
    finals = obs["final_scores"]
    if not finals:
        return ""
    panel = _panel("The final scores", "main", "Final scores", frame=GOLD)
    panel.paragraph(
        "Empresses placed at best. Your score is your lowest class; ties compare the next lowest.", 13, SOFT_INK
    )
    col_x = [150 + i * 40 for i in range(4)]
    y = panel.y + 12
    for i, column in enumerate(CLASS_ORDER[:4]):
        emblem = _emblem(column, COLOURS[column][0])
        panel.add(f'<g transform="translate({col_x[i]},{y}) scale(0.6)">{kit.title(COLUMN_TITLES[column])}{emblem}</g>')
    panel.add(_text(W - 24, y + 5, "Score", 13, INK, "bold", "end"))
    y += 18
    order = sorted(range(len(finals)), key=lambda p: sorted(finals[p]), reverse=True)
    for p in order:
        scores = finals[p]
        low = min(scores) if scores else 0
        if p in winners:
            panel.add(kit.rect(8, y, W - 16, 30, "#fbefc6", GOLD, 1, rx=6))
        panel.add(_text(16, y + 20, _who_svg(obs, p), 14, INK, "bold"))
        if p in winners:
            panel.add(_text(84, y + 20, "Winner", 12, "#6f5507", "bold"))
        for i, score in enumerate(scores[:4]):
            is_low = score == low
            panel.add(
                _text(
                    col_x[i], y + 20, str(score), 14, ALERT if is_low else COLOURS[CLASS_ORDER[i]][2], "bold", "middle"
                )
            )
        panel.add(_text(W - 24, y + 21, str(low), 16, ALERT, "bold", "end"))
        y += 34
    panel.y = y
    return panel.svg()


def _log_panel(obs: dict[str, Any]) -> str:
    return _recent_events(tuple(str(line) for line in obs["log"][-6:]))


@kit.drawn_once
def _recent_events(recent: tuple[str, ...]) -> str:
    if not recent:
        return ""
    panel = _panel("Recent events", "info", "Recent events")
    for text in recent:
        panel.add(f"<g>{kit.title(text)}{_text(12, panel.y + 14, kit.fit(text, 12, W - 24), 12, SOFT_INK)}</g>")
        panel.y += 19
    return panel.svg()


@cache
def _legend() -> str:
    entries = [
        (f'<g transform="scale(0.6)">{_emblem(c, COLOURS[c][0])}</g>', f"{COLUMN_TITLES[c]}") for c in CLASS_ORDER
    ]
    entries += [
        (kit.icon("grain", 0, 0, 8), "Grain"),
        (kit.icon("money", 0, 0, 8), "Money"),
        (kit.icon("influence", 0, 0, 8), "Influence: counts in the Tribute phase"),
        (_start_marker(0, 0, 9), "Start Player"),
        (kit.rect(-10, -8, 20, 16, BACK, GOLD, 1, 3), "A face-down card (its name in italics if you know it)"),
        (kit.rect(-12, -7, 24, 14, ALERT, rx=7), "Lowest class: your score"),
        (kit.rect(-10, -7, 20, 14, "none", ACCENT, 3, 4), "Click to choose; dashed: a card you may flip"),
    ]
    return kit.legend(entries)


def render_svg(obs: dict[str, Any], legal: Sequence[Action]) -> str:
    """The observation as panels (see the section comment above)."""
    ids = {action.id for action in legal}
    winners = _winners(obs)
    participants = len(obs["participants"])
    seat = obs["seat"]
    first = seat if isinstance(seat, int) and 0 <= seat < participants else 0
    order = [(first + i) % participants for i in range(participants)]
    panels = [_final_panel(obs, winners), _status_panel(obs, ids), _holding_panel(obs, ids)]
    panels += [_player_panel(obs, order[0], ids, winners), _display_panel(obs, ids), _round_panel(obs)]
    panels += [_player_panel(obs, p, ids, winners) for p in order[1:]]
    panels += [_piles_panel(obs), _log_panel(obs), _legend()]
    who = "spectator" if seat is None else _who_svg(obs, seat)
    label = f"Four Big Strata, round {obs['round']} of {obs['rounds']}, seen by {who}"
    return kit.board("four-big-strata", [p for p in panels if p], label)
