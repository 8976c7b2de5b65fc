"""The Game API on the toy game: checked actions, pure steps, clones, hidden information, determinization."""

from collections.abc import Iterator

import msgspec
import pytest

from meeple.engine import Action, BadSeed, GameOver, IllegalAction, NotYourTurn, Rng

from .toy_game import DECK, SealedHighCard, SealedState, encode

GAME = SealedHighCard()


def random_move(game: SealedHighCard, state: SealedState, rng: Rng) -> tuple[int, str]:
    """Apply one random legal action of the first seat to move."""
    seat = game.to_move(state)[0]
    legal = game.legal_actions(state, seat)
    action = legal[rng.below(len(legal))]
    game.apply(state, seat, action.id)
    return seat, action.id


def play_out(game: SealedHighCard, state: SealedState, rng: Rng) -> Iterator[SealedState]:
    """Play random legal actions to the end, yielding the state before each action and at the end."""
    while not game.is_terminal(state):
        yield state
        random_move(game, state, rng)
    yield state


def finished_game(players: int = 3, seed: int = 5) -> SealedState:
    state = GAME.new_game(players, seed)
    for _ in play_out(GAME, state, Rng.from_seed(seed, "moves")):
        pass
    return state


def all_cards(state: SealedState) -> list[int]:
    cards = list(state.deck)
    for hand in state.hands:
        cards.extend(hand)
    for played in state.played:
        cards.extend(played)
    cards.extend(c for c in state.chosen if c is not None)
    return sorted(cards)


# --- the toy game itself plays by its rules (the rest of the file leans on it) -----------
def test_setup_deals_hidden_hands_from_the_whole_deck() -> None:
    state = GAME.new_game(3, seed=1)
    assert all(len(hand) == 3 for hand in state.hands)
    assert len(state.deck) == 12 - 9
    assert all_cards(state) == list(DECK)
    assert GAME.to_move(state) == (0, 1, 2)
    assert GAME.new_game(3, seed=2).hands != state.hands
    assert encode(GAME.new_game(3, seed=1)) == encode(state)


def test_a_round_is_sealed_until_everyone_has_chosen() -> None:
    state = GAME.new_game(3, seed=1)
    card = state.hands[1][0]
    action = GAME.apply(state, 1, f"play-{card}")
    assert action.payload == {"sealed": True, "card": card}
    assert GAME.to_move(state) == (0, 2)
    assert state.played == [[], [], []]
    GAME.apply(state, 0, f"play-{state.hands[0][0]}")
    GAME.apply(state, 2, f"play-{state.hands[2][0]}")
    assert state.round == 1
    assert GAME.to_move(state) == (0, 1, 2)
    assert [len(p) for p in state.played] == [1, 1, 1]
    assert sum(state.points) == 1
    assert state.points[max(range(3), key=lambda s: state.played[s][0])] == 1


def test_a_whole_game_ends_with_a_result() -> None:
    state = finished_game()
    assert GAME.is_terminal(state)
    assert GAME.to_move(state) == ()
    assert all(GAME.legal_actions(state, seat) == [] for seat in range(3))
    assert state.decisions == 9
    result = GAME.result(state)
    assert result.scores == state.points
    assert sum(state.points) == 3
    assert len(result.winner_seats) >= 1


# --- apply: checked, and nothing changes when it refuses ---------------------------------
def test_apply_returns_the_action_and_counts_decisions() -> None:
    state = GAME.new_game(2, seed=3)
    card = state.hands[0][1]
    action = GAME.apply(state, 0, f"play-{card}")
    assert isinstance(action, Action)
    assert action.id == f"play-{card}"
    assert state.decisions == 1
    assert card not in state.hands[0]


def test_apply_out_of_turn_raises_and_changes_nothing() -> None:
    state = GAME.new_game(3, seed=4)
    GAME.apply(state, 0, f"play-{state.hands[0][0]}")
    before = encode(state)
    # seat 0 has already chosen this round; its next card is legal-looking but it is not its turn
    with pytest.raises(NotYourTurn) as info:
        GAME.apply(state, 0, f"play-{state.hands[0][0]}")
    assert str(info.value) == "seat 0 is not to decide now (waiting for seat 1, 2)"
    assert encode(state) == before
    # a seat that does not exist is not to move either
    with pytest.raises(NotYourTurn, match="seat 7 is not to decide now"):
        GAME.apply(state, 7, "play-1")
    assert encode(state) == before


