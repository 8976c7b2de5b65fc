"""Game records: encode/decode, replay to the exact state, and detection of every kind of tampering."""

from collections.abc import Mapping
from typing import Any

import msgspec
import pytest

import meeple.engine.record as record_module
from meeple.agents.random_agent import RandomAgent
from meeple.engine import (
    BadRecord,
    Game,
    GameRecord,
    Result,
    UnknownGame,
    competitive_result,
    decode_record,
    encode_record,
    finish_record,
    replay,
    state_digest,
)
from meeple.engine.record import RECORD_FORMAT
from meeple.simulation import play_match

from .toy_game import SealedHighCard, SealedState, encode


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """`replay` finds games through the registry; here it finds the toy game."""

    def get_game(slug: str, options: Mapping[str, Any] | None = None) -> Game:
        if slug != SealedHighCard.spec.slug:
            raise UnknownGame(f"no game called '{slug}' (known games: {SealedHighCard.spec.slug})")
        return SealedHighCard(options)

    monkeypatch.setattr(record_module, "get_game", get_game)


def played(players: int = 3, seed: int = 1, options: dict[str, Any] | None = None) -> tuple[SealedState, GameRecord]:
    game = SealedHighCard(options)
    agents = [RandomAgent(seed * 10 + seat) for seat in range(players)]
    return play_match(game, players, seed, agents)


def mangle(record: GameRecord, **changes: Any) -> GameRecord:
    return msgspec.structs.replace(record, **changes)


# --- encoding ---------------------------------------------------------------------------
def test_record_round_trips_through_encode_and_decode() -> None:
    _, record = played()
    data = encode_record(record)
    assert isinstance(data, bytes)
    assert decode_record(data) == record
    assert decode_record(data.decode()) == record
    fields = msgspec.json.decode(data)
    assert fields["format"] == RECORD_FORMAT
    assert fields["game"] == "sealed-high-card"
    assert len(fields["actions"]) == 9


def test_a_finished_record_carries_digest_and_result() -> None:
    state, record = played()
    assert record.digest == state_digest(state)
    assert record.result == msgspec.to_builtins(SealedHighCard().result(state))
    assert record.options == {"rounds": 3}
    assert record.version == SealedHighCard.spec.version


def test_state_digest_tells_states_apart() -> None:
    game = SealedHighCard()
    state = game.new_game(3, seed=1)
    assert state_digest(state) == state_digest(game.clone(state))
    assert state_digest(state) != state_digest(game.step(state, 0, f"play-{state.hands[0][0]}"))
    assert state_digest(state) != state_digest(game.new_game(3, seed=2))


# --- replay -----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed", "options"), [(2, 1, None), (3, 7, None), (4, 3, {"rounds": 2})])
def test_replay_reaches_the_identical_state(players: int, seed: int, options: dict[str, Any] | None) -> None:
    state, record = played(players, seed, options)
    game, replayed = replay(decode_record(encode_record(record)))
    assert isinstance(game, SealedHighCard)
    assert game.options == SealedHighCard(options).options
    assert state_digest(replayed) == record.digest
    assert encode(replayed) == encode(state)
    assert game.is_terminal(replayed)


def test_replay_of_an_unfinished_game() -> None:
    game = SealedHighCard()
    state = game.new_game(3, seed=4)
    actions = []
    for seat in (2, 0):
        action_id = f"play-{state.hands[seat][0]}"
        game.apply(state, seat, action_id)
        actions.append((seat, action_id))
    record = GameRecord(
        game=game.spec.slug, version="1", players=3, seed=4, options=dict(game.options), actions=actions
    )
    record = finish_record(game, record, state)
    assert record.result is None
    _, replayed = replay(decode_record(encode_record(record)))
    assert encode(replayed) == encode(state)


# --- tampering --------------------------------------------------------------------------
def test_an_illegal_action_is_caught_and_named() -> None:
    _, record = played()
    actions = list(record.actions)
    seat, _ = actions[2]
    actions[2] = (seat, "play-99")
    with pytest.raises(BadRecord) as info:
        replay(mangle(record, actions=actions))
    message = str(info.value)
    assert message.startswith(f"action 3 ('play-99' by seat {seat}) does not replay: ")
    assert "'play-99' is not a legal action" in message


def test_an_action_by_the_wrong_seat_is_caught() -> None:
    _, record = played()
    actions = list(record.actions)
    seat, action_id = actions[0]
    actions[1] = (seat, action_id)  # the same seat again: it has already chosen this round
    expected = rf"action 2 \('{action_id}' by seat {seat}\) does not replay: seat {seat} is not to decide now"
    with pytest.raises(BadRecord, match=expected):
        replay(mangle(record, actions=actions))


