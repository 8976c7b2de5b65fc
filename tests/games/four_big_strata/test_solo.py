"""Solo play against the Magistrate (3 Overview names a solo NPC; the rules are ours, see
docs/rules/four-big-strata.md "Solo: the Magistrate")."""

import pytest

from .builders import (
    CONTENT,
    after_auction,
    at_tribute,
    card,
    end_game,
    game,
    give,
    ids,
    personal,
    set_display,
    set_resources,
    simple_choice,
    started,
)

NPC = 1
LEVELS = {"easy": (0, 2), "normal": (1, 3), "hard": (1, 4)}


def give_backs(state, seat: int, column: str, n: int) -> None:
    for _ in range(n):
        card_type = next(t for t in state.draw if CONTENT.cards[t].cls != "empress")
        give(state, seat, CONTENT.cards[card_type].id, up=False, column=column)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_magistrate_never_decides_and_takes_a_card_every_round(level: str) -> None:
    g = game(npc_level=level)
    state = g.new_game(1, seed=5)
    assert state.participants == 2
    while not g.is_terminal(state):
        movers = g.to_move(state)
        assert movers == (0,)
        assert g.legal_actions(state, NPC) == []
        g.apply(state, 0, simple_choice([a.id for a in g.legal_actions(state, 0)]))
        assert (state.grain[NPC], state.money[NPC]) == (0, 0)  # it keeps no resources
    assert len(state.cards[NPC]) == 15
    assert len(state.cards[0]) == 15


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_magistrate_bids_in_its_levels_range_revealed_only_with_yours(level: str) -> None:
    low, high = LEVELS[level]
    seen = set()
    for seed in range(60):
        g, state = started(1, seed=seed, npc_level=level)
        assert g.observation(state, 0)["participants"][NPC]["bid"] is None
        bank = state.bank_money
        g.apply(state, 0, "bid:1")
        bid = g.observation(state, 0)["participants"][NPC]["bid"]
        assert low <= bid <= high
        assert state.bank_money == bank + 1  # only your bid is paid: the Magistrate has no money
        seen.add(bid)
    assert seen == set(range(low, high + 1))


def test_the_magistrate_outbidding_you_picks_first() -> None:
    g, state = started(1, seed=1, npc_level="normal")  # bids at least 1
    g.apply(state, 0, "bid:0")
    assert len(state.cards[NPC]) == 1  # it has already taken its card
    assert g.to_move(state) == (0,)


def npc_picks_from(display: list[str], up: list[bool], npc_cards: dict[str, int]):
    g, state = started(1, seed=2, npc_level="normal")
    for column, n in npc_cards.items():
        give_backs(state, NPC, column, n)
    set_display(state, display, up)
    g.apply(state, 0, "bid:0")
    return g, state


REST = ["scholar-1", "peasant-2", "artisan-plain", "merchant-1", "scholar-2"]


def test_the_magistrate_takes_the_face_up_card_that_lifts_its_lowest_class_most() -> None:
    g, state = npc_picks_from(
        ["peasant-1", "merchant-2", *REST],
        [True, True] + [False] * 5,
        {"scholar": 3, "peasant": 3, "artisan": 3, "merchant": 1},
    )
    taken = personal(g, state, NPC, 0)[-1]
    assert (taken["card"]["id"], taken["column"], taken["face_up"]) == ("merchant-2", "merchant", True)
    assert "take:1" not in ids(g, state, 0)
    assert "take:0" in ids(g, state, 0)


def test_an_empress_counts_for_the_magistrates_lowest_class() -> None:
    g, state = npc_picks_from(
        ["peasant-1", "empress-plain", *REST],
        [True, True] + [False] * 5,
        {"peasant": 2, "artisan": 2, "merchant": 2},
    )
    assert card("empress-plain").points < card("peasant-1").points
    taken = personal(g, state, NPC, 0)[-1]
    assert (taken["card"]["id"], taken["column"]) == ("empress-plain", "empress")


def test_on_a_tie_the_magistrate_takes_more_points_then_the_leftmost() -> None:
    g, state = npc_picks_from(
        ["merchant-2", "peasant-3", "peasant-1", *REST[:4]],
        [True, True, True] + [False] * 4,
        {},
    )
    assert personal(g, state, NPC, 0)[-1]["card"]["id"] == "peasant-1"
    g, state = npc_picks_from(["peasant-2", "peasant-2", *REST], [True, True] + [False] * 5, {})
    assert "take:0" not in ids(g, state, 0)
    assert "take:1" in ids(g, state, 0)


