"""Autumn Season (Resolution): attacks, captures and refill, quests and their draws, RP
reset, Resetting Support."""

import pytest

from meeple.games.round_table import autumn, rp
from meeple.games.round_table.state import AUTUMN

from .builders import GAME, POOL, act, add, demesnes, fill_deck, ids, names, table


def attack_with(state, seat: int, slot: int, card_id: str, count: int) -> list[int]:
    return [add(state, seat, card_id, attack=slot, paid=0) for _ in range(count)]


@pytest.mark.parametrize(("renown", "winner"), [(1, 0), (2, 0), (3, -1), (5, -1)])
def test_12_against_10_captures_only_if_the_margin_reaches_the_renown(renown: int, winner: int) -> None:
    """Step 4 example: "Player A has 12 Influence remaining and Player B has 10 ... If the Region
    possesses 2 or less Renown, Player A captures it. But if ... 3 or more ..., Player A can't"."""
    assert autumn.attack_winner({0: 12, 1: 10}, {0: 4, 1: 4}, renown) == winner


def test_the_example_played_out_on_two_regions() -> None:
    state = table(regions=("cornwall", "gore", "logres"))
    assert [POOL.cards[r].renown for r in state.regions[:2]] == [2, 3]
    for slot in (0, 1):
        attack_with(state, 0, slot, "knight-mercenary", 6)  # 12 Influence, no Resistance
        attack_with(state, 1, slot, "knight-mercenary", 5)  # 10 Influence
    autumn.resolve_attacks(state, POOL)
    assert names(state, []) == [] and [POOL.cards[r].id for r in state.captured[0]] == ["cornwall"]
    assert state.captured[1] == []
    assert [POOL.cards[r].id for r in state.regions] == ["gore", "logres", "carlisle"]  # refilled to 3


def test_opposing_resistance_is_subtracted_from_influence() -> None:
    state = table(regions=("gore", "logres", "cornwall"))  # Gore: Resistance 4
    attack_with(state, 0, 0, "knight-chevalier", 2)  # 8 Influence, 4 Resistance
    attack_with(state, 1, 0, "knight-vassal", 2)  # 4 Influence, 6 Resistance
    autumn.resolve_attacks(state, POOL)
    # seat 0: 8 - 6 = 2, seat 1: 4 - 4 = 0: nobody exceeds 4
    assert state.captured == [[], []]
    assert all(a == -1 for a in state.attack)  # the knights come home


def test_only_one_army_exceeding_captures_and_equal_is_not_enough() -> None:
    state = table(regions=("gore", "logres", "cornwall"))
    attack_with(state, 0, 0, "knight-mercenary", 3)  # 6 > 4
    attack_with(state, 1, 1, "knight-mercenary", 2)  # Logres resistance 5: 4 is not enough
    attack_with(state, 1, 2, "knight-errant", 1)  # Cornwall resistance 3: 2 is not enough
    autumn.resolve_attacks(state, POOL)
    assert [POOL.cards[r].id for r in state.captured[0]] == ["gore"]
    assert state.captured[1] == []
    state = table(regions=("gore", "logres", "cornwall"))
    attack_with(state, 0, 0, "knight-mercenary", 2)  # exactly 4: does not exceed
    autumn.resolve_attacks(state, POOL)
    assert state.captured == [[], []]


def test_more_than_two_armies_the_best_must_beat_the_next_by_the_renown() -> None:
    assert autumn.attack_winner({0: 12, 1: 10, 2: 3}, {0: 4, 1: 4, 2: 4}, 2) == 0
    assert autumn.attack_winner({0: 12, 1: 11, 2: 9}, {0: 4, 1: 4, 2: 4}, 2) == -1
    assert autumn.attack_winner({0: 3, 1: 3}, {0: 4, 1: 4}, 1) == -1


def test_regions_are_refilled_only_as_far_as_the_deck_allows() -> None:
    state = table(regions=("gwynedd", "carlisle", "astolat"), regions_deck=("orkney",))
    for slot in range(3):
        attack_with(state, 0, slot, "knight-chevalier", 1)
    autumn.resolve_attacks(state, POOL)
    assert len(state.captured[0]) == 3
    assert [POOL.cards[r].id for r in state.regions] == ["orkney"] and state.regions_deck == []


def test_bone_snapper_for_4_rp_with_two_knights_joining_draws_12_cards() -> None:
    """Resolving Quests example: "the controller of the Knight must draw 4 cards for each Knight
    participating, meaning the player draws 12 total cards" (Redirect RP do not count)."""
    state = table()
    fill_deck(state, 0, count=30)
    quested = add(state, 0, "knight-errant", quest_of=0)
    joined = [add(state, 0, "knight-bachelor", quest_of=0) for _ in range(2)]
    quest = add(state, 0, "bone-snapper", "spent")
    state.spent[0].remove(quest)
    state.quests = [[quest, quested, 4, 0]]
    state.spent_rp = [4 + 2 + 1, 0]  # the Redirects' RP are spent too, but draw nothing
    autumn.resolve_quests(state, POOL)
    assert len(state.hand[0]) == 12
    assert state.quest_of[quested] == -1 and all(state.quest_of[k] == -1 for k in joined)  # reset
    assert state.spent_rp == [0, 0] and state.quests == []
    assert names(state, state.spent[0]) == ["The Bone-Snapper"]


def test_a_quest_on_an_opponents_knight_makes_its_controller_draw() -> None:
    state = table()
    fill_deck(state, 1, count=10)
    theirs = add(state, 1, "knight-errant", quest_of=0)
    quest = add(state, 0, "the-questing-beast", "spent")
    state.spent[0].remove(quest)
    state.quests = [[quest, theirs, 2, 0]]
    autumn.resolve_quests(state, POOL)
    assert len(state.hand[1]) == 2 and state.hand[0] == []


def test_draws_come_from_the_demesne_deck_when_the_main_deck_is_empty() -> None:
    state = table()
    fill_deck(state, 0, "farm", count=5, zone="demesne")
    knight = add(state, 0, "knight-errant", quest_of=0)
    quest = add(state, 0, "the-perilous-chapel", "spent")
    state.spent[0].remove(quest)
    state.quests = [[quest, knight, 3, 0]]
    autumn.resolve_quests(state, POOL)
    assert len(state.hand[0]) == 3 and len(state.demesne[0]) == 2


def test_resetting_support_pulls_cards_back_titles_and_equipment_stay_unpaired() -> None:
    """ "If there are any Knights removed this way from play that have Titles associated with
    them, those Titles remain in play ... Any unremoved Equipment is unpaired but remains on the
    playing field (and must still be supported with RP)."""
    state = table(phase=AUTUMN)
    demesnes(state, 0, "farm", "manor", "large-manor")
    knight = add(state, 0, "knight-errant")
    sword = add(state, 0, "good-sword", paired=knight)
    baron = add(state, 0, "baron", paired=knight)
    legal = ids(state, 0)
    assert f"recall:{state.play[0][0]}" not in legal  # demesnes stay
    act(state, 0, f"recall:{knight}")
    assert state.hand[0] == [knight]
    assert state.paired[sword] == -1 and state.paired[baron] == -1
    assert sword in state.play[0] and baron in state.play[0]
    assert rp.allocated(state, 0) == 1 + 1
    act(state, 0, "pass")
    assert GAME.to_move(state) == (1,)
