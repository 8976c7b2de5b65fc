"""The worker side of bot thinking: one agent per bot seat, kept between its decisions and
reseeded for each, in every game."""

import msgspec
import pytest

from meeple.agents import make_agent
from meeple.engine import Game, Rng, State, game_specs, get_game
from meeple.server import bots
from meeple.server.bots import BotJob, bot_seed, choose, reseed, seat_agent

SEARCH = "planner:effort=1,iterations=8,seconds=30"  # an iteration budget: the same choice on any machine
CASES = [pytest.param(spec.slug, id=spec.slug) for spec in game_specs()]


def players_of(game: Game) -> int:
    return min(max(2, game.spec.min_players), game.spec.max_players)


def decisions(slug: str, count: int, seed: int = 3) -> tuple[Game, list[BotJob]]:
    """The first `count` decisions of seat 0 with several legal actions, in a game played at
    random by every seat, as jobs for that seat's bot."""
    game = get_game(slug)
    players = players_of(game)
    state: State = game.new_game(players, seed)
    rng = Rng.from_seed(seed, "test-moves")
    actions: list[tuple[int, str]] = []
    jobs: list[BotJob] = []
    while len(jobs) < count and not game.is_terminal(state):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            jobs.append(BotJob(f"table-{slug}", slug, {}, players, seed, tuple(actions), 0, SEARCH, keep=True))
        action = legal[rng.below(len(legal))].id
        game.apply(state, seat, action)
        actions.append((seat, action))
    assert len(jobs) == count, f"{slug}: seat 0 had only {len(jobs)} real decisions"
    return game, jobs


def streams(agent: object, path: str = "") -> dict[str, int]:
    """The state of every engine Rng an agent holds (and its inner agents hold), by attribute path."""
    found: dict[str, int] = {}
    for name, value in vars(agent).items():
        if isinstance(value, Rng):
            found[path + name] = value.state
        elif callable(getattr(value, "choose", None)):
            found.update(streams(value, f"{path}{name}."))
    return found


@pytest.mark.parametrize("slug", CASES)
def test_a_seat_keeps_its_agent_and_memo_between_decisions(slug: str) -> None:
    _, jobs = decisions(slug, 3)
    first = seat_agent(msgspec.structs.replace(jobs[0], keep=False))
    memo = getattr(first, "memo", None)
    choose(jobs[1])  # thinks with the agent kept from the first decision...
    assert seat_agent(jobs[2]) is first  # ...which is still the seat's agent at the third
    assert getattr(first, "memo", None) is memo
    other_seat = msgspec.structs.replace(jobs[2], seat=1)
    assert seat_agent(other_seat) is not first  # one agent per seat
    assert seat_agent(msgspec.structs.replace(jobs[2], keep=False)) is not first  # moved worker: a new agent
    assert seat_agent(msgspec.structs.replace(jobs[2], spec="random")) is not first


def test_the_planner_memo_carries_a_guedelon_turn_from_one_decision_to_the_next() -> None:
    """Guédelon's planner chooses a worker's move once per turn and keeps it in its memo (for
    the turn's later steps): the memo of a kept agent is the one its earlier decisions filled."""
    _, jobs = decisions("guedelon", 6)
    agent = seat_agent(msgspec.structs.replace(jobs[0], keep=False))
    memo = agent.memo  # type: ignore[attr-defined]
    for job in jobs:
        choose(job)
    assert seat_agent(jobs[-1]) is agent and agent.memo is memo  # type: ignore[attr-defined]
    assert "move" in memo, "the planner remembered its move for the turn"


@pytest.mark.parametrize("slug", CASES)
def test_a_kept_agent_decides_from_its_decisions_own_seed(slug: str) -> None:
    """Reseeded for a decision, a kept agent holds exactly the random streams a new agent built
    with that decision's seed holds, whatever it drew before."""
    game, jobs = decisions(slug, 2)
    kept = make_agent(SEARCH, 1)
    kept.choose(game, bots.rebuild(jobs[0]), 0)  # draws from its streams
    seed = bot_seed(jobs[1].seed, 0, len(jobs[1].actions))
    assert streams(kept) != streams(make_agent(SEARCH, seed))
    reseed(kept, SEARCH, seed)
    assert streams(kept) == streams(make_agent(SEARCH, seed))
    assert streams(kept), "the agent has random streams to reseed"


@pytest.mark.parametrize("slug", CASES)
def test_a_seats_decisions_are_reproducible_with_kept_agents(slug: str) -> None:
    """The same decisions sent again to a worker that holds no agent (a restarted server) are
    answered the same."""
    _, jobs = decisions(slug, 3)
    table = f"replay-{slug}"
    runs = []
    for run in range(2):
        again = [
            msgspec.structs.replace(job, table_id=f"{table}-{run}", keep=index > 0) for index, job in enumerate(jobs)
        ]
        runs.append([choose(job) for job in again])
    assert runs[0] == runs[1]
