"""Round Table drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation (and the viewer's legal actions), so it can show nothing the
seat may not see.
"""

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from meeple.engine import Action

SEASONS = {
    "start": "Before play: opening hands",
    "spring": "Spring (recruiting)",
    "summer": "Summer (campaigning)",
    "autumn": "Autumn (resetting support)",
    "winter": "Winter (drawing)",
    "discard": "Hand limit: discard down to 10",
    "over": "Game over",
}
STEPS = {"declare": "declare campaigns", "quests": "play Quests", "redirects": "play Redirects", "other": "other cards"}
KINDS = {0: "Quest", 1: "Redirect", 2: "card"}
PROMPT_ROWS = 14


def _season(obs: dict[str, Any]) -> str:
    text = SEASONS[obs["phase"]]
    if obs["phase"] == "summer":
        text += f", step: {STEPS[obs['step']]}"
    return text


def _who(obs: dict[str, Any], seat: int) -> str:
    return "You" if seat == obs["seat"] else f"Seat {seat}"


def _stats(card: dict[str, Any]) -> str:
    if card["type"] == "region":
        return f"resistance {card['resistance']}, renown {card['renown']}"
    if card["type"] == "demesne":
        return f"+{card['rp']} RP"
    parts = [f"{card['rp']} RP"]
    if card["influence"] or card["type"] == "knight":
        parts.append(f"inf {card['influence']}")
    if card["resistance"] or card["type"] == "knight":
        parts.append(f"res {card['resistance']}")
    if card.get("slot"):
        parts.append(("fey " if card["fey"] else "") + card["slot"])
    if card.get("subtypes"):
        parts.append("/".join(s.replace("_", " ") for s in card["subtypes"]))
    return ", ".join(parts)


def _card_line(card: dict[str, Any]) -> str:
    text = f"{card['name']} [{card['type']}] ({_stats(card)})"
    if (card["text"] and card["type"] in ("knight", "region", "quest", "redirect")) or "step 4" in card["text"]:
        text += f" - {card['text']}"
    return text


def _knight_names(obs: dict[str, Any]) -> dict[int, str]:
    """Every card in play by uid, as labels name it."""
    found = {}
    for seat_view in obs["seats"]:
        for item in seat_view["play"]:
            found[item["uid"]] = f"{item['card']['name']} #{item['uid']}"
    return found


def _task(obs: dict[str, Any], item: dict[str, Any]) -> str:
    if item["attack"] >= 0 and item["attack"] < len(obs["regions"]):
        return f" -> attacking {obs['regions'][item['attack']]['name']}"
    if item["quest"] >= 0:
        return " (engaged on a Quest)"
    return ""


def _play_lines(obs: dict[str, Any], seat_view: dict[str, Any]) -> list[str]:
    play = seat_view["play"]
    lines = []
    demesnes = [item for item in play if item["card"]["type"] == "demesne"]
    shown = ", ".join(item["card"]["name"] + (" (upgraded)" if item["upgraded"] else "") for item in demesnes)
    lines.append(f"    Demesnes: {shown}")
    for knight in (item for item in play if item["card"]["type"] == "knight"):
        lines.append(f"    #{knight['uid']} {_card_line(knight['card'])}{_task(obs, knight)}")
        for item in play:
            if item["paired"] == knight["uid"]:
                lines.append(f"        with {item['card']['name']} ({_stats(item['card'])})")
    loose = [item for item in play if item["card"]["type"] in ("equipment", "title") and item["paired"] < 0]
    if loose:
        lines.append("    Unpaired: " + ", ".join(f"#{i['uid']} {i['card']['name']}" for i in loose))
    return lines


def render_text(obs: dict[str, Any]) -> str:
    lines = [
        f"Round Table - round {obs['round']}, {_season(obs)}; active player: {_who(obs, obs['active'])}",
        "To move: " + (", ".join(_who(obs, s) for s in obs["to_move"]) or "nobody"),
        "",
        f"Regions in play ({obs['regions_deck']} more in the Regions deck, {obs['total_renown']} Renown in the game):",
    ]
    for slot, region in enumerate(obs["regions"]):
        lines.append(f"  [{slot}] {_card_line(region)}")
    names = _knight_names(obs)
    for entry in obs["window"]:
        target = names.get(entry["target"], "unpaired") if entry["target"] >= 0 else "-"
        lines.append(f"  Played, waiting: {_who(obs, entry['seat'])}: {entry['card']['name']} on {target}")
    for quest in obs["quests"]:
        if not quest["countered"]:
            lines.append(f"  Quest: {quest['card']['name']} on {names.get(quest['target'], '?')} ({quest['rp']} RP)")
    for seat_view in obs["seats"]:
        p = seat_view["seat"]
        lines += [
            "",
            f"{_who(obs, p)} ({seat_view['deck']}): renown {seat_view['renown']}, "
            f"RP {seat_view['allocated']}/{seat_view['capacity']} allocated, "
            f"decks {seat_view['main_deck']} main + {seat_view['demesne_deck']} demesne, hand {len(seat_view['hand'])}",
        ]
        lines += _play_lines(obs, seat_view)
        if seat_view["captured"]:
            lines.append("    Captured: " + ", ".join(r["name"] for r in seat_view["captured"]))
        if p == obs["seat"]:
            lines.append("    Hand:")
            lines += [f"      {_card_line(c['card'])}" for c in seat_view["hand"]]
    if obs["end"]:
        lines += ["", f"Game over: {obs['end']}"]
    lines += ["", "Recent events:", *(f"  {line}" for line in obs["log"][-8:])]
    return "\n".join(lines)


