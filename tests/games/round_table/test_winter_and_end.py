"""Winter Season, the hand limit, and Winning the Game (the three end conditions, ties)."""

from meeple.games.round_table import RoundTable, flow
from meeple.games.round_table.state import AUTUMN, DISCARD, OVER, SPRING, SUMMER, WINTER

from .builders import GAME, POOL, act, add, fill_deck, ids, table


def winter_table(players: int = 2):
    state = table(players=players, phase=AUTUMN, active=0)
    for seat in range(players):
        fill_deck(state, seat, count=3)
        fill_deck(state, seat, "farm", count=3, zone="demesne")
    return state


def test_winter_shifts_the_active_player_and_each_draws_from_a_deck_of_choice() -> None:
    state = winter_table(3)
    act(state, 0, "pass")  # Resetting Support; the others have nothing in play and pass by themselves
    assert state.phase == WINTER and state.active == 1
    assert GAME.to_move(state) == (1,) and ids(state, 1) == ["draw:main", "draw:demesne"]
    act(state, 1, "draw:demesne")
    assert [state.card_of[u] for u in state.hand[1]] == [POOL.farm]
    act(state, 2, "draw:main")
    act(state, 0, "draw:main")
    assert state.phase == SPRING and state.round == 2 and GAME.to_move(state) == (1,)


def test_the_other_deck_when_one_is_exhausted() -> None:
    state = winter_table()
    state.main[1] = []
    act(state, 0, "pass")
    assert ids(state, 1) == ["draw:demesne"]


def test_the_game_ends_when_a_player_must_draw_and_cannot() -> None:
    """Winning the Game, condition 2."""
    state = winter_table()
    state.main[1] = []
    state.demesne[1] = []
    act(state, 0, "pass")
    assert state.phase == OVER and "must draw" in state.end_reason
    assert GAME.is_terminal(state) and GAME.to_move(state) == ()


def test_hand_limit_discard_down_to_10_at_the_end_of_a_season() -> None:
    state = table(phase=SPRING)
    fill_deck(state, 0, count=12, zone="hand")
    add(state, 0, "good-sword", "hand")
    act(state, 0, "pass")
    act(state, 1, "pass")
    assert state.phase == DISCARD and GAME.to_move(state) == (0,)
    assert ids(state, 0) == ["discard:knight-errant", "discard:good-sword"]
    act(state, 0, "discard:good-sword")
    act(state, 0, "discard:knight-errant")
    act(state, 0, "discard:knight-errant")
    assert len(state.hand[0]) == 10 and len(state.spent[0]) == 3
    assert state.phase != DISCARD


def test_the_game_ends_when_the_final_region_is_conquered() -> None:
    """Winning the Game, condition 1."""
    state = table(regions=("gwynedd",), regions_deck=())
    add(state, 0, "knight-chevalier", attack=0)
    flow.begin(state, GAME.rules, AUTUMN)
    assert state.phase == OVER and state.end_reason == "The final Region is conquered"
    assert GAME.result(state).winner_seats == [0]


def test_the_game_ends_when_a_player_holds_more_than_half_the_renown() -> None:
    """Winning the Game, condition 3 (option majority_end, on by default)."""
    state = table(regions=("camelot", "gwynedd", "carlisle"), regions_deck=("astolat",))  # 8 Renown in all
    for _ in range(3):
        add(state, 0, "arthur", attack=0)  # three Monarchs take Camelot (5 of 8)
    flow.begin(state, GAME.rules, AUTUMN)
    assert state.phase == OVER and "more than half" in state.end_reason
    again = table(regions=("camelot", "gwynedd", "carlisle"), regions_deck=("astolat",))
    for _ in range(3):
        add(again, 0, "arthur", attack=0)
    flow.begin(again, RoundTable({"majority_end": False}).rules, AUTUMN)
    assert again.phase == AUTUMN


def test_tied_renown_is_a_tie() -> None:
    state = table()
    state.captured = [[POOL.index["cornwall"]], [POOL.index["orkney"]]]  # 2 Renown each
    state.phase = OVER
    result = GAME.result(state)
    assert result.scores == [2.0, 2.0] and result.ranking == [1, 1] and result.winner_seats == [0, 1]
    state.captured[1].append(POOL.index["gwynedd"])
    assert GAME.result(state).winner_seats == [1]


def test_a_full_round_spring_summer_autumn_winter() -> None:
    """Basic Game Play: the four seasons in order, each clockwise from the active player."""
    state = table(phase=SPRING, regions=("gwynedd", "gore", "logres"), regions_deck=("orkney", "carlisle", "astolat"))
    for seat in range(2):
        add(state, seat, "farm")
        fill_deck(state, seat, count=4)
    add(state, 0, "knight-mercenary", "hand")
    act(state, 0, "recruit:knight-mercenary")
    act(state, 0, "pass")
    act(state, 1, "pass")
    knight = state.play[0][-1]
    assert state.phase == "summer" and GAME.to_move(state) == (0,)
    act(state, 0, f"commit:{knight}:0")  # 2 Influence does not exceed Gwynedd's 2
    assert state.phase == AUTUMN and state.captured == [[], []]
    act(state, 0, "pass")  # seat 1 has nothing to pull back and passes by itself
    assert state.phase == WINTER and state.active == 1
    act(state, 1, "draw:main")
    act(state, 0, "draw:main")
    assert state.phase == SPRING and state.round == 2 and GAME.to_move(state) == (1,)
    assert any("Gwynedd: stays independent" in line for line in state.log)


def test_exactly_half_the_renown_does_not_end_the_game() -> None:
    """Condition 3 needs "more than half": 4 of 8 Renown goes on, 5 of 8 ends the game."""
    state = table(regions=("camelot", "gwynedd", "carlisle"), regions_deck=("astolat",))
    assert state.total_renown == 8
    state.captured[0] = [POOL.index["lothian"], POOL.index["astolat"]]  # 3 + 1 = 4
    assert not flow.check_end(state, GAME.rules) and state.phase != OVER
    state.captured[0].append(POOL.index["gwynedd"])  # 5
    assert flow.check_end(state, GAME.rules) and state.phase == OVER


def test_hand_limit_applies_after_summer_and_after_autumn() -> None:
    """ "At the end of any season, if a player has more than 10 cards in their hand, they must
    discard down to 10": Summer ends with 11 cards in hand; Autumn's Resetting Support pulls
    a knight back to a hand of 10."""
    state = table(phase=SUMMER)
    fill_deck(state, 0, count=11, zone="hand")
    fill_deck(state, 0, count=3)
    fill_deck(state, 1, count=3)
    knight = add(state, 0, "knight-errant")
    act(state, 0, "done")  # seat 1 has no knight: its campaign turn passes by itself
    assert state.phase == DISCARD and state.after_discard == AUTUMN and GAME.to_move(state) == (0,)
    act(state, 0, "discard:knight-errant")
    assert state.phase == AUTUMN and len(state.hand[0]) == 10
    act(state, 0, f"recall:{knight}")  # nothing else to pull back: the turn passes by itself
    assert state.phase == DISCARD and state.after_discard == WINTER and len(state.hand[0]) == 11
    act(state, 0, "discard:knight-errant")
    assert state.phase == WINTER