def test_apply_illegal_action_raises_naming_it_and_changes_nothing() -> None:
    state = GAME.new_game(3, seed=4)
    before = encode(state)
    others_card = state.hands[1][0]
    for bad in ("play-99", f"play-{others_card}", "", "PLAY-1"):
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, 0, bad)
        assert type(info.value) is IllegalAction  # not its turn-or-over subclasses
        message = str(info.value)
        assert message.startswith(f"{bad!r} is not a legal action for seat 0 now")
        for card in state.hands[0]:  # and it lists what is legal
            assert f"play-{card}" in message
        assert encode(state) == before


def test_apply_after_the_game_is_over_raises_game_over_and_changes_nothing() -> None:
    state = finished_game()
    before = encode(state)
    for seat, action_id in ((0, "play-1"), (1, "anything"), (9, "play-3")):
        with pytest.raises(GameOver) as info:
            GAME.apply(state, seat, action_id)
        assert str(info.value) == f"the game is over; seat {seat} cannot play {action_id!r}"
        assert encode(state) == before
    # GameOver is an IllegalAction, so callers that catch the latter also catch it
    assert issubclass(GameOver, IllegalAction)
    assert issubclass(NotYourTurn, IllegalAction)


# --- step and clone --------------------------------------------------------------------
def test_step_leaves_the_original_untouched() -> None:
    state = GAME.new_game(3, seed=6)
    before = encode(state)
    card = state.hands[2][0]
    after = GAME.step(state, 2, f"play-{card}")
    assert encode(state) == before
    assert after is not state
    assert after.decisions == state.decisions + 1
    assert after.chosen[2] == card and state.chosen[2] is None
    with pytest.raises(IllegalAction):
        GAME.step(state, 2, "play-99")
    assert encode(state) == before


def mutable_pairs(one: object, two: object, path: str = "state") -> Iterator[tuple[str, object, object]]:
    """Every pair of corresponding mutable objects (lists, dicts, mutable structs) in two values."""
    if isinstance(one, msgspec.Struct):
        if not type(one).__struct_config__.frozen:
            yield path, one, two
        for field in one.__struct_fields__:
            yield from mutable_pairs(getattr(one, field), getattr(two, field), f"{path}.{field}")
    elif isinstance(one, list | dict | set):
        yield path, one, two
        items = zip(one.values(), two.values(), strict=True) if isinstance(one, dict) else zip(one, two, strict=True)
        for index, (a, b) in enumerate(items):
            yield from mutable_pairs(a, b, f"{path}[{index}]")


