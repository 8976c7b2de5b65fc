"""The contract every registered game must keep, checked on every game and every player count.

The cases come from `meeple.engine.game_specs()`, so a game registered later is covered
without editing this file. Each case plays a few random games (random seats among those to
move, random legal actions) and checks, at sampled points of them:

- games end within a generous number of decisions, with a consistent result;
- `clone` is equal and shares no mutable object; `step` is pure;
- a record replays to the identical state after encoding and decoding;
- observations (every seat and a spectator) are JSON-ready and never alias the state;
- the browser drawing is well-formed SVG whose clickable elements are the viewer's legal actions;
- illegal actions (unknown ids, another seat's action, any action after the end) are refused
  with the state unchanged;
- `determinize(state, seat, rng)` is consistent with the seat's observation, depends on the
  state only through that observation (redeterminizing a determinization, or changing the
  seed and the random stream, changes nothing), and actually redraws hidden information.

Sealed choices: `Game.determinize` unmakes other seats' unrevealed sealed choices, so those
seats are to move again in the sampled state. A seat's observation of a sealed choice cannot
depend on which choice was made, so the consistency check first lets each such seat make its
first legal action marked `payload["sealed"]` and then compares observations.
"""

import enum
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import (
    Game,
    GameOver,
    GameSpec,
    IllegalAction,
    NotYourTurn,
    Rng,
    State,
    decode_record,
    derive_seed,
    encode_record,
    game_specs,
    get_game,
    look_up,
    replay,
    state_digest,
)
from meeple.simulation import play_match

MAX_DECISIONS = 200_000  # a random game longer than this is taken not to end
SAMPLE_RATE = 0.1  # share of a game's states that the expensive checks look at
GAMES_PER_CASE = 3


def player_counts(spec: GameSpec) -> list[int]:
    """Every allowed player count (the first seven and the largest, if a game allows very many)."""
    counts = list(range(spec.min_players, spec.max_players + 1))
    return counts if len(counts) <= 8 else [*counts[:7], spec.max_players]


CASES = [
    pytest.param(spec.slug, players, id=f"{spec.slug}-{players}p")
    for spec in game_specs()
    for players in player_counts(spec)
]


def test_at_least_one_game_is_registered() -> None:
    assert CASES, "no game is registered under the meeple.games entry points"


# --- helpers ----------------------------------------------------------------------------------------
def game_seed(slug: str, players: int, index: int) -> int:
    return derive_seed(2024, slug, players, index)


def random_step(game: Game, state: State, rng: Rng) -> tuple[int, str]:
    """Apply a random legal action of a random seat among those to move."""
    movers = game.to_move(state)
    assert movers, "a game that is not over must have a seat to move"
    seat = movers[rng.below(len(movers))]
    legal = game.legal_actions(state, seat)
    assert legal, f"seat {seat} is to move but has no legal action"
    action = legal[rng.below(len(legal))]
    game.apply(state, seat, action.id)
    return seat, action.id


def play_randomly(game: Game, state: State, rng: Rng) -> Iterator[State]:
    """Play random legal actions to the end, yielding the state before each action and at the end."""
    for _ in range(MAX_DECISIONS):
        yield state
        if game.is_terminal(state):
            return
        random_step(game, state, rng)
    pytest.fail(f"{game.spec.slug}: a random game did not end within {MAX_DECISIONS} decisions")


def sampled_states(game: Game, players: int, index: int) -> Iterator[State]:
    """A few states of a random game (its first and last among them), each safe to keep using
    until the next one is yielded. The game itself goes on from the real state."""
    seed = game_seed(game.spec.slug, players, index)
    state = game.new_game(players, seed)
    moves, pick = Rng.from_seed(seed, "moves"), Rng.from_seed(seed, "sample")
    for now in play_randomly(game, state, moves):
        if now.decisions == 0 or game.is_terminal(now) or pick.random() < SAMPLE_RATE:
            yield now


def seat_list(players: int) -> list[int | None]:
    return [*range(players), None]


