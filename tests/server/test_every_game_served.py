"""Every registered game is playable through the server: a human seat offered exactly its legal
actions, bots in the other seats, and the table rebuilt identically after a restart.

The cases come from `meeple.engine.game_specs()`, so a game registered later is covered
without editing this file."""

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from machine_speed import MACHINE_SPEED
from meeple.engine import GameSpec, game_specs, get_game
from meeple.server import create_app

from .support import Browser, fingerprint, restore_all, wait_for_bots, ws_path

HUMAN_MOVES = 25  # clicks by the human seat before the server is restarted


def table_size(spec: GameSpec) -> int:
    """Two seats where the game allows it (a human and a bot), else its smallest count."""
    return min(max(2, spec.min_players), spec.max_players)


CASES = [pytest.param(spec.slug, id=spec.slug) for spec in game_specs()]


def create(client: TestClient, slug: str, players: int) -> tuple[str, str]:
    """A table with seat 0 human and random bots elsewhere: its id and seat 0's link."""
    manager = client.app.state.manager
    table, tokens = client.portal.call(
        manager.create, slug, players, ["human"] + ["random"] * (players - 1), {}, False, 5
    )
    return table.id, f"/t/{table.id}?token={tokens[0]}"


@pytest.mark.parametrize("slug", CASES)
def test_a_human_plays_against_bots_and_the_table_survives_a_restart(slug: str, tmp_path: Path) -> None:
    db_path = str(tmp_path / "meeple.sqlite")
    game = get_game(slug)
    players = table_size(game.spec)
    with TestClient(create_app(db_path, limits=MACHINE_SPEED)) as client:
        table_id, link = create(client, slug, players)
        manager = client.app.state.manager
        table = manager.tables[table_id]
        page = client.get(link)
        assert page.status_code == 200, page.text
        with client.websocket_connect(ws_path(link)) as ws:
            human = Browser(ws, "seat 0")
            for _ in range(HUMAN_MOVES):
                wait_for_bots(manager, table)
                human.sync(table.seq)
                if table.is_over():
                    break
                assert table.state is not None
                actions = game.legal_actions(table.state, 0) if 0 in game.to_move(table.state) else []
                legal = {action.id for action in actions}
                distinct = {action.id for action in actions if "same_as" not in action.payload}
                # every legal choice once (one reached two ways, marked same_as, may be left out)
                assert distinct <= set(human.actions) <= legal, "seat 0 must be offered exactly its legal actions"
                assert legal, "no bot is thinking, so the human seat must be to move"
                human.play(human.actions[0])
            wait_for_bots(manager, table)
        before = fingerprint(table)
        assert before[0] > 0
    with TestClient(create_app(db_path, limits=MACHINE_SPEED)) as client:
        restored = restore_all(client)[table_id]
        assert client.app.state.manager.broken == {}
        wait_for_bots(client.app.state.manager, restored)
        assert fingerprint(restored) == before