def test_with_no_face_up_card_the_magistrate_takes_the_leftmost_face_down_under_its_lowest_class() -> None:
    g, state = npc_picks_from(
        ["peasant-1", "merchant-2", *REST],
        [False] * 7,
        {"scholar": 2, "peasant": 2, "merchant": 2},
    )
    taken = personal(g, state, NPC, 0)[-1]
    assert (taken["column"], taken["face_up"]) == ("artisan", False)
    assert "take:0" not in ids(g, state, 0)
    assert state.cards[NPC][-1] == CONTENT.cards.index(card("peasant-1"))


def test_the_magistrate_pays_no_upkeep() -> None:
    g, state = started(1, seed=3, tribute_ratio=12)
    for card_id in ("scholar-1x", "empress-each", "peasant-1"):
        give(state, NPC, card_id)
    after_auction(g, state)
    assert state.round == 2
    assert (state.grain[NPC], state.money[NPC]) == (0, 0)


def test_tribute_owed_to_the_magistrate_is_paid_to_the_bank() -> None:
    g, state = started(1, seed=4)  # X = 4 in solo
    for card_id in ("scholar-3", "scholar-3", "scholar-2"):  # 8 Influence: 2 resources
        give(state, NPC, card_id)
    set_resources(state, 0, 3, 2)
    bank = state.bank_grain + state.bank_money
    at_tribute(g, state)
    assert state.round == 2  # nothing for you to decide
    assert state.grain[0] + state.money[0] == 5 - 2
    assert state.bank_grain + state.bank_money == bank + 2
    assert (state.grain[NPC], state.money[NPC]) == (0, 0)


def test_tribute_the_magistrate_owes_is_paid_to_you_by_the_bank() -> None:
    g, state = started(1, seed=4)
    for card_id in ("scholar-3", "scholar-3", "scholar-2"):
        give(state, 0, card_id)
    set_resources(state, 0, 2, 2)
    bank = (state.bank_grain, state.bank_money)
    at_tribute(g, state)
    assert g.to_move(state) == (0,)
    assert ids(g, state, 0) == ["gain:0", "gain:1", "gain:2"]
    g.apply(state, 0, "gain:1")
    assert (state.grain[0], state.money[0]) == (3, 3)
    assert (state.bank_grain, state.bank_money) == (bank[0] - 1, bank[1] - 1)


def solo_end(yours: list[int], magistrates: list[int], level: str = "normal"):
    g, state = started(1, seed=6, npc_level=level)
    for seat, points in ((0, yours), (NPC, magistrates)):
        for column, n in zip(("scholar", "peasant", "artisan", "merchant"), points, strict=True):
            give_backs(state, seat, column, n)
    end_game(g, state)
    return g.result(state), state


def test_beating_the_magistrate_is_a_team_win_with_the_margin_of_the_lowest_classes() -> None:
    result, _ = solo_end([4, 3, 5, 4], [2, 6, 6, 6])
    assert result.team is not None
    assert result.team.won
    assert result.team.margin == 1.0
    assert result.scores == [3.0]
    assert result.winner_seats == [0]


def test_losing_to_the_magistrate() -> None:
    result, _ = solo_end([2, 6, 6, 6], [4, 3, 5, 4])
    assert not result.team.won
    assert result.team.margin == -1.0
    assert result.winner_seats == []


def test_the_magistrate_tie_breaks_like_a_player_and_a_full_tie_is_not_a_win() -> None:
    assert solo_end([3, 5, 5, 5], [3, 4, 6, 6])[0].team.won
    assert not solo_end([3, 4, 6, 6], [3, 5, 5, 5])[0].team.won
    assert not solo_end([3, 4, 5, 6], [6, 5, 4, 3])[0].team.won


def test_the_hard_magistrate_scores_2_more_in_every_class() -> None:
    normal, state = solo_end([4, 4, 4, 4], [3, 3, 3, 3], "normal")
    hard, hard_state = solo_end([4, 4, 4, 4], [3, 3, 3, 3], "hard")
    easy, easy_state = solo_end([4, 4, 4, 4], [3, 3, 3, 3], "easy")
    assert state.final[NPC] == easy_state.final[NPC] == [3, 3, 3, 3]
    assert hard_state.final[NPC] == [5, 5, 5, 5]
    assert hard_state.final[0] == state.final[0] == [4, 4, 4, 4]
    assert normal.team.won and easy.team.won
    assert not hard.team.won
