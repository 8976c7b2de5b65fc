"""Summer Season (Campaigning): declare, quests, redirects, other cards; response windows;
the Special Rule on Quests and Redirects."""

from meeple.games.round_table import rp, summer
from meeple.games.round_table.state import AUTUMN, DECLARE, OTHER, PLAY_QUEST, QUESTS, REDIRECTS, SUMMER

from .builders import GAME, POOL, act, add, demesnes, fill_deck, ids, names, resolve_quests, table


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


STEP_4 = [card.id for card in POOL.cards if "step 4 of the Summer season" in card.text]


def test_every_card_whose_text_says_step_4_is_played_in_step_4() -> None:
    """Borrowed Destrier, Field Knighthood and the reconstructed cards with the same text (Spare
    Lance, Borrowed Shield, Battlefield Promotion): each is offered in step 4, and only cards
    with that text carry the hook."""
    assert {"spare-lance", "borrowed-shield", "battlefield-promotion"} < set(STEP_4)
    assert [card.id for card in POOL.cards if card.ability == "summer_play"] == STEP_4
    for card_id in STEP_4:
        state = summer_table()
        knight = add(state, 0, "knight-errant")
        add(state, 1, "knight-bachelor")
        add(state, 0, card_id, "hand")
        state.step = OTHER
        state.window_seat = 0
        assert f"summer:{card_id}:{knight}" in ids(state, 0), card_id


def test_each_player_takes_a_campaign_turn_then_autumn() -> None:
    state = summer_table()
    a = add(state, 0, "knight-errant")
    b = add(state, 1, "knight-errant")
    act(state, 0, f"commit:{a}:0")
    assert state.step == DECLARE and GAME.to_move(state) == (1,)
    act(state, 1, f"commit:{b}:0")
    assert state.phase == AUTUMN or state.phase == "discard"


def test_the_once_per_summer_restriction_is_removed_when_summer_ends() -> None:
    """ "This restriction is removed at the end of the Summer season.\""""
    state = summer_table()
    knight = add(state, 0, "knight-errant")
    add(state, 1, "knight-bachelor")  # keeps seat 1's campaign turn from passing by itself
    add(state, 0, "the-questing-beast", "hand")
    act(state, 0, "done")
    act(state, 0, f"quest:the-questing-beast:{knight}")
    assert state.step == DECLARE and state.used == [POOL.index["the-questing-beast"]]
    act(state, 1, "done")
    assert state.phase != SUMMER and state.used == []


def quest_in_progress(state, seat: int = 0, card_id: str = "bone-snapper", spent: int = 4) -> tuple[int, int]:
    """A Quest already resolved this Summer on a knight of `seat`: (quested knight, quest uid)."""
    knight = add(state, seat, "knight-errant", quest_of=len(state.quests))
    quest = add(state, seat, card_id, "spent")
    state.spent[seat].remove(quest)
    state.quests.append([quest, knight, spent, seat])
    return knight, quest


def redirect_window(state, first: int) -> None:
    """Seat 0's campaign turn at the Redirects step; seat 1 holds a knight, so its own campaign
    turn waits for it (the Summer does not run on into Autumn)."""
    add(state, 1, "knight-chevalier")
    state.step = REDIRECTS
    state.window_seat = first


def test_a_redirect_makes_a_knight_join_a_quest_of_its_controller() -> None:
    """Summer step 3: "Redirected Knights must be Committed to a new task, whether attacking a
    different Region or joining a Quest"."""
    state = summer_table()
    quested, _ = quest_in_progress(state)
    joiner = add(state, 0, "knight-bachelor", attack=1)
    add(state, 0, "change-of-orders", "hand")
    redirect_window(state, 0)
    act(state, 0, f"redirect:change-of-orders:{joiner}:q0")  # nobody can respond: it resolves
    assert state.quest_of[joiner] == 0 and state.attack[joiner] == -1 and state.quest_of[quested] == 0


def test_countering_a_quest_frees_the_knights_that_joined_it_and_nobody_draws() -> None:
    state = summer_table()
    quested, quest = quest_in_progress(state)
    joiner = add(state, 0, "knight-bachelor", quest_of=0)
    add(state, 1, "change-of-orders", "hand")
    redirect_window(state, 1)
    act(state, 1, f"redirect:change-of-orders:{quested}:r2")  # nobody can respond: it resolves
    assert state.attack[quested] == 2 and state.quest_of[quested] == -1
    assert state.quest_of[joiner] == -1 and state.attack[joiner] == -1  # freed, idle
    assert quest in state.spent[0] and state.quests[0][0] == -1
    resolve_quests(state)
    assert state.hand == [[], []]  # a countered Quest draws nothing


def test_a_redirect_whose_new_task_is_gone_comes_to_nothing() -> None:
    """Played in order: the first Redirect counters the Quest, so the second one, which would
    have joined it, finds no Quest to join; its knight keeps its task and its RP stay spent."""
    state = summer_table()
    quested, _ = quest_in_progress(state)
    attacker = add(state, 0, "knight-bachelor", attack=1)
    add(state, 1, "change-of-orders", "hand")
    add(state, 0, "forced-march", "hand")
    redirect_window(state, 1)
    act(state, 1, f"redirect:change-of-orders:{quested}:r2")
    act(state, 0, f"redirect:forced-march:{attacker}:q0")  # both resolve, in the order played
    assert state.attack[attacker] == 1 and state.quest_of[attacker] == -1
    assert state.spent_rp[0] == 2 and names(state, state.spent[0])[-1] == "Forced March"


