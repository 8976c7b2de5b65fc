"""The order of play: who decides now, what they may do, and everything that happens by
itself between decisions. A round is EXPLORATION, DIVISION, SELECTION, ADDITION (base game,
FINDINGS), then with The Merchants PHASE 5 (elephants) and PHASE 6 (auction and purchase);
the game ends after the fourth round."""

from functools import lru_cache
from itertools import compress
from operator import not_, or_

from meeple.engine import Action
from meeple.games.lotta_rome import addition, auction, division, elephants, selection, setup
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.exploration import explore
from meeple.games.lotta_rome.market import clear_market, prepare_market
from meeple.games.lotta_rome.scoring import seat_score
from meeple.games.lotta_rome.state import ADD, BID, CHOOSE, DIVIDE, ELEPHANT, OVER, PICK, START, Lotta


class Rules:
    """The content and the options that change the rules, resolved once per game."""

    def __init__(self, content: Content, merchants: bool, adjacent_groups: str) -> None:
        self.content = content
        self.merchants = merchants
        self.adjacent_groups = adjacent_groups


_UNSET = (-1).__eq__  # a sealed choice not made yet (a division mask, a lot choice) is -1
_HELD = (-1).__ne__  # a held piece is a code, -1 when none


def to_move(state: Lotta) -> tuple[int, ...]:
    """The seats that must decide now: every undecided seat in a sealed or simultaneous phase,
    the current buyer in the purchase. (Asked at every step of a search: the seats are picked
    by `compress`, no Python loop, or looked up by the sealed values.)"""
    phase = state.phase
    if phase == ADD:
        return tuple(compress(range(state.players), map(or_, map(bool, state.pending), map(_HELD, state.holding))))
    if phase == DIVIDE:
        return _undecided(tuple(state.division))
    if phase == CHOOSE:
        return _undecided(tuple(state.choice))
    seats = range(state.players)
    if phase == ELEPHANT:
        return tuple(compress(seats, map(not_, state.elephant_done)))
    if phase in (START, BID):
        return tuple([s for s in seats if auction.must_choose(state, s)])
    if phase == PICK:
        pending, holding = state.pending, state.holding
        for seat in seats:
            if pending[seat] or holding[seat] >= 0:  # the buyer placing his lot
                return (seat,)
        buyer = auction.picker(state)
        return (buyer,) if buyer >= 0 else ()
    return ()


@lru_cache(maxsize=4096)
def _undecided(sealed: tuple[int, ...]) -> tuple[int, ...]:
    """The seats whose sealed choice (a division mask, a lot choice) is still unmade, memoised on
    the values (a search meets a few hundred of them)."""
    return tuple(compress(range(len(sealed)), map(_UNSET, sealed)))


def anyone_to_move(state: Lotta) -> bool:
    """Whether `to_move(state)` names anyone, without building it (asked after every step)."""
    phase = state.phase
    if phase == ADD:
        return any(state.pending) or max(state.holding) >= 0
    if phase == DIVIDE:
        return min(state.division) < 0
    if phase == CHOOSE:
        return min(state.choice) < 0
    if phase == ELEPHANT:
        return not all(state.elephant_done)
    return bool(to_move(state))


def may_move(state: Lotta, seat: int) -> bool:
    """Whether `seat` is among `to_move(state)`, asked of that seat alone (the hot path)."""
    phase = state.phase
    if phase == DIVIDE:
        return state.division[seat] < 0
    if phase == CHOOSE:
        return state.choice[seat] < 0
    if phase == ADD:
        return bool(state.pending[seat]) or state.holding[seat] >= 0
    if phase == ELEPHANT:
        return not state.elephant_done[seat]
    if phase in (START, BID):
        return auction.must_choose(state, seat)
    return seat in to_move(state)


