"""Four Big Strata invariants, checked after every single action of thousands of games.

Games are played by random and heuristic seats, the order in which the seats of a sealed
bid decide is itself random, and hypothesis varies the player count, the seats' agents and
the options. After every action:

- all 105 cards are somewhere (draw pile, Empress pile, Public Display, the card being
  placed, the discard pile, the participants' displays), each exactly once;
- nobody has negative grain or money, and grain and money are conserved between the
  participants and the Bank (the Magistrate keeps none);
- when an auction begins (after the Tribute phase's cap, 8.4.2) and at the end, every seat
  holds at most 10 resources;
- per-participant lists line up; face-up cards lie in their class's column, the Empress
  column holds only face-up Empresses; who knows a face-down card is consistent;
- every participant gains exactly one card per round (15 at the end, every pile empty);
- observations show each seat exactly what it may see: face-down faces only to seats that
  know them, the Public Display's faces only to the Start Player, other seats' bids only
  once revealed, no face-down face to a spectator unless it is public (a flipped card); the
  spectator sees exactly every seat's view with its private parts removed; an observation (and
  a seat's legal actions) does not change when everything hidden from that seat is reshuffled;
  and the public log of an action does not depend on anything a spectator cannot see.
"""

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.agents.heuristic_agent import HeuristicAgent
from meeple.agents.random_agent import RandomAgent
from meeple.engine import Rng, derive_seed, get_game
from meeple.engine.wording import word_log
from meeple.games.four_big_strata import FourBigStrata
from meeple.games.four_big_strata.content import CLASSES, COLUMN_NAMES, EMPRESS, load_content
from meeple.games.four_big_strata.state import BID, CAP, FEED, OVER, PICK, PUBLIC, SETUP, TRIBUTE, Fbs

SLUG = "four-big-strata"
CONTENT = load_content()
K = CONTENT.constants
EVERY_CARD = sorted(CONTENT.deck(False) + CONTENT.deck(True))
EMPRESSES = frozenset(i for i, card in enumerate(CONTENT.cards) if card.cls == "empress")
COLUMN_OF = tuple(card.column for card in CONTENT.cards)
PER_PARTICIPANT = ("grain", "money", "cards", "columns", "face_up", "known", "bids", "market", "reward")

Check = Callable[[FourBigStrata, Fbs], None]
ActionCheck = Callable[[FourBigStrata, Fbs, int, str], None]


# --- the state itself -------------------------------------------------------------------------------
def cards_everywhere(state: Fbs) -> list[int]:
    """Every card in the game, wherever it lies, sorted."""
    found = state.draw + state.empress_pile + state.discard + [card for card in state.display if card >= 0]
    if state.holding >= 0:
        found.append(state.holding)
    for cards in state.cards:
        found += cards
    return sorted(found)


def check_cards(state: Fbs) -> None:
    if cards_everywhere(state) != EVERY_CARD:
        missing = Counter(EVERY_CARD) - Counter(cards_everywhere(state))
        extra = Counter(cards_everywhere(state)) - Counter(EVERY_CARD)
        raise AssertionError(f"cards lost {dict(missing)} or made up {dict(extra)}")
    assert EMPRESSES.isdisjoint(state.draw), "an Empress is in the draw pile"
    assert EMPRESSES.issuperset(state.empress_pile), "a class card is in the Empress pile"
    assert len(state.display) == len(state.display_up)
    for card, up in zip(state.display, state.display_up, strict=True):
        assert up or card not in EMPRESSES, "an Empress lies face down in the Public Display"


def check_resources(state: Fbs) -> None:
    assert min(state.grain) >= 0, f"negative grain: {state.grain}"
    assert min(state.money) >= 0, f"negative money: {state.money}"
    assert sum(state.grain) + state.bank_grain == K.bank_supply, "grain was made or destroyed"
    assert sum(state.money) + state.bank_money == K.bank_supply, "money was made or destroyed"
    for npc in range(state.players, state.participants):
        assert state.grain[npc] == state.money[npc] == 0, "the Magistrate keeps no resources"
    if state.phase == BID:
        for seat in range(state.players):
            assert state.bids[seat] <= state.money[seat], f"seat {seat} bid more money than it has"


