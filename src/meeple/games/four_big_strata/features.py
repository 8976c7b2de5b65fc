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
from itertools import compress, repeat
from operator import add, and_, itemgetter, ne, or_, sub
from struct import Struct
from typing import Any

from meeple.engine import Features
from meeple.engine.features import counts, floats, names, one_hot, packer, relative, seat_names
from meeple.games.four_big_strata.content import CLASSES, COLUMN_NAMES, Content
from meeple.games.four_big_strata.observation import display_summary
from meeple.games.four_big_strata.state import BID, CAP, FEED, OVER, PICK, PUBLIC, SETUP, TRIBUTE, Fbs

TASK_SEAT = itemgetter(1)  # a queued task is [kind, seat, other, amount] (state.py)
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
    # The row is one `struct` call over a flat list that C gathers into the row's order: the
    # head's numbers, then each kind of per-participant number as the state's lists hold them
    # (in participant order), which a per-seat `itemgetter` picks into the seat's relative order.
    # What changes seldom is kept as float32 bytes, with copies of what made it, compared by
    # value: the discard and the display (shared by every seat), each participant's public block
    # (shared) and each seat's known faces of each participant, both counted on when that
    # participant's Personal Display changed by one card and made again otherwise, and each
    # seat's view of the bids.
    cls_of = [card.cls for card in content.cards]
    points_of = [card.points for card in content.cards]
    card_size = len(CARD_PARTS)
    solo = participants > players

    def discarded(pile: list[int]) -> bytes:
        return floats([len(pile), *column([cls_of[t] for t in pile])])

    # A card as the display or the held card shows it, by card type: its face seen, face up or
    # down, then its face unseen (face down) and no card.
    seen_up = [floats([1.0, True, 1.0, *card_class(c), points]) for c, points in zip(cls_of, points_of, strict=True)]
    seen_down = [floats([1.0, False, 1.0, *card_class(c), points]) for c, points in zip(cls_of, points_of, strict=True)]
    face_down, empty = floats([1.0, False, 0.0, *card_class(None), 0.0]), floats(no_card)
    no_cards = floats(no_card * display)
    phases = {name: floats(phase(name)) for name in PHASES}

    def public_numbers(types: tuple[int, ...], where: tuple[int, ...], up: tuple[bool, ...]) -> list[int]:
        """What every seat sees of a Personal Display (its types, columns, faces up), by the
        rules' summary: class scores, Influence, upkeep, cards, cards per column, cards face up;
        then, not shown, its face-up cards that give Influence per set."""
        scores, power, grain, money = display_summary((types, where, up), content)
        gives = sum(map(and_, up, map(set_influence.__getitem__, types)))
        return [*scores, power, grain, money, len(types), *map(where.count, columns), sum(up), gives]

    # The public numbers add up card by card (class scores and their bonuses to every class,
    # upkeep, counts: 5 C, 8.3.1), except Influence per complete set (5 C), so a Display gets
    # them counted on from one card's numbers (the rules' summary of that card alone) unless a
    # face-up card giving Influence per set lies in it before or after: then the rules sum it.
    set_influence = [card.set_influence > 0 for card in content.cards]
    one_card: dict[tuple[int, int, bool], tuple[int, ...]] = {}
    public_kept: list[list[int]] = [[] for _ in range(participants)]
    known_size = len(COLUMN_NAMES) + 1
    public_size = len(SEAT_PARTS) - 3 - known_size - 4
    public_pack = packer(public_size)

    def card_numbers(card: int, column: int, up: bool) -> tuple[int, ...]:
        """The public numbers of a Display holding one card of type `card` in `column`, face up
        or down (made once by the rules' summary, then kept)."""
        key = (card, column, up)
        made = one_card.get(key)
        if made is None:
            made = one_card[key] = tuple(public_numbers((card,), (column,), (up,)))
        return made

    def count_public(p: int, now: tuple[list[Any], ...], gained: tuple[int, ...], lost: tuple[int, ...] | None) -> None:
        """Participant `p`'s public numbers with one card's numbers `gained` (and `lost`) counted
        on, or summed again by the rules (`now`: its types, columns, faces up)."""
        kept = public_kept[p]
        numbers = [*map(add, kept, gained)] if lost is None else [*map(sub, map(add, kept, gained), lost)]
        if kept[-1] or numbers[-1]:
            numbers = public_numbers(*map(tuple, now))
        public_kept[p] = numbers
        public_blocks[p] = public_pack(*numbers[:-1])

    column_of = [COLUMN_NAMES.index(cls) for cls in cls_of]
    columns = range(len(COLUMN_NAMES))
    known_pack = packer(known_size)

    def known_faces(seen: list[int]) -> tuple[bytes, tuple[int, ...]]:
        """Cards whose face a seat sees (`seen`, their types) by class, and their points: the
        block and its numbers (kept to count on from when a card is added)."""
        classes = [*map(column_of.__getitem__, seen)]
        numbers = [*map(classes.count, columns), sum(map(points_of.__getitem__, seen))]
        return known_pack(*numbers), tuple(numbers)

    row = Struct(
        f"f{4 * len(PHASES)}s8f{4 * (1 + len(COLUMN_NAMES))}s3f{4 * card_size * display}s{4 * card_size}sf"
        + f"3f{4 * public_size}s{4 * known_size}s4f" * participants
    )
    if row.size != 4 * len(slot_names):
        raise ValueError(f"the row's layout holds {row.size // 4} slots, not the {len(slot_names)} named")
    pack = row.pack
    # The flat list: the head's HEAD items, then KINDS lists of `participants` items each, in
    # the order of a participant's block (rules-driven, grain, money, public block, known
    # block, bid shown, bid sealed, market open, reward owed); each seat's `itemgetter` picks
    # the head, then each participant's block in the seat's relative order.
    head, kinds = 17, 9
    picks = [
        itemgetter(*range(head), *(head + kind * participants + p for p in order for kind in range(kinds)))
        for order in (relative(seat, participants) for seat in range(players))
    ]
    npcs = [p >= players for p in range(participants)]
    unsealed, unbid = [False] * participants, [0] * participants
    # Shared by every observing seat (all see them alike): the discard and the display (the
    # latter as the Start Player sees it and as the others do), each [inputs copied..., block(s)];
    # the Personal Displays as last seen (deep copies of cards, columns, face up, known masks),
    # each participant's public block (and its numbers, `public_kept` above). Each observing
    # seat's own: its known block of each participant and its numbers, and its view of the bids
    # [bids copied, shown, sealed].
    shared_discard: list[Any] = [None, b""]
    shared_display: list[Any] = [None, None, None, None]
    displays: list[Any] = [None, None, None, None]
    public_blocks = [b""] * participants
    known_blocks = [[b""] * participants for _ in range(players)]
    known_numbers: list[list[Any]] = [[None] * participants for _ in range(players)]
    bits = [(seat, repeat(1 << seat)) for seat in range(players)]
    seen_bids: list[list[Any]] = [[None, None, None] for _ in range(players)]
    ratio_of: list[Any] = [None, 0]  # the game last asked and its tribute ratio (options, players)

    def display_block(shown: list[int], ups: list[bool], sees: bool) -> bytes:
        laid = [
            empty if t < 0 else seen_up[t] if up else seen_down[t] if sees else face_down
            for t, up in zip(shown, ups, strict=True)
        ]
        return b"".join(laid) + no_cards[4 * card_size * len(shown) :]

    def personal_displays(state: Fbs) -> None:
        """Keep each participant's public block and each seat's known block of it up to date
        with its Personal Display, and copy the display. A card added at the end, or one card
        turned, is counted on (0.95 of the Displays' changes in random play); any other change
        makes the blocks again."""
        now = state.cards, state.columns, state.face_up, state.known
        if displays[0] is None:
            displays[:] = [[None] * participants for _ in now]
        copied = displays
        for p in range(participants):
            types, where, up, knows = now[0][p], now[1][p], now[2][p], now[3][p]
            old = copied[0][p], copied[1][p], copied[2][p], copied[3][p]
            if types == old[0] and where == old[1] and up == old[2] and knows == old[3]:
                continue
            if appended(types, where, up, knows, *old):
                count_public(p, (types, where, up), card_numbers(types[-1], where[-1], up[-1]), None)
                count_known(p, types[-1], PUBLIC if up[-1] else knows[-1])
            elif (card := turned(types, where, up, knows, *old)) >= 0:
                kind, column = types[card], where[card]
                now_up, was_up = card_numbers(kind, column, up[card]), card_numbers(kind, column, old[2][card])
                count_public(p, (types, where, up), now_up, was_up)
            else:
                remake(p, types, where, up, knows)
            copied[0][p], copied[1][p], copied[2][p], copied[3][p] = types[:], where[:], up[:], knows[:]

    def appended(types: list[int], where: list[int], up: list[bool], knows: list[int], *old: Any) -> bool:
        """Whether a Personal Display (types, columns, faces up, known masks) is its copy `old`
        with one card added at the end."""
        last = len(types) - 1
        old_types, old_where, old_up, old_knows = old
        if old_types is None or last != len(old_types) or types[:last] != old_types:
            return False
        return where[:last] == old_where and up[:last] == old_up and knows[:last] == old_knows

    def turned(types: list[int], where: list[int], up: list[bool], knows: list[int], *old: Any) -> int:
        """The place of the one card of a Personal Display turned, the rest as its copy `old`
        and every seat seeing the same faces (a seat sees a face up card's face, or one whose
        `known` mask has its bit; a card flipped face down stays PUBLIC, 8.4); -1 if the change
        is another."""
        old_types, old_where, old_up, old_knows = old
        if types != old_types or where != old_where:
            return -1
        changed = [*map(or_, map(ne, up, old_up), map(ne, knows, old_knows))]
        if changed.count(True) != 1:
            return -1
        card = changed.index(True)
        seen = PUBLIC if up[card] else knows[card]
        return card if seen == (PUBLIC if old_up[card] else old_knows[card]) else -1

    def remake(p: int, types: list[int], where: list[int], up: list[bool], knows: list[int]) -> None:
        """Make participant `p`'s public block and each seat's known block of it again."""
        public_kept[p] = numbers = public_numbers(tuple(types), tuple(where), tuple(up))
        public_blocks[p] = public_pack(*numbers[:-1])
        for seat, mine in bits:
            seen = [*compress(types, map(or_, up, map(and_, knows, mine)))]
            known_blocks[seat][p], known_numbers[seat][p] = known_faces(seen)

    def count_known(p: int, card: int, seats: int) -> None:
        """Count a card of participant `p`'s Personal Display into the known block of each of
        `seats` (a mask), on from the numbers kept."""
        if not seats:
            return
        column, points = column_of[card], points_of[card]
        for seat, _ in bits:
            if seats >> seat & 1:
                numbers = [*known_numbers[seat][p]]
                numbers[column] += 1
                numbers[-1] += points
                known_blocks[seat][p], known_numbers[seat][p] = known_pack(*numbers), tuple(numbers)

    def bids_seen(bids: list[int], seat: int) -> list[Any]:
        """[bids copied, shown, sealed] as `seat` sees unrevealed bids: its own if made, the
        others' only as sealed."""
        shown, sealed, own = unbid[:], [bid >= 0 for bid in bids], bids[seat]
        if own >= 0:
            shown[seat] = own
        sealed[seat] = False
        return [bids[:], shown, sealed]

    def from_state(game: Any, state: Fbs, seat: int, legal: list[Any]) -> array:
        order, pile, queue, discard = state.order, state.empress_pile, state.queue, state.discard
        if discard != shared_discard[0]:
            shared_discard[:] = discard[:], discarded(discard)
        shown, ups, sees = state.display, state.display_up, state.start == seat
        board = shared_display
        if shown != board[0] or ups != board[1]:
            board[:] = shown[:], ups[:], None, None
        laid = board[2 + sees]
        if laid is None:
            laid = board[2 + sees] = display_block(shown, ups, sees)
        holding = state.holding
        if holding < 0:
            held, mine = empty, False
        else:
            knows = state.holding_known == PUBLIC or bool(state.holding_known >> seat & 1)
            held, mine = seen_down[holding] if knows else face_down, order[state.order_pos] == seat
        old = displays
        if state.cards != old[0] or state.columns != old[1] or state.face_up != old[2] or state.known != old[3]:
            personal_displays(state)
        bids = state.bids
        if state.bids_revealed:
            bids_shown, sealed = bids, unsealed
        else:
            seen = seen_bids[seat]
            if bids != seen[0]:
                seen = seen_bids[seat] = bids_seen(bids, seat)
            bids_shown, sealed = seen[1], seen[2]
        if game is not ratio_of[0]:
            ratio_of[:] = game, game.rules.ratio(state)
        flat = [
            state.round,
            phases[state.phase],
            solo,
            ratio_of[1],
            sees,
            order.index(seat) + 1 if seat in order else 0,
            state.order_pos,
            len(state.draw),
            len(pile),
            points_of[pile[-1]] if pile else 0,
            shared_discard[1],
            len(queue),
            [*map(TASK_SEAT, queue)].count(seat) if queue else 0,
            bool(legal),
            laid,
            held,
            mine,
            *npcs,
            *state.grain,
            *state.money,
            *public_blocks,
            *known_blocks[seat],
            *bids_shown,
            *sealed,
            *state.market,
            *state.reward,
        ]
        return array("f", pack(*picks[seat](flat)))

    return Features(tuple(slot_names), encode, from_state)
