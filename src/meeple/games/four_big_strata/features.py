"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone; slot names say what each holds.
Blocks, in order (participant blocks relative: the observing seat's first, then the others in
turn, the Magistrate or other rules-driven participants among them):

- the table: round, phase (one-hot), solo, the tribute ratio, whether the seat is the start
  player, its place in the pick order (0 if none), the position reached in it, the draw pile,
  the Empress pile and the points of its top card, the discard and its cards by class, the
  tasks queued and those of the seat, whether the seat is to move;
- the display, slot by slot: present, face up, its card known, the card's class (one-hot), its
  points; the card being held: present, held by the seat, known, class, points;
- each participant: rules-driven, grain, money, the four class scores, influence, upkeep in
  grain and money, cards, cards per column, cards face up, cards known to the seat by class and
  their points, its bid (0 if unknown) and whether it is sealed, market open, reward owed.
"""

from typing import Any

from meeple.engine import Features
from meeple.engine.features import counts, names, one_hot, relative, seat_names
from meeple.games.four_big_strata.content import CLASSES, COLUMN_NAMES, Content
from meeple.games.four_big_strata.state import BID, CAP, FEED, OVER, PICK, SETUP, TRIBUTE

PHASES = (SETUP, BID, PICK, FEED, CAP, TRIBUTE, OVER)
CARD_PARTS = ["present", "face_up", "known", *names("class", COLUMN_NAMES), "points"]
SEAT_PARTS = [
    "npc",
    "grain",
    "money",
    *names("class_score", CLASSES),
    "influence",
    "upkeep_grain",
    "upkeep_money",
    "cards",
    *names("column", COLUMN_NAMES),
    "face_up",
    *names("known", COLUMN_NAMES),
    "known_points",
    "bid",
    "bid_sealed",
    "market_open",
    "reward_owed",
]


def observation_features(content: Content, players: int, participants: int, display: int) -> Features:
    phase, column, card_class = one_hot(PHASES), counts(COLUMN_NAMES), one_hot(COLUMN_NAMES)
    class_of = {card.id: card.cls for card in content.cards}
    no_card = [0.0] * len(CARD_PARTS)
    slot_names = (
        ["round", *names("phase", PHASES), "solo", "tribute_ratio", "start_player", "pick_place", "pick_position"]
        + ["draw_pile", "empress_pile", "empress_top_points", "discard", *names("discard", COLUMN_NAMES)]
        + ["tasks", "my_tasks", "to_move"]
        + [f"display{slot}/{part}" for slot in range(display) for part in CARD_PARTS]
        + [*names("holding", CARD_PARTS), "holding/mine"]
        + seat_names(participants, SEAT_PARTS)
    )

    def card(face_up: bool, shown: dict[str, Any] | None) -> list[float]:
        if shown is None:
            return [1.0, face_up, 0.0, *card_class(None), 0.0]
        return [1.0, face_up, 1.0, *card_class(shown["class"]), shown["points"]]

    def participant(view: dict[str, Any]) -> list[float]:
        cards = view["cards"]
        known = [entry["card"] for entry in cards if entry["card"] is not None]
        bid = view["bid"]
        return [
            view["npc"],
            view["grain"],
            view["money"],
            *view["class_scores"],
            view["influence"],
            view["upkeep"]["grain"],
            view["upkeep"]["money"],
            len(cards),
            *column([entry["column"] for entry in cards]),
            sum(entry["face_up"] for entry in cards),
            *column([shown["class"] for shown in known]),
            sum(shown["points"] for shown in known),
            bid if isinstance(bid, int) else 0,
            bid == "sealed",
            view["market_open"],
            view["reward_owed"],
        ]

    def encode(observation: dict[str, Any]) -> list[float]:
        seat = observation["seat"]
        order = observation["pick_order"]
        top = observation["empress_top"]
        tasks = observation["tasks"]
        holding = observation["holding"]
        row = [
            observation["round"],
            *phase(observation["phase"]),
            observation["solo"],
            observation["tribute_ratio"],
            observation["start_player"] == seat,
            order.index(seat) + 1 if seat in order else 0,
            observation["pick_position"],
            observation["draw_pile"],
            observation["empress_pile"],
            top["points"] if top else 0,
            len(observation["discard"]),
            *column([class_of.get(card_id) for card_id in observation["discard"]]),
            len(tasks),
            sum(task[1] == seat for task in tasks),
            seat in observation["to_move"],
        ]
        shown = observation["display"]
        for slot in range(display):
            laid = shown[slot] if slot < len(shown) else None
            row += no_card if laid is None else card(laid["face_up"], laid["card"])
        row += no_card if holding is None else card(False, holding["card"])
        row.append(holding is not None and holding["seat"] == seat)
        views = observation["participants"]
        for other in relative(seat, participants):
            row += participant(views[other])
        return row

    return Features(tuple(slot_names), encode)
