"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone; slot names say what each holds.
`from_state` reads the same numbers straight from the state for the learner's loop, only
what observation.py shows (tests/rl/test_features.py holds the two equal for every seat).
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

from array import array
from typing import Any

from meeple.engine import Features
from meeple.engine.features import Pieces, counts, names, one_hot, relative, row, seat_names
from meeple.games.four_big_strata import flow
from meeple.games.four_big_strata.content import CLASSES, COLUMN_NAMES, Content
from meeple.games.four_big_strata.observation import card_views
from meeple.games.four_big_strata.state import BID, CAP, FEED, OVER, PICK, PUBLIC, SETUP, TRIBUTE, Fbs

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

    # --- the same slots read from the state (Features.from_state), as observation.py shows it ---
    cls_of = [card.cls for card in content.cards]
    points_of = [card.points for card in content.cards]
    views = card_views(content)

    def discarded(pile: tuple[int, ...]) -> list[float]:
        return [len(pile), *column([cls_of[t] for t in pile])]

    def laid_out(types: tuple[int, ...], ups: tuple[bool, ...], sees: bool) -> list[float]:
        made: list[float] = []
        for card_type, up in zip(types, ups, strict=True):
            if card_type < 0:
                made += no_card
            elif up or sees:
                made += [1.0, up, 1.0, *card_class(cls_of[card_type]), points_of[card_type]]
            else:
                made += [1.0, up, 0.0, *card_class(None), 0.0]
        return made + no_card * (display - len(types))

    def held(card_type: int, knows: bool, mine: bool) -> list[float]:
        if card_type < 0:
            return [*no_card, False]
        if knows:
            return [1.0, False, 1.0, *card_class(cls_of[card_type]), points_of[card_type], mine]
        return [1.0, False, 0.0, *card_class(None), 0.0, mine]

    def public(state: Fbs, p: int) -> list[float]:
        """What every seat sees of participant `p`'s Personal Display: class scores, Influence,
        upkeep, cards, cards per column, cards face up."""
        layout = (tuple(state.cards[p]), tuple(state.columns[p]), tuple(state.face_up[p]))
        scores, power, upkeep = views.summaries.get(layout) or views.summary(state, p, layout)
        return [
            *scores,
            power,
            upkeep["grain"],
            upkeep["money"],
            len(state.cards[p]),
            *column([COLUMN_NAMES[c] for c in state.columns[p]]),
            sum(state.face_up[p]),
        ]

    def known_faces(types: tuple[int, ...], ups: tuple[bool, ...], knows: tuple[int, ...], seat: int) -> list[float]:
        """The display's cards whose face `seat` sees (face up or known to it) by class, and their points."""
        mine = 1 << seat
        known = [t for t, up, k in zip(types, ups, knows, strict=True) if up or k == PUBLIC or k & mine]
        return [*column([cls_of[t] for t in known]), sum(points_of[t] for t in known)]

    discard_piece, display_piece, holding_piece = Pieces(discarded), Pieces(laid_out), Pieces(held)
    public_piece, known_piece = Pieces(public, limit=16384), Pieces(known_faces, limit=16384)
    orders = [relative(seat, participants) for seat in range(players)]
    public_made, known_made = public_piece.made, known_piece.made

    def from_state(game: Any, state: Fbs, seat: int, legal: list[Any]) -> array:
        order, pile, queue, discard = state.order, state.empress_pile, state.queue, tuple(state.discard)
        start, holding, sees = state.start, state.holding, state.start == seat
        known = holding >= 0 and (state.holding_known == PUBLIC or bool(state.holding_known >> seat & 1))
        mine = holding >= 0 and order[state.order_pos] == seat
        cards, columns, face_up, knows = state.cards, state.columns, state.face_up, state.known
        grain, money, bids, market, reward = state.grain, state.money, state.bids, state.market, state.reward
        revealed, players = state.bids_revealed, state.players
        parts = [
            array(
                "f",
                [
                    state.round,
                    *phase(state.phase),
                    state.solo,
                    game.rules.ratio(state),
                    start == seat,
                    order.index(seat) + 1 if seat in order else 0,
                    state.order_pos,
                    len(state.draw),
                    len(pile),
                    points_of[pile[-1]] if pile else 0,
                ],
            ),
            discard_piece(discard, discard),
            array("f", [len(queue), len([task for task in queue if task[1] == seat]), seat in flow.to_move(state)]),
            display_piece((tuple(state.display), tuple(state.display_up), sees), state.display, state.display_up, sees),
            holding_piece((holding, known, mine), holding, known, mine),
        ]
        for p in orders[seat]:
            types, ups = tuple(cards[p]), tuple(face_up[p])
            shown = (types, tuple(columns[p]), ups)
            key = (types, ups, tuple(knows[p]), seat)
            bid = bids[p]
            shows = revealed or (p == seat and bid >= 0)
            parts += (
                array("f", [p >= players, grain[p], money[p]]),
                public_made.get(shown) or public_piece(shown, state, p),
                known_made.get(key) or known_piece(key, *key),
                array("f", [bid if shows else 0, not shows and bid >= 0, market[p], reward[p]]),
            )
        return row(*parts)

    return Features(tuple(slot_names), encode, from_state)
