"""Round Table drawn from an observation: text for the terminal, SVG for the browser.

It reads only the observation (and the viewer's legal actions), so it can show nothing the
seat may not see.
"""

from collections.abc import Sequence
from functools import cache
from typing import Any

from meeple import svgkit as kit
from meeple.engine import Action

SEASONS = {
    "start": "Before play: opening hands",
    "spring": "Spring (recruiting)",
    "summer": "Summer (campaigning)",
    "autumn": "Autumn (quest draws, resetting support)",
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


def card_stats(card: dict[str, Any]) -> str:
    """A card's numbers in a few words (RP, influence, resistance, slot, subtypes; a region's renown)."""
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


def _card_line(card: dict[str, Any], name: str = "") -> str:
    text = f"{name or card['name']} [{card['type']}] ({card_stats(card)})"
    shown = ("knight", "region", "quest", "redirect", "demesne")  # a demesne's text names what it upgrades
    if (card["text"] and card["type"] in shown) or "step 4" in card["text"]:
        text += f" - {card['text']}"
    return text


def _knight_names(obs: dict[str, Any]) -> dict[int, str]:
    """Every card in play by uid, as labels name it."""
    found = {}
    for seat_view in obs["seats"]:
        for item in seat_view["play"]:
            found[item["uid"]] = item["name"]
    return found


def _task(obs: dict[str, Any], item: dict[str, Any]) -> str:
    if item["attack"] >= 0 and item["attack"] < len(obs["regions"]):
        return f" -> attacking {obs['regions'][item['attack']]['name']}"
    if item["quest"] >= 0:
        return " (engaged on a Quest)"
    return ""


def _army_lines(obs: dict[str, Any], slot: int) -> list[str]:
    """Each army on a region with all its bonuses, and what it must beat."""
    lines = []
    armies = obs["armies"][slot]
    for entry in armies:
        against = sum(other["resistance"] for other in armies if other["seat"] != entry["seat"])
        left = entry["influence"] - against
        need = f"needs more than {entry['region_resistance']}"
        lines.append(
            f"{_who(obs, entry['seat'])}: Influence {entry['influence']} / Resistance {entry['resistance']}"
            + (f"; {left} after opposing Resistance" if against else "")
            + f", {need}"
        )
    return lines


def _window_line(obs: dict[str, Any], entry: dict[str, Any], names: dict[int, str]) -> str:
    """A card waiting in the window: who played it, on what, and a Redirect's new task."""
    target = names.get(entry["target"], "?") if entry["target"] >= 0 else "nobody (unpaired)"
    text = f"{_who(obs, entry['seat'])}: {entry['card']['name']} on {target}"
    if entry["kind"] == 1:
        task = entry["task"]
        if task == -1:
            text += ": reset it"
        elif task >= 10 and task - 10 < len(obs["quests"]):
            quest = obs["quests"][task - 10]
            quest_name = quest["card"]["name"] if quest["card"] else "a countered Quest"
            text += f": join {quest_name} of {names.get(quest['target'], '?')}"
        elif 0 <= task < len(obs["regions"]):
            text += f": attack {obs['regions'][task]['name']}"
    return text


def _play_lines(obs: dict[str, Any], seat_view: dict[str, Any]) -> list[str]:
    play = seat_view["play"]
    lines = []
    demesnes = [item for item in play if item["card"]["type"] == "demesne"]
    shown = ", ".join(item["card"]["name"] + (" (upgraded)" if item["upgraded"] else "") for item in demesnes)
    lines.append(f"    Demesnes: {shown}")
    for knight in (item for item in play if item["card"]["type"] == "knight"):
        lines.append(f"    {_card_line(knight['card'], knight['name'])}{_task(obs, knight)}")
        for item in play:
            if item["paired"] == knight["uid"]:
                lines.append(f"        with {item['card']['name']} ({card_stats(item['card'])})")
    loose = [item for item in play if item["card"]["type"] in ("equipment", "title") and item["paired"] < 0]
    if loose:
        lines.append("    Unpaired: " + ", ".join(i["name"] for i in loose))
    return lines


def _hand_size(seat_view: dict[str, Any]) -> str:
    """The hand's size, and how many are demesnes (the backs show it)."""
    demesnes = sum(1 for card in seat_view["hand"] if card["back"] == "demesne")
    return f"hand {len(seat_view['hand'])} ({demesnes} demesne{'' if demesnes == 1 else 's'})"


def render_text_brief(obs: dict[str, Any]) -> str:
    """The table short enough for a terminal at six players: the regions and their armies, the
    seat's own cards in play and in hand in full, every other seat's knights on one line; the
    others' cards and the recent events are in the whole board (`render_text`)."""
    return "\n".join(_text_lines(obs, brief=True))


def render_text(obs: dict[str, Any]) -> str:
    return "\n".join(_text_lines(obs, brief=False))


def _other_line(obs: dict[str, Any], seat_view: dict[str, Any]) -> str:
    """Another seat in one line: renown, RP, hand, demesnes in play, its knights (and what they do)."""
    play = seat_view["play"]
    knights = [f"{item['card']['name']}{_task(obs, item)}" for item in play if item["card"]["type"] == "knight"]
    demesnes = sum(item["card"]["type"] == "demesne" for item in play)
    others = len(play) - len(knights) - demesnes
    more = f" +{others} card{'' if others == 1 else 's'}" if others else ""
    return (
        f"{_who(obs, seat_view['seat'])} ({seat_view['deck']}): renown {seat_view['renown']},"
        f" RP {seat_view['allocated']}/{seat_view['capacity']}, {_hand_size(seat_view)},"
        f" {demesnes} demesne{'' if demesnes == 1 else 's'} in play; knights: {', '.join(knights) or 'none'}{more}"
    )


def _text_lines(obs: dict[str, Any], brief: bool) -> list[str]:
    lines = [
        f"Round Table - round {obs['round']}, {_season(obs)}; active player: {_who(obs, obs['active'])}",
        "To move: " + (", ".join(_who(obs, s) for s in obs["to_move"]) or "nobody"),
        "",
        f"Regions in play ({obs['regions_deck']} more in the Regions deck, {obs['total_renown']} Renown in the game):",
    ]
    for slot, region in enumerate(obs["regions"]):
        lines.append(f"  [{slot}] {_card_line(region)}")
        lines += [f"      {line}" for line in _army_lines(obs, slot)]
    names = _knight_names(obs)
    for entry in obs["window"]:
        lines.append(f"  Played, waiting: {_window_line(obs, entry, names)}")
    for quest in obs["quests"]:
        if not quest["countered"]:
            lines.append(f"  Quest: {quest['card']['name']} on {names.get(quest['target'], '?')} ({quest['rp']} RP)")
    for seat_view in obs["seats"]:
        p = seat_view["seat"]
        if brief and p != obs["seat"]:
            lines.append(_other_line(obs, seat_view))
            continue
        lines += [] if brief else [""]
        lines += [
            f"{_who(obs, p)} ({seat_view['deck']}): renown {seat_view['renown']}, "
            f"RP {seat_view['allocated']}/{seat_view['capacity']} allocated, "
            f"decks {seat_view['main_deck']} main + {seat_view['demesne_deck']} demesne, {_hand_size(seat_view)}",
        ]
        lines += _play_lines(obs, seat_view)
        if seat_view["captured"]:
            lines.append("    Captured: " + ", ".join(r["name"] for r in seat_view["captured"]))
        if p == obs["seat"]:
            lines.append("    Hand:")
            lines += [f"      {_card_line(c['card'])}" for c in seat_view["hand"]]
    if obs["end"]:
        lines += ["", f"Game over: {obs['end']}"]
    if brief:
        return [*lines, "(board: every seat's cards and the recent events; rules NAME: a card's text)"]
    return [*lines, "", "Recent events:", *(f"  {line}" for line in obs["log"][-8:])]


# --- the browser board -------------------------------------------------------------------------------
#
# Panels (meeple.svgkit): the season and what waits to resolve; the regions in play as cards with
# their Resistance and Renown, each army that attacks them and what it must beat; the seat's own
# cards in play and in hand; every other seat's; a legend. A card in hand carries data-action for
# its first use, a knight in play for pulling it back, a region for the first commit to it.

CARD_W, CARD_H = 157, 124
TYPE_COLOURS = {  # band, light fill
    "knight": ("#2f4f8a", "#e8eef8"),
    "equipment": ("#4d7a2a", "#eef3e6"),
    "title": ("#8a2f6d", "#f6e9f2"),
    "quest": ("#a8760a", "#fdf1d6"),
    "redirect": ("#b04a1c", "#fde2d6"),
    "demesne": ("#6b5b3e", "#efe9db"),
    "region": ("#2e6b3a", "#dcecdc"),
}
BACKS = {"demesne": "#6b5b3e", "main": "#4a2f63"}
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#e67e22", "#8e44ad", "#7f6000")


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _stat_row(card: dict[str, Any], x: float, y: float) -> str:
    """A card's numbers as icons: RP (cost or income), Influence, Resistance, Renown."""
    items = []
    if card["type"] == "region":
        items = [("resistance", card["resistance"], "Resistance"), ("star", card["renown"], "Renown")]
    else:
        items.append(("rp", card["rp"], "RP income" if card["type"] == "demesne" else "RP cost"))
        if card["influence"] or card["type"] == "knight":
            items.append(("attack", card["influence"], "Influence"))
        if card["resistance"] or card["type"] == "knight":
            items.append(("resistance", card["resistance"], "Resistance"))
    out = []
    for icon, value, name in items:
        out.append(f"<g>{kit.title(f'{name} {value}')}{kit.icon(icon, x + 8, y - 5, 8, '')}")
        out.append(kit.text(x + 19, y, str(value), 14, bold=True) + "</g>")
        x += 44
    return "".join(out)


def _copy_tag(item: dict[str, Any]) -> str:
    """Which of its owner's copies a card in play is ("2nd"), as its name in labels says; "" if unique."""
    return item["name"].removeprefix(item["card"]["name"]).strip(" ()")


def _card(card: dict[str, Any], note: str = "", tag: str = "", action: str | None = None, label: str = "") -> str:
    """A card at (0, 0): band with name and `tag` (which of its owner's copies in play it is, when
    there are several: "2nd"), type line, numbers as icons, text."""
    band, light = TYPE_COLOURS[card["type"]]
    kind = card["type"] + (f", {card['slot']}" if card.get("slot") else "") + (" (fey)" if card.get("fey") else "")
    if card.get("subtypes"):
        kind += ": " + "/".join(sub.replace("_", " ") for sub in card["subtypes"])
    body = kit.card_frame(CARD_W, CARD_H, card["name"], band, light, [], _card_line(card), tag, kind)
    body += _stat_row(card, 6, 64)
    lines = [note] if note else []
    lines += kit.wrap(card["text"], 12, CARD_W - 12, 3 - len(lines))
    for i, line in enumerate(lines):
        body += kit.text(
            6,
            84 + 15 * i,
            kit.fit(line, 12, CARD_W - 12),
            12,
            kit.MUTED if i == 0 and note else "#2b2118",
            italic=bool(note) and i == 0,
        )
    if action:
        body += kit.highlight(CARD_W, CARD_H, 7)
    return kit.clickable(action, body, label)


def _hand_action(legal: Sequence[Action], card_id: str) -> str | None:
    """The action a click on a hand card takes: its first use (recruit, play, equip, quest, discard)."""
    for action in legal:
        if action.payload.get("card") == card_id:
            return action.id
    return None


def _back(back: str) -> str:
    body = kit.title(f"A card in hand ({back} back)") + kit.rect(
        0, 0, 58, 84, BACKS.get(back, "#555"), "#2b2118", 1.2, 6
    )
    body += kit.rect(5, 5, 48, 74, "none", "#d8b24a", 1, 4)
    body += kit.text(29, 47, back[0].upper(), 14, "#d8b24a", True, "middle")
    return body


def _status_panel(obs: dict[str, Any], legal: Sequence[Action]) -> str:
    panel = kit.Panel(
        kit.NARROW,
        "The round and what waits to resolve",
        "info",
        f"Round {obs['round']}",
        _who(obs, obs["active"]) + " active",
    )
    panel.paragraph(_season(obs), 14, bold=True)
    movers = ", ".join(_who(obs, s) for s in obs["to_move"]) or "nobody"
    panel.paragraph(f"To move: {movers}.", 13)
    names = _knight_names(obs)
    for entry in obs["window"]:
        line = f"Waiting to resolve: {_window_line(obs, entry, names)}"
        panel.add("<g>" + kit.title(line))  # the whole line as the tooltip of its wrapped lines
        panel.paragraph(line, 13, "#8a3b00")
        panel.add("</g>")
    for quest in obs["quests"]:
        if not quest["countered"]:
            panel.paragraph(
                f"Quest: {quest['card']['name']} on {names.get(quest['target'], '?')} ({quest['rp']} RP)", 13
            )
    if obs["end"]:
        panel.paragraph(f"Game over: {obs['end']}", 14, "#8a6a10", True)
    return panel.svg()


def _regions_panel(obs: dict[str, Any], legal: Sequence[Action]) -> str:
    aside = f"{obs['regions_deck']} to come"
    panel = kit.Panel(kit.NARROW, "The regions in play", "main", "Regions", aside)
    names = _knight_names(obs)
    for slot, region in enumerate(obs["regions"]):
        action = next((a for a in legal if a.id.startswith("commit:") and a.id.endswith(f":{slot}")), None)
        y = panel.y
        panel.add(
            kit.group(
                12,
                y,
                _card(
                    region,
                    f"{region['renown']} Renown to its captor",
                    "",
                    action.id if action else None,
                    action.label if action else "",
                ),
            )
        )
        lines = _army_lines(obs, slot)
        for seat_view in obs["seats"]:
            for item in seat_view["play"]:
                if item["attack"] == slot:
                    lines.append(f"{_who(obs, seat_view['seat'])}: {names[item['uid']]}")
        ty = y + 14
        for line in lines or ["No army attacks it"]:
            for part in kit.wrap(line, 12, kit.NARROW - CARD_W - 32, 3):
                panel.add(kit.text(CARD_W + 22, ty, part, 12, "#2b2118" if lines else kit.MUTED))
                ty += 15
            ty += 4
        panel.y = max(y + CARD_H + 10, ty)
    if obs["regions_to_come"]:
        panel.paragraph("Still to come: " + ", ".join(obs["regions_to_come"]), 13, kit.MUTED)
    panel.paragraph(f"{obs['total_renown']} Renown in the game.", 13, kit.MUTED)
    return panel.svg()


def _seat_panel(obs: dict[str, Any], seat_view: dict[str, Any], legal: Sequence[Action]) -> str:
    mine = seat_view["seat"] == obs["seat"]
    return _seat_cards(kit.narrowed(obs, "regions"), seat_view, mine, list(legal) if mine else [])


@kit.drawn_once
def _seat_cards(obs: dict[str, Any], seat_view: dict[str, Any], mine: bool, legal: list[Action]) -> str:
    """A seat's renown, RP, cards in play and hand (drawn once for every seat shown the same)."""
    p = seat_view["seat"]
    name = "You" if mine else f"Seat {p}"
    panel = kit.Panel(kit.NARROW, f"{name}'s cards", "own" if mine else "other", frame=_colour(p))
    panel.add(kit.rect(0, 0, kit.NARROW, 6, _colour(p), rx=3))
    panel.y = 4
    panel.heading(f"You (seat {p})" if mine else name, f"{seat_view['deck']} deck")
    y = panel.y + 4
    panel.add(
        kit.icon("star", 20, y, 9, "Renown"),
        kit.text(33, y + 5, str(seat_view["renown"]), 15, bold=True),
        kit.icon("rp", 78, y, 9, "RP allocated of the RP your demesnes give"),
        kit.text(91, y + 5, f"{seat_view['allocated']}/{seat_view['capacity']} RP", 14, bold=True),
        kit.text(
            kit.NARROW - 12,
            y + 5,
            f"decks {seat_view['main_deck']} + {seat_view['demesne_deck']}",
            13,
            kit.MUTED,
            anchor="end",
        ),
    )
    panel.y = y + 16
    if seat_view["captured"]:
        panel.paragraph("Captured: " + ", ".join(r["name"] for r in seat_view["captured"]), 13)
    play = seat_view["play"]
    knights = [i for i in play if i["card"]["type"] == "knight"]
    demesnes = [i for i in play if i["card"]["type"] == "demesne"]
    loose = [i for i in play if i["card"]["type"] in ("equipment", "title") and i["paired"] < 0]
    if demesnes:
        shown = ", ".join(i["card"]["name"] + (" (upgraded)" if i["upgraded"] else "") for i in demesnes)
        panel.paragraph(f"Demesnes: {shown}", 13)
    cards = []
    for item in knights + loose:
        note = _task(obs, item).replace(" -> ", "").strip(" ()") or (
            f"upkeep {item['paid']} RP" if item["card"]["type"] == "knight" else "unpaired"
        )
        paired = [i["card"]["name"] for i in play if i["paired"] == item["uid"]]
        if paired:
            note += "; with " + ", ".join(paired)
        action = next((a for a in legal if a.id == f"recall:{item['uid']}"), None) if mine else None
        cards.append(
            _card(item["card"], note, _copy_tag(item), action.id if action else None, action.label if action else "")
        )
    if cards:
        panel.add(kit.text(12, panel.y + 14, "In play", 14, bold=True))
        panel.y += 20
        panel.y = _grid(panel, cards)
    hand = seat_view["hand"]
    if hand:
        demesne_backs = sum(1 for c in hand if c["back"] == "demesne")
        panel.add(kit.text(12, panel.y + 14, f"Hand: {len(hand)} cards ({demesne_backs} demesne)", 14, bold=True))
        panel.y += 22
        faces = [c for c in hand if c["card"]]
        if faces:
            shown = []
            for c in faces:
                action = _hand_action(legal, c["card"]["id"]) if mine else None
                label = next((a.label for a in legal if a.id == action), "")
                shown.append(_card(c["card"], "", "", action, label))
            panel.y = _grid(panel, shown)
        else:
            for k, c in enumerate(hand):
                panel.add(kit.group(12 + (k % 5) * 64, panel.y + (k // 5) * 90, _back(c["back"])))
            panel.y += ((len(hand) + 4) // 5) * 90
    return panel.svg()


def _grid(panel: kit.Panel, cards: list[str]) -> float:
    """Cards two to a row below the panel's content; returns the new bottom."""
    for k, card in enumerate(cards):
        panel.add(kit.group(12 + (k % 2) * (CARD_W + 12), panel.y + (k // 2) * (CARD_H + 10), card))
    return panel.y + ((len(cards) + 1) // 2) * (CARD_H + 10)


@cache
def _legend() -> str:
    entries = [
        (kit.rect(-9, -7, 18, 14, band, rx=3), f"{kind.capitalize()} card") for kind, (band, _) in TYPE_COLOURS.items()
    ]
    entries += [
        (kit.icon("rp", 0, 0, 8), "RP: what a card costs to play or keep, what a demesne gives"),
        (kit.icon("attack", 0, 0, 8), "Influence (attack strength)"),
        (kit.icon("resistance", 0, 0, 8), "Resistance"),
        (kit.icon("star", 0, 0, 8), "Renown (the score)"),
        (kit.text(0, 5, "2nd", 12, anchor="middle"), "Which of its owner's copies in play a card is"),
    ]
    return kit.legend(entries)


def render_svg(obs: dict[str, Any], legal: Sequence[Action]) -> str:
    seat = obs["seat"]
    panels = [_seat_panel(obs, s, legal) for s in obs["seats"] if s["seat"] == seat]
    panels += [_status_panel(obs, legal), _regions_panel(obs, legal)]
    panels += [_seat_panel(obs, s, legal) for s in obs["seats"] if s["seat"] != seat]
    panels.append(_legend())
    who = "a spectator" if seat is None else _who(obs, seat)
    return kit.board("round-table", panels, f"Round Table, round {obs['round']}, seen by {who}")
