"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone; slot names say what each holds.
`from_state` reads the same numbers straight from the state for the learner's loop, only
what observation.py shows (tests/rl/test_features.py holds the two equal for every seat).
Blocks, in order (seat blocks relative: the observing seat's first, then the others in turn):

- the table: round, phase and step (one-hot), whether the seat is active and to move, the
  regions deck, total renown, cards in the reaction window, quests under way, cards used,
  whether the game has ended;
- each region slot: present, Resistance, renown, the seat's army there (Influence, Resistance,
  the region's Resistance against it) and the strongest other army's Influence and Resistance;
- each seat: main and demesne decks, hand (and its main / demesne backs), cards in play by
  type and their RP, Influence and Resistance, knights, spent cards, captured regions, renown,
  RP capacity, allocated and spent, quest draws owed, demesne played, mulligans left;
- the seat's own hand: each card of the pool counted by id, and its RP in all.
"""

from array import array
from struct import Struct
from typing import Any

from meeple.engine import Features
from meeple.engine.features import Pieces, at, counts, floats, names, one_hot, packer, relative, seat_names
from meeple.games.round_table.army import armies as seat_armies
from meeple.games.round_table.autumn import region_resistance
from meeple.games.round_table.content import MAIN_TYPES, Pool
from meeple.games.round_table.lineup import Lineup, lineups
from meeple.games.round_table.state import (
    AUTUMN,
    DECLARE,
    DISCARD,
    OVER,
    SPRING,
    START,
    SUMMER,
    WINDOWS,
    WINTER,
    Rt,
)

PHASES = (START, SPRING, SUMMER, AUTUMN, WINTER, DISCARD, OVER)
STEPS = (DECLARE, *WINDOWS)
TYPES = (*MAIN_TYPES, "demesne", "region")
REGION_PARTS = ["present", "resistance", "renown", "my_influence", "my_resistance", "against_me"]
REGION_PARTS += ["their_influence", "their_resistance"]
SEAT_PARTS = [
    "main_deck",
    "demesne_deck",
    "hand",
    "hand_main",
    "hand_demesne",
    *names("play", TYPES),
    "play_rp",
    "play_influence",
    "play_resistance",
    "spent",
    "captured",
    "renown",
    "capacity",
    "allocated",
    "spent_rp",
    "quest_draws",
    "demesne_played",
    "mulligan",
]


def observation_features(pool: Pool, players: int, regions: int) -> Features:
    ids = list(dict.fromkeys(card.id for card in pool.cards))
    phase, step, kind, card_count = one_hot(PHASES), one_hot(STEPS), counts(TYPES), counts(ids)
    slot_names = (
        ["round", *names("phase", PHASES), *names("step", STEPS), "active", "to_move", "regions_deck"]
        + ["total_renown", "window", "quests", "used", "ended"]
        + [f"region{k}/{part}" for k in range(regions) for part in REGION_PARTS]
        + seat_names(players, SEAT_PARTS)
        + [*names("hand", ids), "hand_rp"]
    )

    def region(shown: dict[str, Any] | None, armies: list[dict[str, Any]], seat: int) -> list[float]:
        if shown is None:
            return [0.0] * len(REGION_PARTS)
        mine = next((army for army in armies if army["seat"] == seat), None)
        theirs = [army for army in armies if army["seat"] != seat]
        return [
            1.0,
            shown["resistance"],
            shown["renown"],
            *((mine["influence"], mine["resistance"], mine["region_resistance"]) if mine else (0, 0, 0)),
            max((army["influence"] for army in theirs), default=0),
            max((army["resistance"] for army in theirs), default=0),
        ]

    def seat_block(view: dict[str, Any]) -> list[float]:
        hand = view["hand"]
        play = [entry["card"] for entry in view["play"]]
        mains = sum(card["back"] == "main" for card in hand)
        return [
            view["main_deck"],
            view["demesne_deck"],
            len(hand),
            mains,
            len(hand) - mains,
            *kind([card["type"] for card in play]),
            sum(card["rp"] for card in play),
            sum(card["influence"] for card in play),
            sum(card["resistance"] for card in play),
            len(view["spent"]),
            len(view["captured"]),
            view["renown"],
            view["capacity"],
            view["allocated"],
            view["spent_rp"],
            view["quest_draws"],
            view["demesne_played"],
            view["mulligan"],
        ]

    def encode(observation: dict[str, Any]) -> list[float]:
        seat = observation["seat"]
        shown, armies = observation["regions"], observation["armies"]
        row = [
            observation["round"],
            *phase(observation["phase"]),
            *step(observation["step"]),
            observation["active"] == seat,
            seat in observation["to_move"],
            observation["regions_deck"],
            observation["total_renown"],
            len(observation["window"]),
            len(observation["quests"]),
            len(observation["used"]),
            bool(observation["end"]),
        ]
        for k in range(regions):
            row += region(shown[k], armies[k], seat) if k < len(shown) else region(None, [], seat)
        views = observation["seats"]
        for other in relative(seat, players):
            row += seat_block(views[other])
        hand = [card["card"] for card in views[seat]["hand"]]
        row += card_count([card["id"] for card in hand])
        row.append(sum(card["rp"] for card in hand))
        return row

    # --- the same slots read from the state (Features.from_state), as observation.py shows it ---
    cards, orders = pool.cards, [relative(seat, players) for seat in range(players)]
    main = pool.main
    renown_of = [card.renown for card in cards]
    id_place = {card_id: k for k, card_id in enumerate(ids)}
    no_region = [0.0] * len(REGION_PARTS)

    type_at = [TYPES.index(card.type) if card.type in TYPES else -1 for card in cards]  # by pool index
    rp_of = [card.rp for card in cards]
    influence_of, resistance_of = [card.influence for card in cards], [card.resistance for card in cards]
    type_places = range(len(TYPES))

    def in_play(kinds: tuple[int, ...]) -> list[int]:
        """Cards in play (`kinds`, pool indices) by type, and their RP, Influence and Resistance:
        looked up by pool index and counted in C (`map`, `list.count`), no card read in Python."""
        types = list(map(type_at.__getitem__, kinds))
        return [
            *map(types.count, type_places),
            sum(map(rp_of.__getitem__, kinds)),
            sum(map(influence_of.__getitem__, kinds)),
            sum(map(resistance_of.__getitem__, kinds)),
        ]

    play_piece = Pieces(in_play)
    play_made = play_piece.made
    hand_at, hand_rp_at = at(slot_names, "hand/" + ids[0]), at(slot_names, "hand_rp")
    count_at = [id_place[card.id] for card in cards]  # a card's slot in the own hand block
    own_size = 4 * (len(ids) + 1)  # the own hand block: counts by id, then its RP
    phase_bytes = {name: floats(phase(name)) for name in PHASES}
    step_bytes = {name: floats(step(name)) for name in STEPS}
    no_region_bytes = floats(no_region)
    # A region no army attacks, by card: present, Resistance, renown, and no army.
    region_plain = [floats([1.0, card.resistance, card.renown, *no_region[3:]]) for card in cards]
    regions_size, region_pack = 4 * len(REGION_PARTS) * regions, packer(len(REGION_PARTS))
    seat_pack = Struct(f"5f{4 * (len(TYPES) + 3)}s9f").pack  # one seat's block
    seat_size = 4 * len(SEAT_PARTS)
    row = Struct(f"f{4 * len(PHASES)}s{4 * len(STEPS)}s8f{regions_size}s" + f"{seat_size}s" * players + f"{own_size}s")
    if row.size != 4 * len(slot_names) or (hand_at, hand_rp_at) != (row.size - own_size, row.size - 4):
        raise ValueError(f"the row's layout holds {row.size // 4} slots, not the {len(slot_names)} named")
    head_at, regions_at, seats_at = 0, at(slot_names, "region0/present"), at(slot_names, "me/main_deck")
    put_head = Struct(f"f{4 * len(PHASES)}s{4 * len(STEPS)}s8f").pack_into  # the table's slots
    put_regions = Struct(f"{regions_size}s").pack_into
    # One kept row per observing seat, as its last observation left it but for the table's slots
    # (written on each copy handed out) and the regions where an army attacks (likewise): a seat's
    # block is written into every row when it is made, at the place that row gives it, the plain
    # regions when they change, the seat's own hand block in place (`own_hand`).
    rows = [array("f", bytes(row.size)) for _ in range(players)]
    views = [memoryview(made).cast("B") for made in rows]
    # Per seat, where its block lies in each observing seat's row.
    places = [[(views[s], seats_at + seat_size * orders[s].index(p)) for s in range(players)] for p in range(players)]
    # The faces the uids stand for (`card_of`: a determinization may redraw them) and a count of
    # their changes; the regions in play when their plain block was written; per seat what its
    # block was made of (`inputs`, copies); per observing seat its hand as its own hand block was
    # last set, the faces' count then, and the block's slots and bytes in its row.
    faces: list[Any] = [None, 0]
    main_uid: list[bool] = []  # per uid: Main-backed (its face's back; kept with the faces)
    shown_regions: list[Any] = [None]
    inputs: list[Any] = []
    no_draws = [0] * players  # `Rt.owed` is empty outside Autumn's Quest draws
    own: list[list[Any]] = [[None, -1, view[hand_at:].cast("f"), view[hand_at:]] for view in views]
    no_hand = bytes(own_size)

    def own_hand(known: list[Any], hand: list[int], card_of: list[int]) -> None:
        """Set the observing seat's hand block (`known`: the hand it was last set for, the faces'
        count then, the block's slots and bytes in the seat's row) for `hand`: where the same faces
        stand for the uids and the hand only drew cards (at its end) or lost one, only those
        cards' slots; else anew."""
        slots, old = known[2], known[0]
        if known[1] == faces[1]:
            if len(hand) > len(old) and hand[: len(old)] == old:  # drew
                for uid in hand[len(old) :]:
                    slots[count_at[card_of[uid]]] += 1.0
                    slots[-1] += rp_of[card_of[uid]]
                known[0] = hand[:]
                return
            if len(hand) == len(old) - 1:
                gone = set(old).difference(hand)  # a uid is one physical card: at most once in a hand
                if len(gone) == 1:  # lost that card, kept the others
                    kind = card_of[gone.pop()]
                    slots[count_at[kind]] -= 1.0
                    slots[-1] -= rp_of[kind]
                    known[0] = hand[:]
                    return
        known[3][:] = no_hand
        kinds = list(map(card_of.__getitem__, hand))
        for kind in kinds:  # cards of one id share a slot
            slots[count_at[kind]] += 1.0
        slots[-1] = sum(map(rp_of.__getitem__, kinds))
        known[0], known[1] = hand[:], faces[1]

    def seat_bytes(state: Rt, p: int, line: Lineup, hand: list[int], owed: int) -> bytes:
        """Seat `p`'s block as every seat sees it (`line`: its cards in play summed up, lineup.py;
        `owed`: its Quest draws still to take)."""
        kinds, captured = line.kinds, state.captured[p]
        mains = sum(map(main_uid.__getitem__, hand))
        spent_rp = state.spent_rp[p]
        return seat_pack(
            len(state.main[p]),
            len(state.demesne[p]),
            len(hand),
            mains,
            len(hand) - mains,
            play_made.get(kinds) or play_piece(kinds, kinds),
            len(state.spent[p]),
            len(captured),
            sum(map(renown_of.__getitem__, captured)) if captured else 0,
            line.capacity,
            line.upkeep + spent_rp,
            spent_rp,
            owed,
            state.demesne_played[p],
            state.mulligans[p],
        )

    def region_blocks(state: Rt, seat: int, attacking: list[dict[int, tuple[int, int]]]) -> bytes:
        """Each region slot: the region, the seat's army there and the strongest other army
        (`attacking`: each seat's armies by region slot, empty for a seat with no knight attacking)."""
        made = []
        for slot in range(regions):
            if slot >= len(state.regions):
                made.append(no_region_bytes)
                continue
            region = state.regions[slot]
            if not any(slot in found for found in attacking):
                made.append(region_plain[region])
                continue
            mine: tuple[int, ...] = (0, 0, 0)
            influences, resistances = [], []
            for p in range(players):
                if slot in attacking[p]:
                    influence, resistance = attacking[p][slot]
                    if p == seat:
                        mine = (influence, resistance, region_resistance(state, pool, region, p))
                    else:
                        influences.append(influence)
                        resistances.append(resistance)
            made.append(
                region_pack(
                    1.0,
                    cards[region].resistance,
                    cards[region].renown,
                    *mine,
                    max(influences, default=0),
                    max(resistances, default=0),
                )
            )
        return b"".join(made)

    def plain_regions(shown: list[int]) -> None:
        """The regions no army attacks written into every seat's row."""
        shown_regions[0] = shown[:]
        block = b"".join([region_plain[r] for r in shown] + [no_region_bytes] * (regions - len(shown)))
        for view in views:
            view[regions_at : regions_at + regions_size] = block

    def from_state(game: Any, state: Rt, seat: int, legal: list[Any]) -> array:
        card_of = state.card_of
        if card_of != faces[0]:  # new faces: every block made again
            faces[0] = card_of[:]
            main_uid[:] = map(main.__getitem__, card_of)
            faces[1] += 1
            inputs[:] = [None] * players
        lines, hands, owed = lineups(state, pool), state.hand, state.owed or no_draws
        mains_of, demesnes, spent, captured_of = state.main, state.demesne, state.spent, state.captured
        spent_rp, played, mulligans = state.spent_rp, state.demesne_played, state.mulligans
        for p in range(players):
            # What the seat's block is made of, compared by value with what it was last made of
            # (its cards in play by their kept summary, which the rules replace when they change).
            line, hand, captured = lines[p], hands[p], captured_of[p]
            now = (
                line,
                hand,
                len(mains_of[p]),
                len(demesnes[p]),
                len(spent[p]),
                captured,
                spent_rp[p],
                owed[p],
                played[p],
                mulligans[p],
            )
            if now != inputs[p]:
                inputs[p] = (line, hand[:], *now[2:5], captured[:], *now[6:])
                block = seat_bytes(state, p, line, hand, now[7])
                for view, offset in places[p]:
                    view[offset : offset + seat_size] = block
        shown = state.regions
        if shown != shown_regions[0]:
            plain_regions(shown)
        hand, known = hands[seat], own[seat]
        if hand != known[0] or known[1] != faces[1]:
            own_hand(known, hand, card_of)
        made = rows[seat][:]
        put_head(
            made,
            head_at,
            state.round,
            phase_bytes[state.phase],
            step_bytes[state.step],
            state.active == seat,
            bool(legal),
            len(state.regions_deck),
            state.total_renown,
            len(state.window),
            len(state.quests),
            len(state.used),
            bool(state.end_reason),
        )
        attack = state.attack
        if attack.count(-1) != len(attack):  # a knight attacks (at few steps): the armies by the rules
            attacking = [seat_armies(state, pool, p) for p in range(players)]
            if any(attacking):
                put_regions(made, regions_at, region_blocks(state, seat, attacking))
        return made

    return Features(tuple(slot_names), encode, from_state)