def json_round_trip(value: Any) -> bytes:
    data = msgspec.json.encode(value)
    assert msgspec.json.decode(data) == value, "does not survive a JSON round trip unchanged"
    return data


def mutable_objects(value: Any, path: str, found: dict[int, tuple[str, Any]]) -> None:
    """Every mutable object reachable from `value` (lists, dicts, sets, non-frozen Structs, any
    other object), by id, with a path naming where it lies."""
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, enum.Enum)):
        return
    if isinstance(value, msgspec.Struct):
        if not value.__struct_config__.frozen:
            found[id(value)] = (path, value)
        for name in value.__struct_fields__:
            mutable_objects(getattr(value, name), f"{path}.{name}", found)
        return
    if isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            mutable_objects(item, f"{path}[{i}]", found)
        return
    found[id(value)] = (path, value)
    if isinstance(value, dict):
        for key, item in value.items():
            mutable_objects(key, f"{path}[{key!r}] (key)", found)
            mutable_objects(item, f"{path}[{key!r}]", found)
    elif isinstance(value, (list, set, bytearray)):
        for i, item in enumerate(value):
            mutable_objects(item, f"{path}[{i}]", found)


def with_rng(state: State, rng_state: int, seed: int | None = None) -> State:
    """A copy with the random stream (and optionally the seed) replaced: fields no seat sees."""
    changes: dict[str, Any] = {"rng": Rng(rng_state)}
    if seed is not None:
        changes["seed"] = seed
    return msgspec.structs.replace(state, **changes)


def resealed(game: Game, sample: State, real: State) -> State:
    """`sample` with every seat that is to move in it but not in `real` having made its first
    sealed choice: the determinization's unmade sealed choices, made again."""
    state = game.clone(sample)
    waiting = set(game.to_move(real))
    for seat in game.to_move(sample):
        if seat in waiting or seat not in game.to_move(state):
            continue
        sealed = [a for a in game.legal_actions(state, seat) if a.payload.get("sealed")]
        assert sealed, (
            f"seat {seat} is to move in the determinization but not in the real state, "
            "and has no sealed choice to make again"
        )
        game.apply(state, seat, sealed[0].id)
    return state


# --- games end, with a consistent result ---------------------------------------------------------------
def check_result(game: Game, state: State, players: int) -> None:
    result = game.result(state)
    json_round_trip(msgspec.to_builtins(result))
    assert len(result.scores) == players
    assert len(result.ranking) == players
    assert all(1 <= rank <= players for rank in result.ranking)
    assert all(0 <= seat < players for seat in result.winner_seats)
    assert len(set(result.winner_seats)) == len(result.winner_seats)
    if result.team is not None:
        assert game.spec.cooperative or players == 1, "a team outcome needs a cooperative or solo game"
        assert result.winner_seats == (list(range(players)) if result.team.won else [])
    else:
        assert not game.spec.cooperative, "a cooperative game must give a team outcome"
        # competition ranking: a seat's rank is one more than the number of seats ranked above it
        for rank in result.ranking:
            assert rank == 1 + sum(1 for other in result.ranking if other < rank)
        assert result.winner_seats == [seat for seat, rank in enumerate(result.ranking) if rank == 1]
        assert result.winner_seats, "a competitive game has at least one winner"


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_random_games_end_with_a_consistent_result(slug: str, players: int) -> None:
    game = get_game(slug)
    for index in range(GAMES_PER_CASE):
        seed = game_seed(slug, players, index)
        state = game.new_game(players, seed)
        assert state.players == players and state.decisions == 0
        rng = Rng.from_seed(seed, "moves")
        for now in play_randomly(game, state, rng):
            movers = game.to_move(now)
            if game.is_terminal(now):
                assert movers == ()
                break
            assert len(set(movers)) == len(movers) and all(0 <= s < players for s in movers)
            for seat in range(players):
                legal = game.legal_actions(now, seat)
                if seat not in movers:
                    assert legal == [], f"seat {seat} is not to move but has legal actions"
                    continue
                ids = [action.id for action in legal]
                assert len(set(ids)) == len(ids), f"duplicate action ids: {ids}"
        assert all(game.legal_actions(state, seat) == [] for seat in range(players))
        check_result(game, state, players)
        assert game.result(state) == game.result(game.clone(state))


