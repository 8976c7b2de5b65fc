"""Game records: game, rules version, options, seed and actions, replayable to the exact state."""

import hashlib
from typing import Any

import msgspec

from meeple.engine.errors import BadRecord, MeepleError
from meeple.engine.game import Game
from meeple.engine.registry import get_game

RECORD_FORMAT = "meeple-record/1"


class GameRecord(msgspec.Struct):
    """Everything needed to replay a game; `digest` and `result` let a replay detect tampering."""

    game: str
    version: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: list[tuple[int, str]]
    format: str = RECORD_FORMAT
    digest: str | None = None
    result: dict[str, Any] | None = None


def state_digest(state: msgspec.Struct) -> str:
    """A SHA-256 of the state's canonical JSON: equal digests mean identical states."""
    return hashlib.sha256(msgspec.json.encode(state, order="deterministic")).hexdigest()


def _result_json(game: Game, state: msgspec.Struct) -> dict[str, Any] | None:
    """The result as it reads once saved as JSON (tuples become lists, keys strings)."""
    if not game.is_terminal(state):
        return None
    return msgspec.json.decode(msgspec.json.encode(game.result(state)))


def finish_record(game: Game, record: GameRecord, state: msgspec.Struct) -> GameRecord:
    """The record with the final digest and (if the game ended) the result filled in."""
    return msgspec.structs.replace(record, digest=state_digest(state), result=_result_json(game, state))


def encode_record(record: GameRecord) -> bytes:
    return msgspec.json.format(msgspec.json.encode(record), indent=2)


def decode_record(data: bytes | str) -> GameRecord:
    try:
        record = msgspec.json.decode(data, type=GameRecord)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise BadRecord(f"not a meeple game record: {error}") from None
    if record.format != RECORD_FORMAT:
        raise BadRecord(f"record format '{record.format}' is not supported (expected '{RECORD_FORMAT}')")
    return record


def replay(record: GameRecord) -> tuple[Game, msgspec.Struct]:
    """Replay a record to its final state, checking version, every action, the digest and the result."""
    if record.format != RECORD_FORMAT:
        raise BadRecord(f"record format '{record.format}' is not supported (expected '{RECORD_FORMAT}')")
    try:
        game = get_game(record.game, record.options)
        if record.version != game.spec.version:
            raise BadRecord(f"record is for {record.game} rules version {record.version}, this is {game.spec.version}")
        state = game.new_game(record.players, record.seed)
    except BadRecord:
        raise
    except MeepleError as error:
        raise BadRecord(f"record cannot be set up: {error}") from None
    for index, (seat, action_id) in enumerate(record.actions):
        try:
            game.apply(state, seat, action_id)
        except MeepleError as error:
            raise BadRecord(f"action {index + 1} ({action_id!r} by seat {seat}) does not replay: {error}") from None
    if record.digest is None:
        raise BadRecord("record has no final digest, so it cannot be verified")
    if record.digest != state_digest(state):
        raise BadRecord("record's final digest does not match its replay: the record was altered")
    if record.result is not None and _result_json(game, state) != record.result:
        raise BadRecord("record's result does not match its replay: the record was altered")
    return game, state
