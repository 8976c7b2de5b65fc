"""Spring Season (Recruiting), Resource Points and the Special Rule on Knights."""

from meeple.games.round_table import rp
from meeple.games.round_table.state import SPRING, SUMMER

from .builders import GAME, POOL, act, add, demesnes, ids, names, table


def test_resource_points_are_cumulative_farm_manor_large_manor_give_7() -> None:
    """1. Demesnes: "if a player has a Farm, a Manor, and a Large Manor in play, they have 7 total RP"."""
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor")
    assert rp.capacity(state, POOL, 0) == 7


def test_capacity_20_with_6_allocated_admits_a_knight_of_up_to_14() -> None:
    """2. Knights: "a total capacity of 20 RP and has 6 RP allocated ... any Knight requiring up to 14 RP"."""
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor", "keep", "farm", "manor", "farm", "manor")
    assert rp.capacity(state, POOL, 0) == 20
    add(state, 0, "knight-errant", paid=6)
    assert rp.allocated(state, 0) == 6 and rp.available(state, POOL, 0) == 14
    add(state, 0, "arthur", "hand")  # 8 RP: fits
    assert "recruit:arthur" in ids(state, 0)
    state.paid[state.play[0][-1]] = 13  # now only 7 RP are left: Arthur (8) no longer fits
    state.lineups = None  # edited by hand, outside the rules: the kept lineups are dropped
    assert "recruit:arthur" not in ids(state, 0)


def test_recruiting_allocates_the_knights_rp() -> None:
    state = table()
    demesnes(state, 0, "farm", "manor")
    add(state, 0, "kay", "hand")
    add(state, 0, "knight-chevalier", "hand")  # 4 RP > 3 capacity
    assert "recruit:kay" in ids(state, 0) and "recruit:knight-chevalier" not in ids(state, 0)
    act(state, 0, "recruit:kay")
    assert rp.allocated(state, 0) == 3 and rp.available(state, POOL, 0) == 0


def test_at_most_one_demesne_each_spring_and_upgrades_need_a_free_predecessor() -> None:
    """ "at most one Demesne ... they can only play a Keep if there is a Large Manor that has not
    already been upgraded"."""
    state = table()
    demesnes(state, 0, "farm")
    for card in ("manor", "keep", "farm"):
        add(state, 0, card, "hand")
    legal = ids(state, 0)
    assert "demesne:manor" in legal and "demesne:farm" in legal and "demesne:keep" not in legal
    act(state, 0, "demesne:manor")
    assert not any(a.startswith("demesne:") for a in ids(state, 0))
    assert rp.capacity(state, POOL, 0) == 3
    farm = state.play[0][0]
    assert state.upgraded[farm]


def test_any_printing_of_a_step_upgrades_any_printing_of_the_step_before() -> None:
    """ "Only a Manor can be upgraded to a Large Manor": a Manor in any season's art is a Manor."""
    state = table()
    demesnes(state, 0, "farm-spring", "manor-summer")
    add(state, 0, "large-manor-autumn", "hand")
    add(state, 0, "keep-spring", "hand")
    legal = ids(state, 0)
    assert "demesne:large-manor-autumn" in legal and "demesne:keep-spring" not in legal
    act(state, 0, "demesne:large-manor-autumn")
    assert rp.capacity(state, POOL, 0) == 7
    assert [state.upgraded[u] for u in state.play[0]] == [True, True, False]


def test_a_manor_cannot_upgrade_an_already_upgraded_farm() -> None:
    state = table()
    demesnes(state, 0, "farm", "manor")
    add(state, 0, "manor", "hand")
    assert "demesne:manor" not in ids(state, 0)


def test_equipment_one_of_each_type_per_knight_agricol_example() -> None:
    """ "if Agricol has a Good Sword (a weapon), he cannot also be equipped with an Exquisite
    Morningstar (also a weapon) but could be equipped with a Rouncy (a mount)"."""
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor", "keep")
    agricol = add(state, 0, "agricol")
    add(state, 0, "good-sword", paired=agricol)
    add(state, 0, "exquisite-morningstar", "hand")
    add(state, 0, "rouncy", "hand")
    legal = ids(state, 0)
    assert f"equip:exquisite-morningstar:{agricol}" not in legal
    assert f"equip:rouncy:{agricol}" in legal