def test_a_quest_whose_knight_is_already_questing_comes_to_nothing() -> None:
    state = summer_table()
    knight, _ = quest_in_progress(state)
    late = add(state, 1, "the-questing-beast", "spent")
    state.spent[1].remove(late)
    state.window = [[PLAY_QUEST, 1, late, knight, 2]]
    summer.close_window(state, POOL)
    assert len(state.quests) == 1 and state.quest_of[knight] == 0
    assert late in state.spent[1]


def test_a_knight_already_on_a_quest_cannot_be_quested_again() -> None:
    state = summer_table()
    questing, _ = quest_in_progress(state)
    joined = add(state, 0, "knight-bachelor", quest_of=0)
    free = add(state, 0, "knight-vassal")
    add(state, 0, "the-questing-beast", "hand")
    state.step = QUESTS
    state.window_seat = 0
    legal = ids(state, 0)
    assert f"quest:the-questing-beast:{free}" in legal
    assert f"quest:the-questing-beast:{questing}" not in legal
    assert f"quest:the-questing-beast:{joined}" not in legal


def test_a_quest_played_last_summer_may_be_played_again_the_next_summer() -> None:
    """Special Rule on Quests and Redirects: "This restriction is removed at the end of the
    Summer season" (played through to the next Summer)."""
    state = summer_table()
    knight = add(state, 0, "knight-errant")
    add(state, 1, "knight-bachelor")
    add(state, 0, "the-questing-beast", "hand")
    add(state, 0, "the-questing-beast", "hand")
    act(state, 0, "done")
    act(state, 0, f"quest:the-questing-beast:{knight}")
    assert not any(a.startswith("quest:the-questing-beast") for a in ids(state, 1))
    while state.phase != SUMMER or state.step != DECLARE or GAME.to_move(state) != (state.active,):
        seat = GAME.to_move(state)[0]
        act(state, seat, "pass" if "pass" in ids(state, seat) else ids(state, seat)[0])
    assert state.round == 2 and state.used == []
    act(state, state.active, "done")
    while GAME.to_move(state) != (0,) or state.step != QUESTS:
        act(state, GAME.to_move(state)[0], "done" if state.step == DECLARE else "pass")
    assert any(a.startswith("quest:the-questing-beast:") for a in ids(state, 0))


def test_redirects_can_be_played_on_any_knight_even_an_idle_one() -> None:
    """ "Redirects can be played on any Knight": a knight at home may be Redirected to attack a
    region or to join a Quest of its controller (as in the Bone-Snapper example); an opponent's
    idle knight may be sent to attack, never to join one's own Quest. Royal Command resets only
    a knight with a task."""
    state = summer_table()
    quest_in_progress(state)
    idle = add(state, 0, "knight-bachelor")
    add(state, 0, "change-of-orders", "hand")
    add(state, 0, "royal-command", "hand")
    redirect_window(state, 0)
    theirs = state.play[1][-1]  # seat 1's idle knight
    legal = ids(state, 0)
    assert {f"redirect:change-of-orders:{idle}:{task}" for task in ("r0", "r1", "r2", "q0")} <= set(legal)
    assert f"redirect:change-of-orders:{theirs}:r0" in legal
    assert f"redirect:change-of-orders:{theirs}:q0" not in legal
    assert not any(a.startswith(f"redirect:royal-command:{idle}:") for a in legal)
    act(state, 0, f"redirect:change-of-orders:{idle}:q0")
    act(state, 0, "pass")  # keeps Royal Command; seat 1 passed by itself: the window resolves
    assert state.quest_of[idle] == 0


def windows_one_by_one(state) -> None:
    """The Summer's progress as it went before campaign turns passed at once: every window opened,
    passed seat by seat and closed, until a seat must decide or every seat has had its turn."""
    while True:
        if state.step == DECLARE:
            if state.turn >= state.players or summer.can_commit(state, POOL, state.seat_of_turn()):
                return
            summer.open_window(state, QUESTS)
        if summer.pass_until_response(state, POOL, summer.held_cards(state)):
            return
        summer.close_window(state, POOL)
        if state.step == OTHER:
            state.turn += 1
            state.step = DECLARE
        else:
            summer.open_window(state, {QUESTS: REDIRECTS, REDIRECTS: OTHER}[state.step])


def test_windows_no_hand_can_answer_pass_at_once_as_one_by_one() -> None:
    """A campaign turn whose windows no hand holds a Quest, a Redirect or a Summer card for passes
    them at once, and so does the next seat's turn with no knight to commit: the state is the
    one every seat passing in every window leaves."""
    state = summer_table(players=3)
    add(state, 0, "knight-errant")
    add(state, 2, "knight-bachelor")
    add(state, 1, "knight-errant", "hand")
    reference = state.clone()
    act(state, 0, "done")
    summer.open_window(reference, QUESTS)  # what "done" does
    reference.decisions += 1
    windows_one_by_one(reference)
    assert (state.step, state.turn, state.window, state.window_seat) == (DECLARE, 2, [], 1)
    assert GAME.to_move(state) == (2,)
    assert state == reference
