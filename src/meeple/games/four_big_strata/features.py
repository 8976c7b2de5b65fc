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
from meeple.engine.features import Pieces, counts, floats, names, one_hot, packer, relative, seat_names
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

    # A card as the display or the held card shows it, by card type: its face seen, face up or
    # down, then its face unseen (face down) and no card.
    seen_up = [floats([1.0, True, 1.0, *card_class(c), points]) for c, points in zip(cls_of, points_of, strict=True)]
    seen_down = [floats([1.0, False, 1.0, *card_class(c), points]) for c, points in zip(cls_of, points_of, strict=True)]
    face_down, empty = floats([1.0, False, 0.0, *card_class(None), 0.0]), floats(no_card)
    no_holding = floats([*no_card, False])
    phases = {name: floats(phase(name)) for name in PHASES}

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

    column_of = [COLUMN_NAMES.index(cls) for cls in cls_of]
    known_pack = packer(len(COLUMN_NAMES) + 1)

    def known_faces(types: list[int], ups: list[bool], knows: list[int], seat: int) -> bytes:
        """The display's cards whose face `seat` sees (face up or known to it) by class, and their points."""
        made, mine = [0.0] * (len(COLUMN_NAMES) + 1), 1 << seat
        for t, up, k in zip(types, ups, knows, strict=True):
            if up or k == PUBLIC or k & mine:
                made[column_of[t]] += 1.0
                made[-1] += points_of[t]
        return known_pack(*made)

    discard_piece, public_piece = Pieces(discarded), Pieces(public, limit=16384)
    orders = [relative(seat, participants) for seat in range(players)]
    public_made = public_piece.made
    head, table, tasks_pack, three, four = packer(1), packer(8), packer(3), packer(3), packer(4)
    no_cards, mine_bytes, card_size = floats(no_card * display), [floats([False]), floats([True])], 4 * len(CARD_PARTS)
    # What each seat's last row was made from: the discard with its block, the display (cards, faces up,
    # seen by the seat) with its block, then each participant's cards, columns, faces up and
    # known masks with its public and known blocks. The whole row is joined anew at each
    # observation (one copy), from kept blocks where their inputs are unchanged.
    kept: list[list[Any]] = [[None] * (2 + participants) for _ in range(players)]

    def from_state(game: Any, state: Fbs, seat: int, legal: list[Any]) -> array:
        mine = kept[seat]
        order, pile, queue = state.order, state.empress_pile, state.queue
        discard = state.discard
        known = mine[0]
        if known is None or discard != known[0]:
            known = mine[0] = (discard[:], discard_piece(key := tuple(discard), key))
        parts = [
            head(state.round),
            phases[state.phase],
            table(
                state.solo,
                game.rules.ratio(state),
                state.start == seat,
                order.index(seat) + 1 if seat in order else 0,
                state.order_pos,
                len(state.draw),
                len(pile),
                points_of[pile[-1]] if pile else 0,
            ),
            known[1],
            tasks_pack(len(queue), len([task for task in queue if task[1] == seat]), bool(legal)),
        ]
        shown, ups, sees = state.display, state.display_up, state.start == seat
        known = mine[1]
        if known is None or shown != known[0] or ups != known[1] or sees is not known[2]:
            laid = [
                empty if t < 0 else seen_up[t] if up else seen_down[t] if sees else face_down
                for t, up in zip(shown, ups, strict=True)
            ]
            known = mine[1] = (shown[:], ups[:], sees, b"".join(laid) + no_cards[card_size * len(shown) :])
        parts.append(known[3])
        holding = state.holding
        if holding < 0:
            parts.append(no_holding)
        else:
            knows = state.holding_known == PUBLIC or bool(state.holding_known >> seat & 1)
            parts.append(seen_down[holding] if knows else face_down)
            parts.append(mine_bytes[order[state.order_pos] == seat])
        cards, columns, face_up, knows = state.cards, state.columns, state.face_up, state.known
        grain, money, bids, market, reward = state.grain, state.money, state.bids, state.market, state.reward
        revealed, players_now = state.bids_revealed, state.players
        k = 2
        for p in orders[seat]:
            bid = bids[p]
            shows = revealed or (p == seat and bid >= 0)
            parts.append(three(p >= players_now, grain[p], money[p]))
            types, where, up, known_to = cards[p], columns[p], face_up[p], knows[p]
            known = mine[k]
            if known is None or types != known[0] or where != known[1] or up != known[2] or known_to != known[3]:
                layout = (tuple(types), tuple(where), tuple(up))
                known = mine[k] = (
                    types[:],
                    where[:],
                    up[:],
                    known_to[:],
                    public_made.get(layout) or public_piece(layout, state, p),
                    known_faces(types, up, known_to, seat),
                )
            parts.append(known[4])
            parts.append(known[5])
            parts.append(four(bid if shows else 0, not shows and bid >= 0, market[p], reward[p]))
            k += 1
        return array("f", b"".join(parts))

    return Features(tuple(slot_names), encode, from_state)