def check_displays(state: Fbs, checked: dict[int, list[list]] | None = None) -> None:
    """Per-participant lists line up, cards lie in allowed columns, knowledge is consistent.
    `checked` remembers each Personal Display as last checked, to skip those unchanged since."""
    everyone = state.all_seats_mask()
    for name in PER_PARTICIPANT:
        assert len(getattr(state, name)) == state.participants, f"{name} has the wrong length"
    for p in range(state.participants):
        now = [state.cards[p], state.columns[p], state.face_up[p], state.known[p]]
        if checked is not None:
            if checked.get(p) == now:
                continue
            checked[p] = [part[:] for part in now]
        assert len(state.columns[p]) == len(state.face_up[p]) == len(state.known[p]) == len(state.cards[p])
        owner = 1 << p if p < state.players else 0
        for card, column, up, known in zip(*now, strict=True):
            assert known == PUBLIC or 0 <= known <= everyone, f"a knowledge mask out of range: {known}"
            if up:
                assert column == COLUMN_OF[card], "a face-up card lies outside its class's column"
                assert known in (everyone, PUBLIC), "a face-up card is not known to everyone"
            else:
                assert column < EMPRESS, "a face-down card lies in the Empress column"
                assert known & owner == owner, "the owner of a face-down card does not know it"
    if state.holding >= 0:
        assert state.phase == PICK
        assert state.holding_known >> state.order[state.order_pos] & 1, "the holder does not know its card"


def check_card_counts(state: Fbs) -> None:
    """One card per participant per round: before the picks round - 1, after them round."""
    counts = [len(cards) for cards in state.cards]
    if state.phase in (SETUP, BID):
        assert counts == [state.round - 1] * state.participants
        assert len(state.display) == K.display_size and min(state.display) >= 0
        assert sum(state.display_up) == min(state.participants, K.face_up_max)
        if state.round >= K.empress_from_round:
            assert CONTENT.cards[state.display[-1]].cls == "empress"
    elif state.phase == PICK:
        # those before the picking position have placed their card; the one at it may hold its card
        assert sorted(state.order) == list(range(state.participants))
        for position, p in enumerate(state.order):
            assert counts[p] == state.round - 1 + (position < state.order_pos)
    elif state.phase in (FEED, CAP, TRIBUTE):
        assert counts == [state.round] * state.participants
    else:
        assert state.phase == OVER
        assert counts == [K.rounds] * state.participants
        assert state.draw == [] and state.empress_pile == [] and state.display == []


class Invariants:
    """The checks of the state alone, with the memory the cap check needs."""

    def __init__(self) -> None:
        self.last: tuple[str, int] | None = None
        self.checked: dict[int, list[list]] = {}

    def __call__(self, game: FourBigStrata, state: Fbs) -> None:
        check_cards(state)
        check_resources(state)
        check_displays(state, self.checked)
        check_card_counts(state)
        now = (state.phase, state.round)
        if (state.phase == BID and now != self.last) or state.phase == OVER:
            totals = [state.grain[s] + state.money[s] for s in range(state.players)]
            assert max(totals) <= K.resource_cap, f"over the cap at {now}: {totals}"
        self.last = now


# --- what each seat sees ----------------------------------------------------------------------------
def card_id(card: int) -> str:
    return CONTENT.cards[card].id


def check_what_is_shown(game: FourBigStrata, state: Fbs, seat: int | None) -> dict[str, Any]:
    view = game.observation(state, seat)
    assert view["seat"] == seat
    assert view["draw_pile"] == len(state.draw) and view["empress_pile"] == len(state.empress_pile)
    top = view["empress_top"]
    assert (top and top["id"]) == (card_id(state.empress_pile[-1]) if state.empress_pile else None)
    assert view["discard"] == [card_id(card) for card in state.discard]
    for slot, (card, up) in enumerate(zip(state.display, state.display_up, strict=True)):
        shown = view["display"][slot]
        if card < 0:
            assert shown is None
            continue
        assert shown["face_up"] == up
        if up or (seat is not None and seat == state.start):
            assert shown["card"]["id"] == card_id(card)
        else:
            assert shown["card"] is None, f"seat {seat} sees a face-down card of the Public Display"
    for p in range(state.participants):
        them = view["participants"][p]
        assert (them["grain"], them["money"]) == (state.grain[p], state.money[p])
        for i, (card, column, up, known) in enumerate(
            zip(state.cards[p], state.columns[p], state.face_up[p], state.known[p], strict=True)
        ):
            shown = them["cards"][i]
            assert shown["face_up"] == up and shown["column"] == COLUMN_NAMES[column]
            if up or known == PUBLIC or (seat is not None and known >> seat & 1):
                assert shown["card"]["id"] == card_id(card)
            else:
                assert shown["card"] is None, f"seat {seat} sees a face-down card of participant {p}"
        bid = state.bids[p]
        if state.bids_revealed or (p == seat and bid >= 0):
            assert them["bid"] == bid
        else:
            assert them["bid"] == ("sealed" if bid >= 0 else None), f"seat {seat} sees the sealed bid of {p}"
    if state.holding >= 0:
        holding = view["holding"]
        assert holding["seat"] == state.order[state.order_pos]
        if seat is not None and state.holding_known >> seat & 1:
            assert holding["card"]["id"] == card_id(state.holding)
        else:
            assert holding["card"] is None, f"seat {seat} sees the card being placed"
    else:
        assert view["holding"] is None
    return view