# --- clones ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "players"), CASES)
def test_clones_are_equal_and_share_nothing_mutable(slug: str, players: int) -> None:
    game = get_game(slug)
    for index in range(GAMES_PER_CASE):
        for state in sampled_states(game, players, index):
            twin = game.clone(state)
            assert type(twin) is type(state)
            before = state_digest(state)
            assert state_digest(twin) == before
            originals: dict[int, tuple[str, Any]] = {}
            copies: dict[int, tuple[str, Any]] = {}
            mutable_objects(state, "state", originals)
            mutable_objects(twin, "clone", copies)
            shared = sorted(originals[i][0] for i in originals.keys() & copies.keys())
            assert not shared, f"the clone shares mutable objects with the original: {shared}"
            if game.is_terminal(state):
                continue
            rng = Rng.from_seed(state.decisions, "clone")
            seat, action_id = random_step(game, twin, rng)
            assert state_digest(state) == before, "changing the clone changed the original"
            stepped = game.step(state, seat, action_id)
            assert state_digest(state) == before, "step changed its input state"
            assert state_digest(stepped) == state_digest(twin)


# --- records ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "players"), CASES)
def test_records_replay_to_the_identical_state(slug: str, players: int) -> None:
    game = get_game(slug)
    for index in range(GAMES_PER_CASE):
        seed = game_seed(slug, players, index)
        agents = [RandomAgent(derive_seed(seed, "seat", seat)) for seat in range(players)]
        state, record = play_match(game, players, seed, agents)
        assert len(record.actions) == state.decisions
        assert record.digest == state_digest(state)
        decoded = decode_record(encode_record(record))
        assert decoded == record
        replayed_game, replayed = replay(decoded)
        assert replayed_game.spec.slug == slug
        assert state_digest(replayed) == state_digest(state)
        assert replayed_game.result(replayed) == game.result(state)


# --- observations --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "players"), CASES)
def test_observations_are_json_ready_and_never_alias_the_state(slug: str, players: int) -> None:
    game = get_game(slug)
    kept: list[tuple[int | None, dict[str, Any], bytes]] = []
    for index in range(GAMES_PER_CASE):
        for state in sampled_states(game, players, index):
            before = state_digest(state)
            for seat in seat_list(players):
                observation = game.observation(state, seat)
                assert isinstance(observation, dict)
                data = json_round_trip(observation)
                assert msgspec.json.encode(game.observation(state, seat)) == data, "observation is not stable"
                assert isinstance(game.render_text(observation), str)
                kept.append((seat, observation, data))
            for seat in game.to_move(state):
                json_round_trip([msgspec.to_builtins(action) for action in game.legal_actions(state, seat)])
            assert state_digest(state) == before, "looking changed the state"
    assert len(kept) > 2 * len(seat_list(players))
    # the game went on after every observation was taken: none of them may have changed with it
    for seat, observation, data in kept:
        assert msgspec.json.encode(observation) == data, (
            f"an observation of seat {seat} changed after it was taken (it aliases the state, or the view edits it)"
        )


# --- the browser drawing -------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "players"), CASES)
def test_the_drawing_is_svg_and_offers_only_legal_actions(slug: str, players: int) -> None:
    """`render_svg` gives None (no drawing) or one well-formed board: an element whose panels are
    <svg> drawings (the page reflows them); every `data-action` in it is a legal action of the
    viewer, and a viewer who is not to move is offered none."""
    game = get_game(slug)
    drawn = 0
    for state in sampled_states(game, players, 0):
        movers = game.to_move(state)
        for seat in seat_list(players):
            legal = game.legal_actions(state, seat) if seat is not None and seat in movers else []
            svg = game.render_svg(game.observation(state, seat), legal)
            if svg is None:
                continue
            root = ET.fromstring(svg)
            assert root.tag == "div" and "bk-board" in root.get("class", ""), f"the drawing's root is {root.tag}"
            assert list(root.iter("{http://www.w3.org/2000/svg}svg")), "the board has no <svg> panel"
            offered = {element.get("data-action") for element in root.iter() if element.get("data-action")}
            assert offered <= {action.id for action in legal}, (
                f"seat {seat} is offered {offered - {a.id for a in legal}}"
            )
            drawn += 1
    assert drawn or game.render_svg(game.observation(game.new_game(players, 1), None), []) is None


