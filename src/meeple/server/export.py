"""A stored table as a game record (`meeple export`): what `meeple replay` reads.

Any table can be exported, live, archived or abandoned: its setup and event log are all a
record holds. The record carries the table's seed, which is secret while the game is played
(it would let anyone rebuild every shuffle), so exporting is for whoever holds the database
file, never a web route.
"""

from meeple.engine import BadRecord, GameRecord, MeepleError, finish_record, get_game
from meeple.server.store import Store


def table_record(store: Store, table_id: str) -> GameRecord:
    """The record of table `table_id`, its digest and result from replaying its log; BadRecord
    if there is no such table or its log does not replay (a broken table)."""
    row = store.table(table_id)
    if row is None:
        raise BadRecord(f"there is no table {table_id!r} in this database")
    actions = [(seat, action_id) for _, seat, action_id in store.events(table_id)]
    record = GameRecord(row.game, row.version, row.players, row.seed, row.options, actions)
    try:
        game = get_game(row.game, row.options)
        if game.spec.version != row.version:
            raise BadRecord(f"it was played under {row.game} rules version {row.version}; this is {game.spec.version}")
        state = game.new_game(row.players, row.seed)
        for seat, action_id in actions:
            game.apply(state, seat, action_id)
    except MeepleError as error:
        raise BadRecord(f"table {table_id} does not replay: {error}") from None
    return finish_record(game, record, state)