def reshuffled(state: Fbs, seat: int | None, rng: Rng) -> Fbs:
    """A twin in which every card face `seat` does not see is redrawn among the hidden positions,
    and other seats' sealed bids are changed: `seat` must not be able to tell the two apart."""
    twin = state.clone()
    slots: list[tuple[list[int], int]] = [(twin.draw, i) for i in range(len(twin.draw))]
    slots += [(twin.empress_pile, i) for i in range(len(twin.empress_pile) - 1)]
    if seat is None or seat != state.start:
        slots += [(twin.display, i) for i, c in enumerate(twin.display) if c >= 0 and not twin.display_up[i]]
    for p in range(twin.participants):
        for i, (up, known) in enumerate(zip(twin.face_up[p], twin.known[p], strict=True)):
            if not up and known != PUBLIC and (seat is None or not known >> seat & 1):
                slots.append((twin.cards[p], i))
    holder = [twin.holding] if twin.holding >= 0 and (seat is None or not twin.holding_known >> seat & 1) else []
    # a position keeps its kind of card (the draw pile holds no Empress, the Empress pile only
    # Empresses); within a kind, the hidden faces are dealt out again at random
    pool = [cards[i] for cards, i in slots] + holder
    by_kind = {kind: [c for c in pool if (CONTENT.cards[c].cls == "empress") == kind] for kind in (False, True)}
    for kind_pool in by_kind.values():
        rng.shuffle(kind_pool)
    for cards, i in slots:
        cards[i] = by_kind[CONTENT.cards[cards[i]].cls == "empress"].pop()
    if holder:
        twin.holding = by_kind[CONTENT.cards[twin.holding].cls == "empress"].pop()
    if not twin.bids_revealed:
        for p in range(twin.players):
            if p != seat and twin.bids[p] >= 0:
                twin.bids[p] = rng.below(twin.money[p] + 1)
    return twin


def check_observations(game: FourBigStrata, state: Fbs) -> None:
    """Every seat's and the spectator's observation shows exactly what it may; reshuffling what
    one seat (in turn) and the spectator cannot see changes nothing they are shown."""
    views = {seat: check_what_is_shown(game, state, seat) for seat in [*range(state.players), None]}
    rng = Rng.from_seed(state.seed, state.decisions, "reshuffle")
    for seat in (state.decisions % state.players, None):
        twin = reshuffled(state, seat, rng)
        assert game.observation(twin, seat) == views[seat], f"seat {seat}'s observation depends on what it cannot see"
        if seat is not None:
            assert game.legal_actions(twin, seat) == game.legal_actions(state, seat), (
                f"seat {seat}'s legal actions depend on what it cannot see"
            )
    for seat in range(state.players):
        assert views[None] == redacted(views[seat], state), (
            f"the spectator does not see exactly the public part of seat {seat}'s view"
        )


def redacted(view: dict[str, Any], state: Fbs) -> dict[str, Any]:
    """A seat's observation with everything private to it removed: what a spectator should see
    (face-down faces only where they are public, as a flipped card's is)."""
    out = {**view, "seat": None, "log": word_log(state.log, None)}  # the log says "you" to a seat only
    out["display"] = [slot if slot is None or slot["face_up"] else {**slot, "card": None} for slot in view["display"]]
    out["participants"] = [
        {
            **them,
            "cards": [
                card if card["face_up"] or known == PUBLIC else {**card, "card": None}
                for card, known in zip(them["cards"], state.known[p], strict=True)
            ],
            "bid": them["bid"] if state.bids_revealed or not isinstance(them["bid"], int) else "sealed",
        }
        for p, them in enumerate(view["participants"])
    ]
    if view["holding"] is not None:
        out["holding"] = {**view["holding"], "card": None}
    return out


class PublicConsequences:
    """What an action makes public (the log above all) may depend only on what is public and on
    what the action itself shows: the same action in a twin where everything a spectator cannot
    see is reshuffled must, when everything else shown to the spectator is the same afterwards,
    add the same lines to the log."""

    def __init__(self) -> None:
        self.compared = 0

    def __call__(self, game: FourBigStrata, state: Fbs, seat: int, action_id: str) -> None:
        twin = reshuffled(state, None, Rng.from_seed(state.seed, state.decisions, "twin"))
        if action_id not in {action.id for action in game.legal_actions(twin, seat)}:
            return
        real = state.clone()
        game.apply(real, seat, action_id)
        game.apply(twin, seat, action_id)
        seen, seen_twin = game.observation(real, None), game.observation(twin, None)
        log, log_twin = seen.pop("log", None), seen_twin.pop("log", None)
        if seen == seen_twin:
            assert log == log_twin, f"the public log of {action_id!r} tells what a spectator cannot see"
            self.compared += 1


