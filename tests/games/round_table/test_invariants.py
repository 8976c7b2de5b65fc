"""Round Table invariants, checked after every action of random and heuristic games.

- every card of every deck is somewhere (Main deck, Demesne deck, hand, play, Spent Pile, a
  card played in the open window, a Quest in progress), exactly once;
- RP never over capacity: allocated (upkeep of cards in play plus RP spent this Summer) is at
  most the capacity of the seat's demesnes;
- a card out of play carries no pairing, task or upkeep; a pairing points at a knight of the
  same player in play; one Equipment per type and one Title per name per knight;
- at most one copy of a named Knight in play at the table (Special Rule on Knights);
- regions are unique, at most 3 in play, and none is lost;
- after the hand limit, no hand holds more than 10 cards.
"""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.engine import Rng, derive_seed
from meeple.games.round_table import RoundTable, rp
from meeple.games.round_table.state import DISCARD, SPRING, SUMMER, WINTER, Rt

GAME = RoundTable()
POOL = GAME.pool


def cards_everywhere(state: Rt) -> list[int]:
    found = [entry[2] for entry in state.window] + [q[0] for q in state.quests if q[0] >= 0]
    for zones in (state.main, state.demesne, state.hand, state.play, state.spent):
        for zone in zones:
            found += zone
    return sorted(found)


def check(state: Rt, regions: int) -> None:
    assert cards_everywhere(state) == list(range(len(state.card_of)))
    cards = POOL.cards
    in_play = {u for zone in state.play for u in zone}
    for seat in range(state.players):
        assert rp.allocated(state, seat) <= rp.capacity(state, POOL, seat)
        for uid in state.play[seat]:
            assert state.owner[uid] == seat
            knight = state.paired[uid]
            if knight >= 0:
                assert knight in state.play[seat] and cards[state.card_of[knight]].type == "knight"
        for knight in state.play[seat]:
            items = [cards[state.card_of[u]] for u in state.play[seat] if state.paired[u] == knight]
            slots = [c.slot for c in items if c.type == "equipment"]
            titles = [c.id for c in items if c.type == "title"]
            assert len(slots) == len(set(slots)) and len(titles) == len(set(titles))
    for uid in range(len(state.card_of)):
        if uid not in in_play:
            assert (state.paired[uid], state.attack[uid], state.quest_of[uid], state.paid[uid]) == (-1, -1, -1, 0)
    named = Counter(state.card_of[u] for u in in_play if cards[state.card_of[u]].named)
    assert all(n == 1 for n in named.values())
    all_regions = state.regions + state.regions_deck + [r for c in state.captured for r in c]
    assert len(state.regions) <= 3 and len(set(all_regions)) == len(all_regions) == regions


def play_checked(game: RoundTable, players: int, seed: int, heuristic_seats: set[int]) -> Rt:
    state = game.new_game(players, seed)
    rng = Rng.from_seed(seed, "moves")
    regions = int(game.options["regions"])
    phase = state.phase
    while not game.is_terminal(state):
        check(state, regions)
        if phase == DISCARD and state.phase in (SPRING, SUMMER, WINTER):  # Autumn begins by drawing
            assert all(len(hand) <= 10 for hand in state.hand), "a season started with a hand over 10"
        phase = state.phase
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if seat in heuristic_seats:
            action = game.playout_action(state, seat, legal, rng)
        else:
            action = legal[rng.below(len(legal))]
        game.apply(state, seat, action.id)
    check(state, regions)
    return state


def test_invariants_hold_in_random_games_at_every_player_count() -> None:
    for players in range(2, 7):
        state = play_checked(GAME, players, derive_seed(77, players), set())
        assert state.end_reason


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    heuristic=st.sets(st.integers(0, 5)),
    regions=st.integers(5, 15),
    majority=st.booleans(),
)
def test_invariants_hold_with_any_options_and_agents(
    players: int, seed: int, heuristic: set[int], regions: int, majority: bool
) -> None:
    game = RoundTable({"regions": regions, "majority_end": majority, "decks": "orkney,pendragon"})
    play_checked(game, players, seed, heuristic)