# --- the terminal's text: the brief board, the prompt, the glossary ------------------------------------
@pytest.mark.parametrize(("slug", "players"), CASES)
def test_the_text_views_and_the_prompt_read_any_observation(slug: str, players: int) -> None:
    """`render_text` and `render_text_brief` draw every observation (a seat's, a spectator's) as
    text, the brief one no longer than the whole; `prompt` is a sentence for a seat to move and
    empty for a seat that is not asked."""
    game = get_game(slug)
    for state in sampled_states(game, players, 0):
        movers = game.to_move(state)
        for seat in seat_list(players):
            obs = game.observation(state, seat)
            whole, brief = game.render_text(obs), game.render_text_brief(obs)
            assert brief and len(brief.splitlines()) <= len(whole.splitlines()) + 1
            legal = game.legal_actions(state, seat) if seat is not None and seat in movers else []
            asked = game.prompt(obs, legal)
            assert isinstance(asked, str) and (asked == "" if not legal else "\n" not in asked)


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_the_glossary_names_every_kind_of_component_once(slug: str) -> None:
    """Every entry has a kind, a name and a rule text; no two entries of a kind share a name, so
    `rules NAME` finds each one (by its exact name, in any case)."""
    entries = get_game(slug).glossary()
    assert entries and json_round_trip(msgspec.to_builtins(list(entries)))
    names = [(entry.kind, entry.name.casefold()) for entry in entries]
    assert len(set(names)) == len(names), [name for name in names if names.count(name) > 1]
    for entry in entries:
        assert entry.kind and entry.name and len(entry.text) > 10, entry
        assert entry in look_up(entries, entry.name.upper()).entries


# --- illegal actions -----------------------------------------------------------------------------------
def assert_refused(game: Game, state: State, seat: int, action_id: str, error: type[Exception]) -> None:
    before = state_digest(state)
    with pytest.raises(error):
        game.apply(state, seat, action_id)
    assert state_digest(state) == before, f"refusing {action_id!r} of seat {seat} changed the state"


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_illegal_actions_are_refused_and_leave_the_state_unchanged(slug: str, players: int) -> None:
    game = get_game(slug)
    other_seat_checked = stale_checked = 0
    for index in range(GAMES_PER_CASE):
        seen: set[str] = set()
        final: State | None = None
        for state in sampled_states(game, players, index):
            if game.is_terminal(state):
                final = state
                break
            movers = game.to_move(state)
            mover = movers[0]
            legal = [action.id for action in game.legal_actions(state, mover)]
            seen.update(legal)
            assert_refused(game, state, mover, "no-such-action \x00", IllegalAction)
            assert_refused(game, state, mover, "", IllegalAction)
            for outsider in (players, -1):
                assert_refused(game, state, outsider, legal[0], NotYourTurn)
            for seat in range(players):
                if seat not in movers:
                    assert_refused(game, state, seat, legal[0], NotYourTurn)
                    other_seat_checked += 1
            stale = sorted(seen.difference(legal))[:5]
            for action_id in stale:
                assert_refused(game, state, mover, action_id, IllegalAction)
                stale_checked += 1
        assert final is not None and game.is_terminal(final)
        for seat in [*range(players), players]:
            for action_id in [*sorted(seen)[:5], "no-such-action"]:
                assert_refused(game, final, seat, action_id, GameOver)
    if players > 1:
        assert other_seat_checked, "no state was found where some seat was not to move"
    assert stale_checked, "no action that was once legal was ever tried again"


