"""Before Play Begins: the Farm, the shuffles, the opening hand of 1-10 demesnes then Main
cards to 10, one mulligan each, the first player."""

from collections import Counter

from meeple.agents.random_agent import RandomAgent
from meeple.engine import get_game
from meeple.games.round_table.state import SPRING, START
from meeple.simulation import play_match

from .builders import GAME, POOL, act, ids


def new(players: int = 2, seed: int = 5):
    return GAME.new_game(players, seed)


def test_each_player_starts_with_a_farm_in_play_and_both_decks_shuffled() -> None:
    state = new()
    for seat in range(2):
        assert [POOL.cards[state.card_of[u]].id for u in state.play[seat]] == ["farm"]
        assert len(state.main[seat]) == 40 and len(state.demesne[seat]) == 19
    other = GAME.new_game(2, 6)
    assert [state.card_of[u] for u in state.main[0]] != [other.card_of[u] for u in other.main[0]]


def test_the_farm_put_into_play_may_be_any_printing_of_the_farm() -> None:
    own = 'name = "x"\n[main]\nknight-errant = 40\n[demesne]\nmanor-spring = 19\nfarm-summer = 1'
    game = get_game("round-table", {"decks": "custom,grail", "custom_decks": own})
    state = game.new_game(2, 5)
    assert [POOL.cards[state.card_of[u]].id for u in state.play[0]] == ["farm-summer"]


def test_draw_1_to_10_demesnes_then_main_cards_to_10() -> None:
    state = new()
    first = state.active
    assert state.phase == START and GAME.to_move(state) == (first,)
    assert ids(state, first) == [f"demesnes:{n}" for n in range(1, 11)]
    act(state, first, "demesnes:3")
    kinds = Counter(POOL.cards[state.card_of[u]].type == "demesne" for u in state.hand[first])
    assert kinds == {True: 3, False: 7}
    assert ids(state, first) == ["keep", "mulligan"]


def test_one_mulligan_then_the_next_player() -> None:
    state = new()
    first = state.active
    act(state, first, "demesnes:2")
    hand = state.hand[first][:]
    act(state, first, "mulligan")
    assert state.hand[first] == [] and len(state.main[first]) + len(state.demesne[first]) == 59
    act(state, first, "demesnes:4")
    assert len(state.hand[first]) == 10 and state.hand[first] != hand
    second = (first + 1) % 2
    assert GAME.to_move(state) == (second,)  # no second mulligan: the hand is kept
    act(state, second, "demesnes:1")
    act(state, second, "keep")
    assert state.phase == SPRING and GAME.to_move(state) == (first,)


def test_the_first_player_is_chosen_at_random() -> None:
    firsts = {GAME.new_game(3, seed).active for seed in range(30)}
    assert firsts == {0, 1, 2}


def test_regions_deck_holds_the_chosen_number_of_unique_regions_three_in_play() -> None:
    state = new()
    assert len(state.regions) == 3 and len(state.regions_deck) == 4
    assert len(set(state.regions + state.regions_deck)) == 7
    assert state.total_renown == sum(POOL.cards[r].renown for r in state.regions + state.regions_deck)


def test_a_deck_whose_demesne_deck_is_only_the_farm_draws_no_demesne_and_plays_to_the_end() -> None:
    """ "There is no minimum size for the Demesne deck": a deck of 59 Main cards and the Farm
    is legal; its player draws no demesne ("one to ten" cannot apply) and the game goes on."""
    farm_only = 'name = "Farm only"\n[main]\nknight-mercenary = 30\nknight-errant = 29\n[demesne]\nfarm = 1\n'
    game = get_game("round-table", {"decks": "custom", "custom_decks": farm_only})
    state = game.new_game(2, 1)
    first = state.active
    assert [a.id for a in game.legal_actions(state, first)] == ["demesnes:0"]
    game.apply(state, first, "demesnes:0")
    assert len(state.hand[first]) == 10 and state.demesne[first] == []
    final, _ = play_match(game, 2, 1, [RandomAgent(seed=1), RandomAgent(seed=2)])
    assert game.is_terminal(final) and final.round > 1


def test_a_mulligan_shuffles_the_drawn_cards_back_into_their_decks() -> None:
    """ "shuffle their drawn cards back into the appropriate deck": each deck holds its cards
    again, and not in the order they would have without a shuffle."""
    state = new()
    first = state.active
    act(state, first, "demesnes:4")
    hand = state.hand[first][:]
    unshuffled_main = state.main[first] + [u for u in hand if POOL.cards[state.card_of[u]].main]
    unshuffled_demesne = state.demesne[first] + [u for u in hand if not POOL.cards[state.card_of[u]].main]
    act(state, first, "mulligan")
    assert sorted(state.main[first]) == sorted(unshuffled_main) and state.main[first] != unshuffled_main
    assert sorted(state.demesne[first]) == sorted(unshuffled_demesne)
    assert state.demesne[first] != unshuffled_demesne