def scramble(value: object) -> None:
    """Change every mutable part of a value in place, as deeply as it goes."""
    if isinstance(value, msgspec.Struct):
        if isinstance(value, Rng):
            value.next64()
            return
        for field in value.__struct_fields__:
            item = getattr(value, field)
            if isinstance(item, int) and not isinstance(item, bool):
                setattr(value, field, item + 1000)
            else:
                scramble(item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if item is None or (isinstance(item, int) and not isinstance(item, bool)):
                value[index] = 1000 if item is None else item + 1000
            else:
                scramble(item)
        value.append(-1)


@pytest.mark.parametrize("moves", [0, 1, 4, 9])
def test_clone_shares_nothing_mutable(moves: int) -> None:
    state = GAME.new_game(3, seed=8)
    rng = Rng.from_seed(8)
    for _ in range(moves):
        random_move(GAME, state, rng)
    copy = GAME.clone(state)
    assert encode(copy) == encode(state)
    pairs = list(mutable_pairs(state, copy))
    assert len(pairs) > 10  # the walk really went into the nested lists
    shared = [path for path, a, b in pairs if a is b]
    assert shared == []
    before = encode(state)
    scramble(copy)
    assert encode(copy) != before
    assert encode(state) == before


def test_a_clone_plays_on_alone() -> None:
    state = GAME.new_game(4, seed=9)
    before = encode(state)
    copy = GAME.clone(state)
    for _ in play_out(GAME, copy, Rng.from_seed(1)):
        pass
    assert GAME.is_terminal(copy)
    assert encode(state) == before


# --- observations --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_are_json_encodable_throughout_a_game(players: int) -> None:
    state = GAME.new_game(players, seed=players)
    for now in play_out(GAME, state, Rng.from_seed(10)):
        for seat in (*range(players), None):
            observation = GAME.observation(now, seat)
            encoded = msgspec.json.encode(observation)
            assert msgspec.json.decode(encoded) == observation  # plain JSON values only
            assert GAME.render_text(observation).startswith("{")


def test_a_sealed_choice_is_hidden_from_others_until_revealed() -> None:
    state = GAME.new_game(3, seed=12)
    low, high = state.hands[1][0], state.hands[1][-1]
    chose_low = GAME.step(state, 1, f"play-{low}")
    chose_high = GAME.step(state, 1, f"play-{high}")
    assert encode(chose_low) != encode(chose_high)
    # the others (and spectators) see that seat 1 has chosen, and nothing of what
    for seat in (0, 2, None):
        seen = GAME.observation(chose_low, seat)
        assert seen == GAME.observation(chose_high, seat)
        assert seen["has_chosen"] == [False, True, False]
        assert seen != GAME.observation(state, seat)
    # seat 1 itself sees its own choice
    assert GAME.observation(chose_low, 1)["my_choice"] == low
    assert GAME.observation(chose_high, 1)["my_choice"] == high
    # seat 0 seals the same card in both: still nothing of seat 1's choice shows
    mine = state.hands[0][0]
    for world in (chose_low, chose_high):
        GAME.apply(world, 0, f"play-{mine}")
    assert GAME.observation(chose_low, 0) == GAME.observation(chose_high, 0)
    # once everyone has chosen, the cards are revealed to all
    last = state.hands[2][0]
    for world in (chose_low, chose_high):
        GAME.apply(world, 2, f"play-{last}")
    for seat in (0, 2, None):
        assert GAME.observation(chose_low, seat)["played"] == [[mine], [low], [last]]
        assert GAME.observation(chose_high, seat)["played"] == [[mine], [high], [last]]


def test_observations_show_own_hand_and_only_sizes_of_others() -> None:
    state = GAME.new_game(3, seed=13)
    seen = GAME.observation(state, 0)
    assert seen["hand"] == state.hands[0]
    assert seen["hand_sizes"] == [3, 3, 3]
    spectator = GAME.observation(state, None)
    assert "hand" not in spectator and "my_choice" not in spectator
    # swap seat 1's hand with the (hidden) deck: seat 0 cannot tell, seat 1 can
    hidden = GAME.clone(state)
    hidden.hands[1], hidden.deck = sorted(state.deck), list(state.hands[1])
    assert hidden.hands[1] != state.hands[1]
    assert GAME.observation(hidden, 0) == seen
    assert GAME.observation(hidden, 2) == GAME.observation(state, 2)
    assert GAME.observation(hidden, 1) != GAME.observation(state, 1)


# --- determinization -------------------------------------------------------------------
def reshuffle_hidden(state: SealedState, seat: int, rng: Rng) -> SealedState:
    """Another state `seat` cannot tell from `state`: every card it cannot see moved
    around (other hands, others' sealed choices, deck), and another hidden seed/stream."""
    other = GAME.clone(state)
    slots: list[tuple[str, int, int]] = [("deck", 0, i) for i in range(len(other.deck))]
    for s in range(other.players):
        if s != seat:
            slots += [("hand", s, i) for i in range(len(other.hands[s]))]
            if other.chosen[s] is not None:
                slots.append(("chosen", s, 0))
    cards = [
        state.deck[i] if kind == "deck" else state.hands[s][i] if kind == "hand" else state.chosen[s]
        for kind, s, i in slots
    ]
    rng.shuffle(cards)
    for (kind, s, i), card in zip(slots, cards, strict=True):
        if kind == "deck":
            other.deck[i] = card
        elif kind == "hand":
            other.hands[s][i] = card
        else:
            other.chosen[s] = card
    for hand in other.hands:
        hand.sort()
    other.seed = state.seed + 1
    other.rng = Rng.from_seed(other.seed)
    return other


def test_determinize_depends_only_on_the_observation() -> None:
    checked = 0
    state = GAME.new_game(3, seed=14)
    for now in play_out(GAME, state, Rng.from_seed(14)):
        if GAME.is_terminal(now):
            break
        twin = reshuffle_hidden(now, 0, Rng.from_seed(now.decisions, "twin"))
        assert GAME.observation(twin, 0) == GAME.observation(now, 0)
        assert encode(twin) != encode(now)
        for k in range(5):
            one = GAME.determinize(now, 0, Rng.from_seed(k))
            two = GAME.determinize(twin, 0, Rng.from_seed(k))
            assert encode(one) == encode(two)
        checked += 1
    assert checked == 9


def test_determinize_of_states_from_different_seeds_with_the_same_view() -> None:
    # two deals in which seat 0 holds the same hand but everything hidden differs
    by_hand: dict[tuple[int, ...], int] = {}
    for seed in range(10_000):
        hand = tuple(GAME.new_game(3, seed).hands[0])
        if hand in by_hand:
            first, second = GAME.new_game(3, by_hand[hand]), GAME.new_game(3, seed)
            break
        by_hand[hand] = seed
    assert first.hands[0] == second.hands[0]
    assert first.hands[1:] != second.hands[1:] or first.deck != second.deck
    # seat 1 seals a card in each, a different one
    GAME.apply(first, 1, f"play-{first.hands[1][0]}")
    GAME.apply(second, 1, f"play-{second.hands[1][-1]}")
    assert GAME.observation(first, 0) == GAME.observation(second, 0)
    for k in range(5):
        rng = Rng.from_seed(k, "determinize")
        assert encode(GAME.determinize(first, 0, rng.clone())) == encode(GAME.determinize(second, 0, rng.clone()))


def test_determinized_opponents_vary_with_the_rng() -> None:
    state = GAME.new_game(3, seed=15)
    unseen = sorted(state.deck + state.hands[1] + state.hands[2])
    hands_of_1 = set()
    cards_of_1: set[int] = set()
    for k in range(60):
        world = GAME.determinize(state, 0, Rng.from_seed(k))
        hands_of_1.add(tuple(world.hands[1]))
        cards_of_1.update(world.hands[1])
    assert len(hands_of_1) >= 20  # of C(9, 3) = 84 possible hands
    assert cards_of_1 == set(unseen)
    # and the same rng gives the same world
    assert encode(GAME.determinize(state, 0, Rng.from_seed(3))) == encode(GAME.determinize(state, 0, Rng.from_seed(3)))


def test_determinized_states_are_consistent_and_playable() -> None:
    state = GAME.new_game(3, seed=16)
    rng = Rng.from_seed(16)
    GAME.apply(state, 0, f"play-{state.hands[0][1]}")  # seat 0 has sealed a card ...
    random_move(GAME, state, rng)
    random_move(GAME, state, rng)  # ... a round is revealed ...
    GAME.apply(state, 0, f"play-{state.hands[0][0]}")
    GAME.apply(state, 2, f"play-{state.hands[2][0]}")  # ... and seats 0 and 2 have sealed again
    before = encode(state)
    for k in range(20):
        world = GAME.determinize(state, 0, Rng.from_seed(k))
        assert encode(state) == before  # the real state is left alone
        # seat 0 keeps its hand and its own sealed choice
        assert world.hands[0] == state.hands[0]
        assert world.chosen[0] == state.chosen[0]
        # the others' sealed choices are un-made: the card is back among their cards
        assert world.chosen[1] is None and world.chosen[2] is None
        assert len(world.hands[1]) == len(state.hands[1])
        assert len(world.hands[2]) == len(state.hands[2]) + 1
        assert len(world.deck) == len(state.deck)
        # what everyone saw stays as it was, and no card is lost or made up
        assert world.played == state.played and world.points == state.points and world.round == state.round
        assert all_cards(world) == list(DECK)
        assert GAME.to_move(world) == (1, 2)
        final = GAME.clone(world)
        for _ in play_out(GAME, final, Rng.from_seed(k, "play")):
            pass
        assert GAME.is_terminal(final)


def test_determinize_does_not_share_state_with_the_original() -> None:
    state = GAME.new_game(3, seed=17)
    before = encode(state)
    world = GAME.determinize(state, 0, Rng.from_seed(1))
    assert [path for path, a, b in mutable_pairs(state, world) if a is b] == []
    scramble(world)
    assert encode(state) == before


def test_playout_action_is_legal_and_reproducible() -> None:
    state = GAME.new_game(3, seed=18)
    legal = GAME.legal_actions(state, 1)
    picks = [GAME.playout_action(state, 1, legal, Rng.from_seed(k)) for k in range(40)]
    assert all(pick in legal for pick in picks)
    assert {pick.id for pick in picks} == {a.id for a in legal}
    assert GAME.playout_action(state, 1, legal, Rng.from_seed(5)) == picks[5]


@pytest.mark.parametrize("seed", [-1, 1 << 64, 1.5, "7", True])
def test_a_seed_outside_0_to_2_64_is_refused_by_name(seed: object) -> None:
    game = SealedHighCard()
    with pytest.raises(BadSeed, match="whole number from 0 to 2\\*\\*64 - 1"):
        game.new_game(2, seed)  # type: ignore[arg-type]