# --- determinization -----------------------------------------------------------------------------------
def normalised(state: State) -> str:
    """The digest of a state with its seed and random stream left out."""
    return state_digest(with_rng(state, 0, seed=0))


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_determinize_is_consistent_with_the_observation_and_depends_only_on_it(slug: str, players: int) -> None:
    game = get_game(slug)
    varied = checked = 0
    for index in range(GAMES_PER_CASE):
        for state in sampled_states(game, players, index):
            before = state_digest(state)
            for seat in range(players):
                view = game.observation(state, seat)
                legal = [action.id for action in game.legal_actions(state, seat)]
                samples = [game.determinize(state, seat, Rng(k)) for k in (1, 2, 3)]
                assert state_digest(state) == before, "determinize changed the real state"
                for sample in samples:
                    assert type(sample) is type(state)
                    assert set(game.to_move(state)) <= set(game.to_move(sample))
                    assert [a.id for a in game.legal_actions(sample, seat)] == legal, (
                        "the seat's legal actions differ in its determinization"
                    )
                    assert game.observation(resealed(game, sample, state), seat) == view, (
                        f"seat {seat} can tell its determinization from the real state"
                    )
                # depends on the state only through the observation: a determinization has the same
                # observation, so determinizing it again must give exactly what the real state gives
                again = game.determinize(samples[0], seat, Rng(7))
                direct = game.determinize(state, seat, Rng(7))
                assert state_digest(again) == state_digest(direct), (
                    f"seat {seat}: determinize depends on more than the seat's observation"
                )
                if game.spec.hidden_information:
                    varied += normalised(samples[0]) != normalised(samples[1])
                elif not game.spec.simultaneous:
                    assert normalised(samples[0]) == normalised(state), "nothing is hidden, yet determinize changed it"
                checked += 1
    assert checked
    if game.spec.hidden_information:
        assert varied, "determinize never redrew anything in a game with hidden information"


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_determinize_ignores_the_seed_and_the_random_stream(slug: str, players: int) -> None:
    """No seat observes the seed or the random stream, so they cannot matter to a determinization
    (a determinization that kept the real seed would let a bot rebuild every shuffle from it)."""
    game = get_game(slug)
    for index in range(GAMES_PER_CASE):
        for state in sampled_states(game, players, index):
            twin = with_rng(state, state.rng.state ^ 0x5DEECE66D, seed=state.seed + 1)
            for seat in range(players):
                assert game.observation(twin, seat) == game.observation(state, seat)
                assert state_digest(game.determinize(twin, seat, Rng(7))) == state_digest(
                    game.determinize(state, seat, Rng(7))
                ), f"seat {seat}: the determinization carries the real state's seed or random stream"


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_determinized_states_play_to_the_end(slug: str, players: int) -> None:
    game = get_game(slug)
    for state in sampled_states(game, players, 0):
        if game.is_terminal(state):
            continue
        seat = state.decisions % players
        sample = game.determinize(state, seat, Rng(state.decisions))
        for _ in play_randomly(game, sample, Rng.from_seed(state.decisions, "sample-moves")):
            pass
        check_result(game, sample, players)


# --- the estimate that search cuts its playouts with ------------------------------------------------------
@pytest.mark.parametrize(("slug", "players"), CASES)
def test_the_estimate_gives_every_seat_a_finite_score_and_changes_nothing(slug: str, players: int) -> None:
    """`Game.evaluate`, which search calls on its determinizations to stop playouts at a depth:
    every seat's expected score (a team's margin, the same for every seat, in a cooperative or solo
    game), a positive spread, the same for an equal state, and the state left as it was."""
    game = get_game(slug)
    for state in sampled_states(game, players, 0):
        if game.is_terminal(state):
            continue
        before = state_digest(state)
        estimate = game.evaluate(state)
        assert estimate is not None, "every game gives search an estimate"
        assert state_digest(state) == before, "evaluate changed the state"
        assert len(estimate.scores) == players
        assert all(math.isfinite(score) for score in estimate.scores)
        assert math.isfinite(estimate.spread) and estimate.spread > 0
        assert estimate.team == (game.spec.cooperative or players == 1)
        if estimate.team:
            assert len(set(estimate.scores)) == 1, "a team's margin is the same for every seat"
        assert game.evaluate(game.clone(state)) == estimate