def test_an_action_after_the_end_is_caught() -> None:
    _, record = played()
    with pytest.raises(BadRecord, match=r"action 10 \('play-1' by seat 0\) does not replay: the game is over"):
        replay(mangle(record, actions=[*record.actions, (0, "play-1")]))


def test_a_legal_but_altered_action_is_caught_by_the_digest() -> None:
    # seat 0 plays its second-round card first and its first-round card second: every
    # action is still legal, but the final state differs
    _, record = played(2, seed=3)
    actions = list(record.actions)
    first = next(i for i, (seat, _) in enumerate(actions) if seat == 0)
    second = next(i for i, (seat, _) in enumerate(actions) if seat == 0 and i > first)
    actions[first], actions[second] = actions[second], actions[first]
    assert actions != record.actions
    with pytest.raises(BadRecord, match="record's final digest does not match its replay: the record was altered"):
        replay(mangle(record, actions=actions))


def test_dropped_actions_are_caught_by_the_digest() -> None:
    _, record = played()
    with pytest.raises(BadRecord, match="final digest does not match"):
        replay(mangle(record, actions=record.actions[:-1]))


def test_a_record_without_its_digest_is_refused() -> None:
    _, record = played()
    with pytest.raises(BadRecord, match="record has no final digest"):
        replay(mangle(record, digest=None))


def test_a_tampered_digest_is_caught() -> None:
    _, record = played()
    digest = record.digest
    assert digest is not None
    forged = ("0" if digest[0] != "0" else "1") + digest[1:]
    with pytest.raises(BadRecord, match="record's final digest does not match its replay: the record was altered"):
        replay(mangle(record, digest=forged))


def test_a_tampered_result_is_caught() -> None:
    _, record = played()
    assert record.result is not None
    result = dict(record.result)
    result["winner_seats"] = [seat for seat in range(3) if seat not in result["winner_seats"]]
    with pytest.raises(BadRecord, match="record's result does not match its replay: the record was altered"):
        replay(mangle(record, result=result))


def test_a_result_claimed_for_an_unfinished_game_is_caught() -> None:
    _, record = played()
    game = SealedHighCard()
    state = game.new_game(3, record.seed)
    for seat, action_id in record.actions[:3]:
        game.apply(state, seat, action_id)
    partial = mangle(record, actions=record.actions[:3], digest=state_digest(state), result=None)
    replay(partial)  # honest so far: no result claimed
    with pytest.raises(BadRecord, match="record's result does not match its replay"):
        replay(mangle(partial, result=record.result))


def test_a_record_of_another_rules_version_is_refused() -> None:
    _, record = played()
    with pytest.raises(BadRecord) as info:
        replay(mangle(record, version="0"))
    assert str(info.value) == "record is for sealed-high-card rules version 0, this is 1"


def test_a_record_of_another_format_is_refused() -> None:
    _, record = played()
    data = encode_record(mangle(record, format="meeple-record/2"))
    with pytest.raises(BadRecord) as info:
        decode_record(data)
    assert str(info.value) == "record format 'meeple-record/2' is not supported (expected 'meeple-record/1')"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x00\xff\xfe garbage",
        b"not json at all",
        b"[1, 2, 3]",
        b'{"game": "sealed-high-card"}',
        b'{"game": 1, "version": "1", "players": 3, "seed": 1, "options": {}, "actions": []}',
        b'{"game": "g", "version": "1", "players": 3, "seed": 1, "options": {}, "actions": [[0]]}',
    ],
)
def test_garbage_is_not_a_record(data: bytes) -> None:
    with pytest.raises(BadRecord, match=r"^not a meeple game record: "):
        decode_record(data)


def test_a_truncated_record_is_not_a_record() -> None:
    _, record = played()
    data = encode_record(record)
    with pytest.raises(BadRecord, match=r"^not a meeple game record: "):
        decode_record(data[: len(data) // 2])


# --- results whose detail holds tuples and int keys survive a JSON round trip ---------------------
def test_a_result_detail_with_tuples_survives_saving(monkeypatch: pytest.MonkeyPatch) -> None:
    def result_with_tuple(self: SealedHighCard, state: SealedState) -> Result:
        keys = [(state.points[s], sum(state.played[s])) for s in range(state.players)]
        return competitive_result(state.points, keys, detail={"keys": tuple(keys), "by_seat": dict(enumerate(keys))})

    monkeypatch.setattr(SealedHighCard, "result", result_with_tuple)
    _, record = played()
    replay(decode_record(encode_record(record)))
