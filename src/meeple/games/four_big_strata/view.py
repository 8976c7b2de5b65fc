"""Four Big Strata drawn from an observation: text for the terminal.

It reads only the observation, so it can show nothing the seat may not see.
"""

from typing import Any

CLASS_ORDER = ("scholar", "peasant", "artisan", "merchant", "empress")
PHASE_NAMES = {
    "setup": "Setup: extra resources",
    "bid": "Auction: sealed bids",
    "pick": "Auction: taking cards",
    "feed": "Production and feeding",
    "cap": "Discarding down to 10",
    "tribute": "Tribute",
    "over": "Game over",
}


def _card(card: dict[str, Any] | None, face_up: bool) -> str:
    if card is None:
        return "[face down]"
    text = f"{card['name']} {card['points']}pt ({card['effect']})"
    return text if face_up else f"[face down: {text}]"


def _who(obs: dict[str, Any], p: int) -> str:
    if obs["participants"][p]["npc"]:
        return "The Magistrate (NPC)"
    return "You" if p == obs["seat"] else f"Seat {p}"


def render_text(obs: dict[str, Any]) -> str:
    lines = [
        f"Four Big Strata - round {obs['round']}/{obs['rounds']} - {PHASE_NAMES[obs['phase']]}",
        f"Start player: {_who(obs, obs['start_player'])}   draw pile: {obs['draw_pile']}   "
        f"empresses left: {obs['empress_pile']}",
    ]
    if obs["display"]:
        lines.append("Public Display:")
        for entry in obs["display"]:
            if entry is not None:
                lines.append(f"  slot {entry['slot'] + 1}: {_card(entry['card'], entry['face_up'])}")
    for p, person in enumerate(obs["participants"]):
        bid = person["bid"]
        bid_text = "" if bid is None else f"   bid: {bid}"
        resources = "" if person["npc"] else f"   grain {person['grain']}  money {person['money']}"
        lines.append(f"{_who(obs, p)}{resources}{bid_text}")
        for column in CLASS_ORDER:
            cards = [c for c in person["cards"] if c["column"] == column]
            if cards:
                shown = ", ".join(_card(c["card"], c["face_up"]) for c in cards)
                lines.append(f"  {column + 's':10} {shown}")
    if obs["holding"] is not None:
        lines.append(
            f"{_who(obs, obs['holding']['seat'])} took a face-down card: {_card(obs['holding']['card'], False)}"
        )
    if obs["final_scores"]:
        lines.append("Final class scores (scholar, peasant, artisan, merchant):")
        for p, scores in enumerate(obs["final_scores"]):
            lines.append(f"  {_who(obs, p)}: {scores} -> lowest {min(scores)}")
    return "\n".join(lines)