# --- SVG ---------------------------------------------------------------------------------------------
WIDTH = 1180
CARD_W, CARD_H = 132, 78
INK, PAPER, GOLD, MUTED = "#2b2118", "#f7f1e3", "#b8860b", "#7a6a55"
FILL = {
    "knight": "#e8eef8",
    "equipment": "#eef3e6",
    "title": "#f6e9f2",
    "quest": "#fdf1d6",
    "redirect": "#fde2d6",
    "demesne": "#e9e3d3",
    "region": "#dcecdc",
}


def _text(x: float, y: float, text: str, size: float = 12, weight: str = "normal", fill: str = INK) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}">{escape(text)}</text>'
    )


def _fit(text: str, width: float, size: float = 11) -> str:
    most = max(4, int(width / (size * 0.56)))
    return text if len(text) <= most else text[: most - 1] + "…"


def _action(action: str | None) -> str:
    return f" data-action={quoteattr(action)} style={quoteattr('cursor:pointer')}" if action else ""


def _card(x: float, y: float, card: dict[str, Any] | None, action: str | None = None, note: str = "") -> str:
    """A card face (or a back when `card` is None), clickable when `action` is given."""
    if card is None:
        body = f'<rect width="{CARD_W / 2:.0f}" height="{CARD_H}" rx="6" fill="#6b4f2e" stroke="{INK}"/>' + _text(
            8, CARD_H / 2 + 4, note, 10, fill=PAPER
        )
        return f'<g transform="translate({x:.0f},{y:.0f})">{body}</g>'
    stroke = GOLD if action else INK
    body = (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="{FILL[card["type"]]}" stroke="{stroke}" '
        f'stroke-width="{3 if action else 1}"/>'
        + _text(6, 16, _fit(card["name"], CARD_W - 10, 12), 12, "bold")
        + _text(6, 32, _fit(card["type"] + (" - " + note if note else ""), CARD_W - 10, 10), 10, fill=MUTED)
        + _text(6, 48, _fit(_stats(card), CARD_W - 10, 10), 10)
        + _text(6, 64, _fit(card["text"], CARD_W - 10, 9), 9, fill=MUTED)
    )
    title = f"<title>{escape(_card_line(card))}</title>"
    return f'<g transform="translate({x:.0f},{y:.0f})"{_action(action)}>{title}{body}</g>'


def _first(legal: Sequence[Action], prefix: str) -> str | None:
    return next((a.id for a in legal if a.id.startswith(prefix)), None)


def _hand_action(legal: Sequence[Action], card_id: str) -> str | None:
    """The action a click on a hand card takes: its first use (recruit, play, equip, quest, discard)."""
    for action in legal:
        if action.payload.get("card") == card_id:
            return action.id
    return None


def _regions(obs: dict[str, Any], legal: Sequence[Action], y: float) -> tuple[str, float]:
    parts = [_text(16, y + 14, "Regions in play", 14, "bold")]
    parts.append(
        _text(
            180,
            y + 14,
            f"{obs['regions_deck']} in the Regions deck; {obs['total_renown']} Renown in all",
            11,
            fill=MUTED,
        )
    )
    names = _knight_names(obs)
    tallest = 0.0
    for slot, region in enumerate(obs["regions"]):
        x = 16 + slot * 390
        parts.append(_card(x, y + 22, region))
        row = y + 22
        for seat_view in obs["seats"]:
            for item in seat_view["play"]:
                if item["attack"] == slot:
                    label = f"{_who(obs, seat_view['seat'])}: {names[item['uid']]}"
                    parts.append(_text(x + CARD_W + 10, row + 14, _fit(label, 240), 11))
                    row += 15
        tallest = max(tallest, row - y - 22, CARD_H)
    return "".join(parts), y + 22 + tallest + 14


