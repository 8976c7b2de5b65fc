"""Actions worded once and shared by every state (shared.py, and the rows of face-up orders and
amulets), and the views that observations share (cards, rooms, leaders, chairs, the hall's
spots, the board's texts, player boards and worded log lines, each made once per what it shows),
are never edited by a consumer: the board, the prompt, the text views, the terminal's menus, the
RL action space and encoder, the JSON the server sends and the agents read them only."""

import copy

import msgspec
import pytest

from meeple.agents.factory import make_agent
from meeple.engine import Action, Rng
from meeple.engine.wording import word_line, worded
from meeple.games.round_house import shared
from meeple.games.round_house.observation import _Views, _views
from meeple.rl.actions import ActionSpace
from meeple.rl.encoding import Encoder
from meeple.terminal.screen import grouped_menu, label_runs, menu_lines

from .builders import game

CACHES = ("boards", "markets", "participants")  # the views made once per what they show


def assert_views_as_made(g) -> None:
    """Every view observations share equals one made afresh: the content's, and each cached one
    rebuilt from its key."""
    views, fresh = _views(g.content), _Views(g.content)
    for name in vars(views):
        if name not in (*CACHES, "content"):
            assert getattr(views, name) == getattr(fresh, name), f"a consumer edited the shared {name}"
    assert all(made == fresh.board(outer) for outer, made in views.boards.items())
    assert all(made == fresh.room(*key) for key, made in views.markets.items())
    assert all(made == fresh.participant_of(key) for key, made in views.participants.items())
    for viewer in (None, *range(5)):
        assert all(made == word_line(line, viewer) for line, made in worded(viewer).items())
    assert all(getattr(views, name) for name in CACHES), "observations use every cache"


def snapshot(action: Action) -> tuple[str, str, dict]:
    return action.id, action.label, copy.deepcopy(action.payload)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_consumer_edits_a_shared_action_or_view(players: int) -> None:
    g = game(neutral_rule=2) if players == 2 else game()
    space, encoder, slots = ActionSpace(g, players), Encoder(), g.observation_features(players)
    agents = [make_agent("heuristic", seed=1), make_agent("mcts:iterations=20,depth=4", seed=2)]
    rng = Rng.from_seed(players)
    state = g.new_game(players, 11)
    first: dict[int, tuple[Action, tuple[str, str, dict]]] = {}  # each action offered, as first offered
    decisions = 0
    while not g.is_terminal(state):
        seat = g.to_move(state)[0]
        legal = g.legal_actions(state, seat)
        for action in legal:
            first.setdefault(id(action), (action, snapshot(action)))
        observation = g.observation(state, seat)
        encoder.encode(observation), encoder.encode(g.observation(state, None)), slots.encode(observation)
        g.render_svg(observation, legal)
        g.prompt(observation, legal)
        g.render_text(observation)
        g.render_text_brief(observation)
        menu_lines(legal), label_runs(legal), grouped_menu(legal)
        space.indices(legal)
        msgspec.json.decode(msgspec.json.encode(legal)), msgspec.json.encode(observation)
        if decisions % 25 == 0:
            agents[decisions // 25 % 2].choose(g, state, seat)
        chosen = legal[rng.below(len(legal))]
        g.apply(state, seat, chosen.id)
        decisions += 1
    assert_views_as_made(g)
    assert sum(id(a) in first for a in shared.made().values()) > 50, "the game offers shared actions"
    for action, then in first.values():  # shared or not, every action reads as when first offered
        assert snapshot(action) == then
