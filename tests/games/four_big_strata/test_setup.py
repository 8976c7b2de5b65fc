"""Rulebook 4 Components, 6 Setup, 7 Game flow, 8.1 Prephase and 8.4.3 (the Start Player passes)."""

import pytest

from meeple.engine import BadOption, BadPlayerCount, IllegalAction

from .builders import CONTENT, FULL_DECK, all_cards, game, ids, play_until, started, to_round


def face_up_count(obs: dict) -> int:
    return sum(1 for entry in obs["display"] if entry is not None and entry["face_up"])


def test_the_deck_is_24_of_each_class_and_9_empresses() -> None:
    classes = [CONTENT.cards[t].cls for t in FULL_DECK.elements()]
    assert len(classes) == 105
    for cls in ("scholar", "peasant", "artisan", "merchant"):
        assert classes.count(cls) == 24
    assert classes.count("empress") == 9


@pytest.mark.parametrize(("players", "face_up"), [(1, 2), (2, 2), (3, 3), (4, 4), (5, 5), (6, 5), (7, 5)])
def test_display_holds_seven_cards_and_flips_one_per_player_at_most_five(players: int, face_up: int) -> None:
    state = game().new_game(players, seed=11)
    obs = game().observation(state, None)
    assert len(obs["display"]) == 7
    assert face_up_count(obs) == face_up
    assert all(CONTENT.cards[t].cls != "empress" for t in state.display)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6, 7])
def test_draw_pile_holds_89_and_empress_pile_9_with_its_top_visible(players: int) -> None:
    g = game()
    state = g.new_game(players, seed=2)
    obs = g.observation(state, None)
    assert obs["draw_pile"] == 96 - 7
    assert obs["empress_pile"] == 9
    assert obs["empress_top"] is not None
    assert obs["empress_top"]["class"] == "empress"
    assert obs["empress_top"]["id"] == CONTENT.cards[state.empress_pile[-1]].id
    assert all_cards(state) == FULL_DECK


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6, 7])
def test_every_player_starts_with_4_grain_and_4_money(players: int) -> None:
    g = game()
    state = g.new_game(players, seed=3)
    obs = g.observation(state, None)
    for seat in range(players):
        assert (obs["participants"][seat]["grain"], obs["participants"][seat]["money"]) == (4, 4)
    assert obs["start_player"] == 0
    assert obs["round"] == 1


def test_players_3_to_7_choose_1_1_2_2_2_extra_resources() -> None:
    g = game()
    state = g.new_game(7, seed=4)
    assert state.phase == "setup"
    extras = {2: 1, 3: 1, 4: 2, 5: 2, 6: 2}
    choices = {2: "extra:0", 3: "extra:1", 4: "extra:1", 5: "extra:0", 6: "extra:2"}
    for seat, extra in extras.items():
        assert g.to_move(state) == (seat,)
        assert ids(g, state, seat) == [f"extra:{grain}" for grain in range(extra + 1)]
        g.apply(state, seat, choices[seat])
    assert state.phase == "bid"
    assert [(state.grain[s], state.money[s]) for s in range(7)] == [
        (4, 4),
        (4, 4),
        (4, 5),
        (5, 4),
        (5, 5),
        (4, 6),
        (6, 4),
    ]


def test_the_extra_resources_are_a_free_choice_of_grain_and_money() -> None:
    for choice, expected in (("extra:0", (4, 6)), ("extra:1", (5, 5)), ("extra:2", (6, 4))):
        g = game()
        state = g.new_game(5, seed=5)
        g.apply(state, 2, "extra:0")
        g.apply(state, 3, "extra:0")
        g.apply(state, 4, choice)
        assert (state.grain[4], state.money[4]) == expected


@pytest.mark.parametrize("players", [1, 2])
def test_one_or_two_players_take_no_extras_and_bid_at_once(players: int) -> None:
    g = game()
    state = g.new_game(players, seed=6)
    assert state.phase == "bid"
    assert g.to_move(state) == tuple(range(players))


def test_no_other_seat_may_choose_an_extra() -> None:
    g = game()
    state = g.new_game(3, seed=7)
    with pytest.raises(IllegalAction):
        g.apply(state, 0, "extra:0")
    with pytest.raises(IllegalAction):
        g.apply(state, 2, "extra:2")


@pytest.mark.parametrize("players", [0, 8, -1, 100])
def test_wrong_player_counts_raise(players: int) -> None:
    with pytest.raises(BadPlayerCount):
        game().new_game(players, seed=1)


@pytest.mark.parametrize(
    "options",
    [{"no_such_option": 1}, {"tribute_ratio": 13}, {"tribute_ratio": -1}, {"npc_level": "impossible"}],
)
def test_unknown_or_bad_options_raise(options: dict) -> None:
    with pytest.raises(BadOption):
        game(**options)


# --- 7 Game flow and 8.1 Prephase ------------------------------------------------------


@pytest.mark.parametrize(("players", "face_up"), [(1, 2), (3, 3), (4, 4), (6, 5), (7, 5)])
def test_rounds_7_to_15_lay_out_6_class_cards_and_1_empress_face_up(players: int, face_up: int) -> None:
    g, state = started(players, seed=8)
    for round_ in range(1, 16):
        to_round(g, state, round_)
        obs = g.observation(state, None)
        classes = [CONTENT.cards[t].cls for t in state.display]
        assert len(classes) == 7
        assert face_up_count(obs) == face_up  # the Empress counts among the face-up cards
        if round_ < 7:
            assert "empress" not in classes
        else:
            assert classes.count("empress") == 1
            empress_slot = classes.index("empress")
            assert obs["display"][empress_slot]["face_up"]
            assert obs["empress_pile"] == 9 - (round_ - 6)


def test_the_first_empress_laid_out_is_the_one_that_was_visible_on_the_pile() -> None:
    g, state = started(3, seed=9)
    to_round(g, state, 6)
    top = g.observation(state, None)["empress_top"]["id"]
    to_round(g, state, 7)
    empress = next(CONTENT.cards[t] for t in state.display if CONTENT.cards[t].cls == "empress")
    assert empress.id == top


@pytest.mark.parametrize("players", [1, 2, 4, 7])
def test_the_whole_deck_is_used_exactly_after_15_rounds(players: int) -> None:
    g, state = started(players, seed=10)
    to_round(g, state, 15)
    assert state.draw == []
    assert state.empress_pile == []
    assert g.observation(state, None)["empress_top"] is None
    play_until(g, state, lambda s: False)
    assert g.is_terminal(state)
    assert state.round == 15
    assert all_cards(state) == FULL_DECK
    held = sum(len(cards) for cards in state.cards)
    assert held == 15 * max(players, 2)  # everyone took one card a round
    assert len(state.discard) == 105 - held


def test_the_game_ends_after_round_15_and_no_action_is_taken_after() -> None:
    g, state = started(2, seed=12)
    play_until(g, state, lambda s: False)
    assert g.to_move(state) == ()
    assert g.legal_actions(state, 0) == []
    result = g.result(state)
    assert len(result.scores) == 2


@pytest.mark.parametrize("players", [1, 3, 5])
def test_the_start_player_passes_left_each_round(players: int) -> None:
    g, state = started(players, seed=13)
    participants = max(players, 2)
    for round_ in range(1, 16):
        to_round(g, state, round_)
        assert g.observation(state, None)["start_player"] == (round_ - 1) % participants