def test_equipment_and_titles_move_between_knights_in_spring() -> None:
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor")
    gawain = add(state, 0, "gawain")
    kay = add(state, 0, "kay")
    sword = add(state, 0, "good-sword", paired=gawain)
    baron = add(state, 0, "baron", paired=gawain)
    add(state, 0, "good-sword", paired=kay)
    legal = ids(state, 0)
    assert f"move:{sword}:{kay}" not in legal  # Kay already has a weapon
    assert f"move:{baron}:{kay}" in legal
    act(state, 0, f"move:{baron}:{kay}")
    assert state.paired[baron] == kay


def test_titles_unique_per_knight_and_playable_without_a_knight() -> None:
    """ "Titles can be put in play even if no Knights are available ... only one Title of any
    name is associated with the Knight"."""
    state = table()
    demesnes(state, 0, "farm", "manor")
    add(state, 0, "baron", "hand")
    assert "title:baron:none" in ids(state, 0)
    act(state, 0, "title:baron:none")
    baron = state.play[0][-1]
    assert state.paired[baron] == -1
    knight = add(state, 0, "knight-errant", paid=0)
    add(state, 0, "baron", paired=knight, paid=0)
    assert f"move:{baron}:{knight}" not in ids(state, 0)
    add(state, 0, "duke", paired=knight, paid=0)
    assert rp.available(state, POOL, 0) >= 0


def test_named_knight_clash_sends_both_to_the_spent_pile() -> None:
    """Special Rule on Knights: both Knights to the Spent Pile, Titles removed, Equipment unpaired."""
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor", "keep")
    rival = add(state, 1, "gawain")
    title = add(state, 1, "duke", paired=rival)
    sword = add(state, 1, "good-sword", paired=rival)
    add(state, 0, "gawain", "hand")
    act(state, 0, "recruit:gawain")
    assert names(state, state.spent[0]) == ["Gawain"]
    assert sorted(names(state, state.spent[1])) == ["Duke", "Gawain"]
    assert sword in state.play[1] and state.paired[sword] == -1
    assert title not in state.play[1]
    assert rp.allocated(state, 0) == 0


def test_spring_passes_clockwise_and_ends_when_all_have_passed() -> None:
    state = table(players=3, active=1)
    for seat in range(3):
        demesnes(state, seat, "farm")
    add(state, 1, "knight-errant", paid=0)
    assert GAME.to_move(state) == (1,)
    act(state, 1, "pass")
    assert GAME.to_move(state) == (2,) and state.phase == SPRING
    act(state, 2, "pass")
    act(state, 0, "pass")
    assert state.phase == SUMMER and GAME.to_move(state) == (1,)


def test_only_knights_equipment_titles_and_demesnes_are_played_in_spring() -> None:
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor")
    add(state, 0, "bone-snapper", "hand")
    add(state, 0, "royal-command", "hand")
    assert ids(state, 0) == ["pass"]
    assert GAME.spec.slug == "round-table"


def test_an_item_is_not_moved_back_to_a_knight_it_left_this_turn() -> None:
    """ "Equipment can be moved between Knights as often as desired during the Spring Season";
    ruling: moving an item back to a knight it left this turn only undoes a move and is not
    offered, so a turn always ends. A swap through a third knight needs no such move."""
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor")
    a, b, c = add(state, 0, "knight-errant"), add(state, 0, "knight-bachelor"), add(state, 0, "knight-vassal")
    sword = add(state, 0, "good-sword", paired=a)
    spear = add(state, 0, "spear", paired=b)
    act(state, 0, f"move:{sword}:{c}")
    assert f"move:{sword}:{a}" not in ids(state, 0)  # back where it was: not offered
    act(state, 0, f"move:{spear}:{a}")
    act(state, 0, f"move:{sword}:{b}")  # the swap is done
    assert (state.paired[sword], state.paired[spear]) == (b, a)
    assert [m for m in ids(state, 0) if m.startswith(f"move:{sword}:")] == []  # it left a and c
    act(state, 0, "pass")
    assert state.left == []  # the next turn starts with a clean slate


def test_spring_moves_always_end() -> None:
    """Whatever moves are chosen, the moves offered run out: each item leaves each knight at
    most once a turn."""
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor", "keep")
    knights = [add(state, 0, "knight-errant") for _ in range(4)]
    for card_id, knight in zip(("good-sword", "chain-mail", "rouncy", "baron"), knights, strict=True):
        add(state, 0, card_id, paired=knight)
    moves = 0
    while (legal := [m for m in ids(state, 0) if m.startswith("move:")]) and moves < 100:
        act(state, 0, legal[moves % len(legal)])
        moves += 1
    assert moves <= 4 * 3