# --- playing --------------------------------------------------------------------------------------------
def play(
    players: int,
    seed: int,
    heuristic_seats: frozenset[int] = frozenset(),
    options: dict[str, Any] | None = None,
    checks: tuple[Check, ...] = (),
    before: tuple[ActionCheck, ...] = (),
) -> Fbs:
    """Play one game, running every check on the state after setup and after every action (and
    every `before` check on the state and the chosen action, before it is applied)."""
    game = get_game(SLUG, options)
    assert isinstance(game, FourBigStrata)
    agents = [
        (HeuristicAgent if seat in heuristic_seats else RandomAgent)(derive_seed(seed, "seat", seat))
        for seat in range(players)
    ]
    movers = Rng.from_seed(seed, "movers")
    state = game.new_game(players, seed)
    for check in checks:
        check(game, state)
    for _ in range(20_000):
        if game.is_terminal(state):
            break
        waiting = game.to_move(state)
        seat = waiting[movers.below(len(waiting))]
        action_id = agents[seat].choose(game, state, seat)
        for check in before:
            check(game, state, seat, action_id)
        game.apply(state, seat, action_id)
        for check in checks:
            check(game, state)
    assert game.is_terminal(state), "the game did not end"
    result = game.result(state)
    assert len(result.ranking) == players
    return state


def every_check() -> tuple[Check, ...]:
    return (Invariants(), check_observations)


# --- many games, cheap checks -------------------------------------------------------------------------
GAMES_BY_PLAYERS = {1: 400, 2: 300, 3: 250, 4: 200, 5: 160, 6: 140, 7: 120}


@pytest.mark.parametrize("players", list(GAMES_BY_PLAYERS))
def test_invariants_hold_after_every_action_of_many_games(players: int) -> None:
    """1570 games in all over the player counts, every other one with heuristic seats mixed in."""
    for index in range(GAMES_BY_PLAYERS[players]):
        seed = derive_seed(7, players, index)
        heuristic = frozenset(s for s in range(players) if (index >> s) & 1) if index % 2 else frozenset()
        state = play(players, seed, heuristic, checks=(Invariants(),))
        assert all(len(cards) == K.rounds for cards in state.cards)


def test_observations_hide_what_each_seat_may_not_see() -> None:
    log_check = PublicConsequences()
    for players in range(1, 8):
        for index in range(2):
            seed = derive_seed(11, players, index)
            heuristic = frozenset(range(players)) if index % 2 else frozenset()
            play(players, seed, heuristic, checks=every_check(), before=(log_check,))
    assert log_check.compared > 1000, "too few actions had the same visible outcome in a reshuffled twin"


# --- hypothesis: player counts, agents and options --------------------------------------------------------
@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 7),
    seed=st.integers(0, 2**63 - 1),
    heuristic=st.frozensets(st.integers(0, 6)),
    tribute_ratio=st.integers(0, 12),
    npc_level=st.sampled_from(["easy", "normal", "hard"]),
)
def test_invariants_hold_whatever_the_agents_and_options(
    players: int, seed: int, heuristic: frozenset[int], tribute_ratio: int, npc_level: str
) -> None:
    options = {"tribute_ratio": tribute_ratio, "npc_level": npc_level}
    state = play(players, seed, heuristic, options, checks=every_check())
    assert len(state.final) == state.participants


def test_placed_cards_never_move_and_only_flip_face_down() -> None:
    """8.2.4 Note: a placed card is never moved; a flip turns a face-up card face down under its own
    class (an Empress under any class), and a face-down card is never flipped back."""

    def history(seen: dict[int, list[tuple[int, int, bool]]]) -> Check:
        def check(game: FourBigStrata, state: Fbs) -> None:
            for p in range(state.participants):
                before = seen.get(p, [])
                now = list(zip(state.cards[p], state.columns[p], state.face_up[p], strict=True))
                assert len(now) - len(before) in (0, 1), "more than one card was placed at once"
                for (card, column, up), after in zip(before, now, strict=False):
                    if after == (card, column, up):
                        continue
                    assert up and after[0] == card and not after[2], "a placed card moved or was flipped back"
                    cls = CONTENT.cards[card].cls
                    assert cls == "empress" or after[1] == CLASSES.index(cls), "a flipped card changed class"
                seen[p] = now

        return check

    for players in (1, 3, 7):
        for index in range(3):
            play(players, derive_seed(5, players, index), frozenset({0}), checks=(history({}),))
