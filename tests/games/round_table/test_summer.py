"""Summer Season (Campaigning): declare, quests, redirects, other cards; response windows;
the Special Rule on Quests and Redirects."""

from meeple.games.round_table import rp
from meeple.games.round_table.state import AUTUMN, DECLARE, OTHER, QUESTS, REDIRECTS, SUMMER

from .builders import GAME, POOL, act, add, demesnes, fill_deck, ids, names, table


def summer_table(players: int = 2):
    state = table(players=players, phase=SUMMER)
    for seat in range(players):
        demesnes(state, seat, "farm", "manor", "large-manor", "keep")
        fill_deck(state, seat)
    return state


def test_declare_commits_active_knights_and_committed_ones_stay() -> None:
    state = summer_table()
    knight = add(state, 0, "knight-errant")
    other = add(state, 0, "knight-bachelor")
    act(state, 0, f"commit:{knight}:1")
    assert state.attack[knight] == 1
    legal = ids(state, 0)
    assert not any(a.startswith(f"commit:{knight}:") for a in legal)  # cannot move a committed knight
    assert f"commit:{other}:1" in legal and f"commit:{other}:0" in legal  # add more to an attack or another
    assert ids(state, 1) == []


def test_engaged_knights_cannot_be_committed() -> None:
    state = summer_table()
    add(state, 0, "knight-errant", quest_of=0)
    free = add(state, 0, "knight-errant")
    assert [a for a in ids(state, 0) if a.startswith("commit:")] == [f"commit:{free}:{s}" for s in range(3)]


def test_quest_engages_the_knight_removes_it_from_the_attack_and_spends_rp() -> None:
    state = summer_table()
    knight = add(state, 0, "knight-errant")
    add(state, 1, "knight-errant")
    add(state, 0, "bone-snapper", "hand")
    add(state, 0, "the-lady-of-the-lake", "hand")
    act(state, 0, f"commit:{knight}:0")  # nothing left to commit: the declare step ends by itself
    assert state.step == QUESTS and GAME.to_move(state) == (0,)
    before = rp.available(state, POOL, 0)
    act(state, 0, f"quest:bone-snapper:{knight}")
    assert rp.available(state, POOL, 0) == before - 4 and state.spent_rp[0] == 4
    assert state.quest_of[knight] == -1  # not resolved until everyone passes
    assert GAME.to_move(state) == (0,)  # seat 1 has nothing to play, so it passes by itself
    act(state, 0, "pass")
    assert state.quest_of[knight] == 0 and state.attack[knight] == -1
    assert state.quests == [[state.quests[0][0], knight, 4, 0]]


def test_players_alternate_in_the_window_until_all_pass_then_cards_resolve_in_order() -> None:
    state = summer_table()
    mine = add(state, 0, "knight-errant")
    theirs = add(state, 1, "knight-errant")
    add(state, 1, "knight-bachelor")  # keeps seat 1's own campaign turn from passing by itself
    add(state, 0, "the-questing-beast", "hand")
    add(state, 1, "the-lady-of-the-lake", "hand")
    add(state, 1, "the-perilous-chapel", "hand")
    act(state, 0, f"commit:{mine}:0")
    act(state, 0, f"quest:the-questing-beast:{theirs}")
    assert GAME.to_move(state) == (1,)
    assert f"quest:the-lady-of-the-lake:{theirs}" not in ids(state, 1)  # already the target of a quest
    act(state, 1, f"quest:the-lady-of-the-lake:{mine}")
    assert GAME.to_move(state) == (1,)  # seat 0 has nothing left to play and passes by itself
    assert state.quests == []  # nothing resolves while the window is open
    act(state, 1, "pass")
    assert state.phase == SUMMER and state.step == DECLARE and GAME.to_move(state) == (1,)
    assert [names(state, [q[0]])[0] for q in state.quests] == ["The Questing Beast", "The Lady of the Lake"]
    assert state.quest_of[theirs] == 0 and state.quest_of[mine] == 1


def test_each_named_quest_once_per_summer() -> None:
    """ "If during the Summer/Campaign Season, a player uses The Green Knight Quest on a Knight,
    no other player can use The Green Knight Quest for the remainder of the season.\""""
    state = summer_table()
    mine = add(state, 0, "knight-chevalier")
    theirs = add(state, 1, "knight-chevalier")
    add(state, 0, "the-green-knight", "hand")
    add(state, 1, "the-green-knight", "hand")
    act(state, 0, "done")
    act(state, 0, f"quest:the-green-knight:{mine}")
    assert not any(a.startswith("quest:the-green-knight") for a in ids(state, 1))
    assert theirs >= 0


