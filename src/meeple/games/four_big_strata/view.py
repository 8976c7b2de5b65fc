"""Four Big Strata drawn from an observation: text for the terminal.

It reads only the observation, so it can show nothing the seat may not see.
"""

from typing import Any

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
