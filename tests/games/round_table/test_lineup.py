"""What a state keeps besides its fields: per seat its lineup (lineup.py), a summary of its cards
in play that the rules keep true, and its cards in play as observations show them (`Rt.shown`),
dropped by the rules when they change. Along random games at every player count, after every
move, every seat's kept summary and view equal ones made afresh from the state; so after a clone,
a determinization (and play from it), a decode and a replayed record. Neither is ever part of the
state's encoding, digest or equality."""

import pickle

import msgspec
import pytest

from meeple.engine import GameRecord, Rng, decode_record, encode_record, finish_record, replay, state_digest
from meeple.games.round_table.army import strength, strengths
from meeple.games.round_table.lineup import build, lineup
from meeple.games.round_table.observation import in_play, in_play_content, shown_in_play
from meeple.games.round_table.state import Rt

from .builders import GAME, POOL


def assert_kept(state: Rt) -> None:
    """Every seat's kept lineup and view of its cards in play (those the state holds, then all,
    made on demand) are the fresh ones; so are its knights' strengths, kept by lineup while no
    Quest is live (army.KEPT), against each knight's worked out alone."""
    for seat in range(state.players):
        fresh = build(state, POOL, seat)
        if state.lineups is not None and state.lineups[seat] is not None:
            assert state.lineups[seat] == fresh, (seat, state.lineups[seat], fresh)
        assert lineup(state, POOL, seat) == fresh
        assert strengths(state, POOL, seat) == {knight: strength(state, POOL, knight) for knight in fresh.knights}
        shown = shown_in_play(POOL, *in_play_content(state, seat))
        if state.shown is not None and state.shown[seat] is not None:
            assert state.shown[seat] == shown, (seat, state.shown[seat], shown)
        assert in_play(state, POOL, seat) == shown


def random_game(players: int, seed: int, rng: Rng, check: bool = True) -> tuple[Rt, list[tuple[int, str]]]:
    """A random game played to its end through `play`, the lineups checked after every move."""
    state = GAME.new_game(players, seed)
    actions = []
    while not GAME.is_terminal(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = legal[rng.below(len(legal))]
        GAME.play(state, seat, action)
        actions.append((seat, action.id))
        if check:
            assert_kept(state)
    return state, actions


@pytest.mark.parametrize("players", range(2, 7))
def test_kept_lineups_equal_fresh_ones_after_every_move(players: int) -> None:
    rng = Rng.from_seed(players)
    for seed in (11, 12):
        random_game(players, seed, rng)


def midgame(players: int, decisions: int) -> Rt:
    """A random game after `decisions` moves, with every seat's lineup kept."""
    rng = Rng.from_seed(7)
    state = GAME.new_game(players, 3)
    for _ in range(decisions):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.play(state, seat, legal[rng.below(len(legal))])
    assert_kept(state)
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_clone_keeps_the_lineups_and_shares_no_list_of_them(players: int) -> None:
    state = midgame(players, 120)
    kept = list(state.lineups or [])
    copy = GAME.clone(state)
    assert copy.lineups == kept and copy.lineups is not state.lineups
    assert copy.shown == state.shown and copy.shown is not state.shown
    rng = Rng.from_seed(1)
    moves = 0
    while not GAME.is_terminal(copy) and moves < 300:  # the clone plays on: the original keeps its own
        seat = GAME.to_move(copy)[0]
        legal = GAME.legal_actions(copy, seat)
        GAME.play(copy, seat, legal[rng.below(len(legal))])
        assert_kept(copy)
        moves += 1
    assert state.lineups == kept
    assert_kept(state)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_determinization_keeps_true_lineups_as_it_plays_on(players: int) -> None:
    state = midgame(players, 150)
    rng = Rng.from_seed(5)
    for _ in range(3):
        seat = GAME.to_move(state)[0]
        sampled = GAME.determinize(state, seat, rng)
        assert_kept(sampled)
        for _ in range(200):  # the playout policy, as a search plays from a sample
            if GAME.is_terminal(sampled):
                break
            mover = GAME.to_move(sampled)[0]
            legal = GAME.legal_actions(sampled, mover)
            GAME.play(sampled, mover, GAME.playout_action(sampled, mover, legal, rng))
            assert_kept(sampled)


def test_lineups_are_never_encoded_compared_or_pickled() -> None:
    state = midgame(4, 200)
    assert state.lineups is not None and all(line is not None for line in state.lineups)
    assert state.shown is not None and all(cards is not None for cards in state.shown)
    encoded = msgspec.json.encode(state)
    assert all(key not in encoded for key in (b'"lineups"', b'"knight_names"', b'"shown"', b'"capacity"'))
    decoded = msgspec.json.decode(encoded, type=Rt)
    assert (
        decoded.lineups is None
        and decoded.shown is None
        and decoded == state
        and state_digest(decoded) == state_digest(state)
    )
    assert_kept(decoded)
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.lineups is None and unpickled.shown is None and unpickled == state
    assert_kept(unpickled)


def test_a_replayed_record_keeps_true_lineups() -> None:
    state, actions = random_game(3, 21, Rng.from_seed(21), check=False)
    played = GameRecord("round-table", GAME.spec.version, 3, 21, dict(GAME.options), actions)
    record = finish_record(GAME, played, state)
    _, replayed = replay(decode_record(encode_record(record)))
    assert isinstance(replayed, Rt) and state_digest(replayed) == state_digest(state)
    assert_kept(replayed)


def test_a_state_edited_by_hand_must_forget_its_lineups() -> None:
    """The lineups follow the rules only: an edit by hand leaves them stale until dropped."""
    state = midgame(2, 60)
    seat = next(s for s in range(2) if state.play[s])
    state.paid[state.play[seat][0]] += 5
    assert lineup(state, POOL, seat) != build(state, POOL, seat)
    state.lineups = None
    assert lineup(state, POOL, seat) == build(state, POOL, seat)