def test_redirect_counters_a_quest_by_giving_the_knight_a_new_task() -> None:
    state = summer_table()
    knight = add(state, 0, "knight-errant")
    other = add(state, 1, "knight-errant", attack=0)
    add(state, 1, "knight-bachelor")  # keeps seat 1's campaign turn from passing by itself
    add(state, 1, "change-of-orders", "hand")
    quest = add(state, 0, "bone-snapper", "hand")
    act(state, 0, "done")
    act(state, 0, f"quest:bone-snapper:{knight}")  # nobody else can respond: the quest resolves
    assert state.step == REDIRECTS and GAME.to_move(state) == (1,)
    legal = ids(state, 1)
    assert f"redirect:change-of-orders:{knight}:r2" in legal
    assert f"redirect:change-of-orders:{other}:r0" not in legal  # a new task: another region
    act(state, 1, f"redirect:change-of-orders:{knight}:r2")
    assert state.attack[knight] == 2 and state.quest_of[knight] == -1
    assert quest in state.spent[0] and state.quests[0][0] == -1
    assert names(state, state.spent[1]) == ["Change of Orders"]


def test_knights_join_only_quests_on_their_controllers_knights() -> None:
    state = summer_table()
    quested = add(state, 0, "knight-errant", quest_of=0)
    quest = add(state, 0, "bone-snapper", "spent")
    state.spent[0].remove(quest)
    state.quests = [[quest, quested, 4, 0]]
    mine = add(state, 0, "knight-errant", attack=1)
    theirs = add(state, 1, "knight-errant", attack=1)
    add(state, 0, "change-of-orders", "hand")
    state.step = REDIRECTS
    state.window_seat = 0
    legal = ids(state, 0)
    assert f"redirect:change-of-orders:{mine}:q0" in legal
    assert f"redirect:change-of-orders:{theirs}:q0" not in legal
    assert f"redirect:change-of-orders:{theirs}:r0" in legal  # "Redirects can be played on any Knight"


def test_royal_command_resets_one_of_your_knights() -> None:
    """The cardinal rule: Royal Command resets a Knight instead of giving it a new task."""
    state = summer_table()
    mine = add(state, 0, "knight-errant", attack=1)
    theirs = add(state, 1, "knight-errant", attack=1)
    add(state, 1, "knight-bachelor")  # keeps seat 1's campaign turn from passing by itself
    add(state, 0, "royal-command", "hand")
    state.step = REDIRECTS
    state.window_seat = 0
    legal = ids(state, 0)
    assert legal == ["pass", f"redirect:royal-command:{mine}:reset"]
    act(state, 0, f"redirect:royal-command:{mine}:reset")
    assert state.attack[mine] == -1 and state.attack[theirs] == 1
    assert "Royal Command" in names(state, state.spent[0])


def test_other_step_plays_only_cards_that_say_so() -> None:
    state = summer_table()
    knight = add(state, 0, "knight-errant")
    add(state, 1, "knight-bachelor")  # keeps seat 1's campaign turn from passing by itself
    add(state, 0, "borrowed-destrier", "hand")
    add(state, 0, "good-sword", "hand")
    state.step = OTHER
    state.window_seat = 0
    assert ids(state, 0) == ["pass", f"summer:borrowed-destrier:{knight}"]
    act(state, 0, f"summer:borrowed-destrier:{knight}")
    # nobody can play anything more in this step (Good Sword cannot): the Destrier resolves
    destrier = state.play[0][-1]
    assert names(state, [destrier]) == ["Borrowed Destrier"] and state.paired[destrier] == knight
    assert state.spent_rp[0] == 0 and state.paid[destrier] == 2


def test_each_player_takes_a_campaign_turn_then_autumn() -> None:
    state = summer_table()
    a = add(state, 0, "knight-errant")
    b = add(state, 1, "knight-errant")
    act(state, 0, f"commit:{a}:0")
    assert state.step == DECLARE and GAME.to_move(state) == (1,)
    act(state, 1, f"commit:{b}:0")
    assert state.phase == AUTUMN or state.phase == "discard"