def legal_actions(state: Lotta, seat: int, rules: Rules) -> list[Action]:
    phase = state.phase
    if phase == ADD:  # the most frequent decision: placing the lots' lands
        if state.holding[seat] >= 0 or state.pending[seat]:
            return addition.placing_actions(state, seat, rules.content)
        return []
    if not may_move(state, seat):
        return []
    content = rules.content
    if phase == DIVIDE:
        return division.division_actions(state, seat, content)
    if phase == CHOOSE:
        return selection.choice_actions(state, seat, content)
    if phase == ELEPHANT:
        return elephants.elephant_actions(state, seat)
    if phase == START:
        return auction.contract_actions(state, seat, content, "keep")
    if phase == BID:
        return auction.contract_actions(state, seat, content, "bid")
    if addition.is_placing(state, seat):
        return addition.placing_actions(state, seat, content)
    return auction.lot_actions(state, content)


def perform(state: Lotta, seat: int, action: Action, rules: Rules) -> None:
    """Carry out a legal action, then run the game forward to the next decision."""
    kind = action.payload["kind"]
    payload = action.payload
    # The sealed phases and placing go on while a seat still has to decide in them: `advance`
    # would stop at once (the same test as `anyone_to_move`, asked of the seat or the phase).
    if kind == "place":
        addition.perform_place(state, seat, payload["position"], rules.content)
        if state.holding[seat] >= 0 or state.pending[seat]:
            return
    elif kind == "divide":
        state.division[seat] = payload["mask"]
        if min(state.division) < 0:
            return
    elif kind == "choose":
        state.choice[seat] = selection.CHOICE_NAMES.index(payload["lot"])
        if min(state.choice) < 0:
            return
    elif kind == "piece":
        addition.perform_pick(state, seat, payload["code"])
        return  # the picked piece is held: the seat places it next
    elif kind == "elephant":
        elephants.place_elephant(state, seat, payload["position"])
    elif kind in ("keep", "bid"):
        state.chosen[seat] = payload["number"]
    elif kind == "lot":
        auction.take_lot(state, seat, payload["slot"])
    advance(state, rules)


def begin_round(state: Lotta, rules: Rules) -> None:
    """Before each round the market is prepared (expansion); then 1 EXPLORATION."""
    if rules.merchants:
        prepare_market(state, rules.content)
    explore(state, rules.content)
    state.division = [-1] * state.players
    state.choice = [-1] * state.players
    state.divisions_revealed = state.choices_revealed = False
    state.phase = DIVIDE


def advance(state: Lotta, rules: Rules) -> None:
    """Resolve everything that needs no decision, until a seat must decide or the game ends."""
    content = rules.content
    while state.phase != OVER:
        if anyone_to_move(state):
            return
        phase = state.phase
        if phase == START:
            setup.keep_start_contract(state)
            begin_round(state, rules)
        elif phase == DIVIDE:
            division.reveal_divisions(state, content)
        elif phase == CHOOSE:
            selection.resolve_choices(state, content)
        elif phase == ADD:
            if rules.merchants:
                start_elephants(state)
            else:
                end_round(state, rules)
        elif phase == ELEPHANT:
            state.phase = BID
        elif phase == BID:
            auction.reveal_bids(state, content)
        elif phase == PICK:
            auction.end_auction(state)
            clear_market(state)
            end_round(state, rules)


def start_elephants(state: Lotta) -> None:
    """PHASE 5 begins; a player without a free land takes his one contract at once."""
    state.phase = ELEPHANT
    state.elephant_done = [False] * state.players
    for seat in range(state.players):
        if not elephants.has_free_land(state, seat):
            elephants.no_free_land(state, seat)


def end_round(state: Lotta, rules: Rules) -> None:
    """END OF THE GAME: "The game ends after the fourth round"; then everyone scores."""
    if state.round >= rules.content.constants.rounds:
        state.phase = OVER
        state.final = [
            seat_score(
                state.spots[s],
                state.cells[s],
                state.gems[s],
                held_contracts(state, s),
                rules.content,
                rules.adjacent_groups,
            )
            for s in range(state.players)
        ]
        state.note("The game is over")
        return
    state.round += 1
    begin_round(state, rules)


def held_contracts(state: Lotta, seat: int) -> list[int]:
    """The starting contract and the contracts won in auctions."""
    if not state.merchants:
        return []
    start = [state.start_contract[seat]] if state.start_contract[seat] >= 0 else []
    return start + state.contracts[seat]