def _seat_panel(obs: dict[str, Any], seat_view: dict[str, Any], legal: Sequence[Action], y: float) -> tuple[str, float]:
    p = seat_view["seat"]
    mine = p == obs["seat"]
    header = (
        f"{_who(obs, p)} ({seat_view['deck']}) - renown {seat_view['renown']} - RP {seat_view['allocated']}"
        f"/{seat_view['capacity']} allocated - decks {seat_view['main_deck']}+{seat_view['demesne_deck']}"
        f" - hand {len(seat_view['hand'])}"
    )
    color = GOLD if p in obs["to_move"] else INK
    parts = [_text(16, y + 16, header, 13, "bold", color)]
    x, row = 16.0, y + 24
    play = seat_view["play"]
    ordered = [i for i in play if i["card"]["type"] == "demesne"] + [i for i in play if i["card"]["type"] == "knight"]
    ordered += [i for i in play if i["card"]["type"] in ("equipment", "title") and i["paired"] < 0]
    for item in ordered:
        if x + CARD_W > WIDTH - 16:
            x, row = 16.0, row + CARD_H + 40
        note = "upgraded" if item["upgraded"] else _task(obs, item).replace(" -> ", "").strip(" ()")
        recall = _first(legal, f"recall:{item['uid']}") if mine else None
        parts.append(_card(x, row, item["card"], recall, note))
        paired = [i["card"]["name"] for i in play if i["paired"] == item["uid"]]
        for k, name in enumerate(paired[:2]):
            parts.append(_text(x + 2, row + CARD_H + 12 + 12 * k, _fit("+ " + name, CARD_W), 10, fill=MUTED))
        if len(paired) > 2:
            parts.append(_text(x + 2, row + CARD_H + 36, f"+ {len(paired) - 2} more", 10, fill=MUTED))
        x += CARD_W + 8
    row += CARD_H + 40
    if seat_view["captured"]:
        parts.append(_text(16, row + 4, "Captured: " + ", ".join(r["name"] for r in seat_view["captured"]), 11))
        row += 18
    x = 16.0
    for card in seat_view["hand"]:
        if x + CARD_W > WIDTH - 16:
            x, row = 16.0, row + CARD_H + 8
        face = card["card"]
        action = _hand_action(legal, face["id"]) if mine and face else None
        parts.append(_card(x, row, face, action, "" if face else card["back"]))
        x += (CARD_W if face else CARD_W / 2) + 8
    if seat_view["hand"]:
        row += CARD_H + 8
    frame = f'width="{WIDTH - 16}" height="{row - y + 4:.0f}" rx="8" fill="none" stroke="#d8ccb4"'
    parts.insert(0, f'<rect x="8" y="{y:.0f}" {frame}/>')
    return "".join(parts), row + 14


def _prompt(obs: dict[str, Any], legal: Sequence[Action], y: float) -> tuple[str, float]:
    """The response prompt: what waits in the window, and the viewer's choices as buttons."""
    parts = [_text(16, y + 14, f"Round {obs['round']} - {_season(obs)}", 15, "bold")]
    row = y + 32
    names = _knight_names(obs)
    for entry in obs["window"]:
        target = names.get(entry["target"], "-")
        text = f"Waiting to resolve: {_who(obs, entry['seat'])} played {entry['card']['name']} on {target}"
        parts.append(_text(16, row, text, 11))
        row += 15
    if obs["end"]:
        parts.append(_text(16, row, f"Game over: {obs['end']}", 13, "bold", GOLD))
        row += 18
    for k, action in enumerate(legal[:PROMPT_ROWS]):
        bx, by = 16 + (k % 3) * 386, row + (k // 3) * 24
        parts.append(
            f'<g transform="translate({bx},{by:.0f})"{_action(action.id)}>'
            f'<rect width="378" height="20" rx="4" fill="#fff8e6" stroke="{GOLD}"/>'
            + _text(6, 14, _fit(action.label, 366, 11), 11)
            + "</g>"
        )
    if legal:
        row += 24 * ((min(len(legal), PROMPT_ROWS) + 2) // 3)
    if len(legal) > PROMPT_ROWS:
        parts.append(_text(16, row + 10, f"... and {len(legal) - PROMPT_ROWS} more choices in the list below", 11))
        row += 16
    return "".join(parts), row + 6


def render_svg(obs: dict[str, Any], legal: Sequence[Action]) -> str:
    body, y = _prompt(obs, legal, 8)
    regions, y = _regions(obs, legal, y)
    body += regions
    order = [s for s in obs["seats"] if s["seat"] == obs["seat"]] + [
        s for s in obs["seats"] if s["seat"] != obs["seat"]
    ]
    for seat_view in order:
        panel, y = _seat_panel(obs, seat_view, legal, y)
        body += panel
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {y:.0f}" width="{WIDTH}" height="{y:.0f}" '
        f'font-family="Georgia, serif"><rect width="100%" height="100%" fill="{PAPER}"/>{body}</svg>'
    )
