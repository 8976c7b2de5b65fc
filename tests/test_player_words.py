"""What players read, checked on every registered game: the labels of their choices (the browser's
buttons, the terminal's list) and the game log name things, never internal ids, and tell every
choice at a decision apart; the log says "you" to each seat for its own moves.

Each case plays seeded random games and looks at every decision: no label and no log line shows
a content id (a part of an action id such as `clay_pit`, `knight-mercenary`, `inner-4`, or any
word-hyphen-number or snake_case token), a card instance number ("#136") or raw hex coordinates
("-1,0"); the labels of the legal actions differ, except those a game marks `same_as` another
action with the same label (one choice reached two ways: a front end offers it once).
"""

import re
import xml.etree.ElementTree as ET

import pytest

from meeple.engine import Action, Game, Rng, State, game_specs, get_game
from meeple.engine.wording import seat_mark, word_line, word_log

SVG = "{http://www.w3.org/2000/svg}"
CODE = re.compile(r"[A-Z][A-Z]?\d*|\d+[A-Z][a-z]?|#\d+|[A-Z][a-z]")  # "T", "A2", "1Wd", "#7", "Wd"
ID_LIKE = re.compile(r"\b[a-z]+-\d+\b|\b[a-z]+_[a-z0-9_]+\b|#\d+|-?\b\d+,-?\d+\b|\{seat ")
GAMES = 2
MOST_DECISIONS = 3000  # enough of each game to reach every phase; the games are long


def _cases() -> list[tuple[str, int]]:
    return [(spec.slug, min(max(spec.min_players, 3), spec.max_players)) for spec in game_specs()] + [
        (spec.slug, spec.min_players) for spec in game_specs() if spec.min_players != 3
    ]


def _id_parts(action: Action) -> list[str]:
    """The parts of an action id that are content ids (with a hyphen or underscore and a letter)."""
    return [part for part in re.split(r"[:+()]", action.id) if re.search(r"[a-z][-_]|[-_][a-z]", part)]


def _id_shown(text: str, legal: list[Action]) -> str | None:
    """An internal id `text` shows, if any (ids are lower case: a name such as "The Bone-Snapper"
    may read like its id)."""
    found = ID_LIKE.search(text)
    if found:
        return found[0]
    return next((part for action in legal for part in _id_parts(action) if part in text), None)


def _check_decision(legal: list[Action], where: str) -> None:
    by_label: dict[str, str] = {}
    for action in legal:
        shown = _id_shown(action.label, legal)
        assert shown is None, f"{where}: label {action.label!r} (id {action.id}) shows the id {shown!r}"
        if "same_as" in action.payload:
            assert by_label.get(action.label) == action.payload["same_as"], (
                f"{where}: {action.id} is marked the same as {action.payload['same_as']}, which is not "
                f"an earlier action labelled {action.label!r}"
            )
            continue
        assert action.label not in by_label, (
            f"{where}: {by_label[action.label]} and {action.id} are both labelled {action.label!r}"
        )
        by_label[action.label] = action.id


def _play(game: Game, players: int, seed: int) -> State:
    """Play a seeded random game, checking every decision's labels and the log as it grows."""
    state = game.new_game(players, seed)
    rng = Rng(seed)
    for decision in range(MOST_DECISIONS):
        if game.is_terminal(state):
            break
        movers = game.to_move(state)
        seat = movers[rng.below(len(movers))]
        legal = game.legal_actions(state, seat)
        _check_decision(legal, f"{game.spec.slug} seed {seed} decision {decision}")
        game.apply(state, seat, legal[rng.below(len(legal))].id)
        if decision % 50 == 0:
            for line in game.observation(state, seat).get("log", []):
                shown = _id_shown(line, legal)
                assert shown is None, f"{game.spec.slug} seed {seed}: log line {line!r} shows {shown!r}"
    return state


@pytest.mark.parametrize(("slug", "players"), _cases())
def test_labels_and_log_name_things_and_choices_differ(slug: str, players: int) -> None:
    game = get_game(slug)
    for seed in range(GAMES):
        _play(game, players, seed)


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_the_log_says_you_to_each_seat_for_its_own_moves(slug: str) -> None:
    """After the same moves, seat 0's log and seat 1's log tell the same events, each seat's own
    in the second person and the other's in the third; a spectator's all in the third."""
    game = get_game(slug)
    spec = game.spec
    state = game.new_game(max(2, spec.min_players), 3)
    rng = Rng(3)
    told: dict[int | None, list[str]] = {}
    for _ in range(400):
        if game.is_terminal(state):
            break
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.below(len(legal))].id)
        told = {viewer: game.observation(state, viewer)["log"] for viewer in (0, 1, None)}
        own = [i for i, line in enumerate(told[0]) if re.match(r"you |your ", line, re.IGNORECASE)]
        others = [i for i, line in enumerate(told[1]) if re.match(r"you |your ", line, re.IGNORECASE)]
        if own and others:
            break
    assert own, f"{slug}: seat 0's log never says 'You' for seat 0's own moves: {told[0][-8:]}"
    assert others, f"{slug}: seat 1's log never says 'You' for seat 1's own moves: {told[1][-8:]}"
    for line in told[None]:
        assert not re.search(r"\byou(r)?\b", line, re.IGNORECASE), f"{slug}: the spectator is told {line!r}"
    for index in own:
        assert re.match(r"(Seat 0|seat 0)\b", told[None][index]), (told[0][index], told[None][index])
        assert told[1][index] == told[None][index], "seat 1 reads seat 0's move in the third person"
    for index in others:
        assert re.match(r"Seat 1\b", told[None][index]), (told[1][index], told[None][index])
        assert told[0][index] == told[None][index], "seat 0 reads seat 1's move in the third person"
    assert len(told[0]) == len(told[1]) == len(told[None]), "every seat is told the same events"


def test_a_mark_is_worded_for_its_reader_with_its_verb() -> None:
    line = f"{seat_mark(1)} takes {seat_mark(0, possessive=True)} lot; {seat_mark(0)} has 2, {seat_mark(0)} passes"
    assert word_line(line, 1) == "You take seat 0's lot; seat 0 has 2, seat 0 passes"
    assert word_line(line, 0) == "Seat 1 takes your lot; you have 2, you pass"
    assert word_line(line, None) == "Seat 1 takes seat 0's lot; seat 0 has 2, seat 0 passes"
    assert word_log([f"Winter: {seat_mark(2)} becomes active", "no seat here"], 2) == [
        "Winter: you become active",
        "No seat here",
    ]


def _unexplained_codes(svg: str) -> set[str]:
    """The short codes (letters, abbreviations) drawn on a board with no tooltip on them or on
    what holds them (a legend entry carries its words as its tooltip)."""
    root = ET.fromstring(svg)
    holder = {child: parent for parent in root.iter() for child in parent}
    found = set()
    for text in root.iter(f"{SVG}text"):
        code = "".join(text.itertext()).strip()
        if not CODE.fullmatch(code):
            continue
        element = text
        while element is not None and element.find(f"{SVG}title") is None:
            element = holder.get(element)
        if element is None:
            found.add(code)
    return found


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_every_code_on_a_board_has_a_tooltip_or_a_legend(slug: str) -> None:
    """Issue 12: every colour, letter, icon and abbreviation has a legend or a tooltip; here the
    letters and abbreviations, on boards drawn for the seat to move and a spectator."""
    game = get_game(slug)
    state = game.new_game(max(3, game.spec.min_players) if game.spec.max_players >= 3 else 2, 5)
    rng = Rng(5)
    looked = 0
    while not game.is_terminal(state) and looked < 400:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if looked % 20 == 0:
            for viewer, choices in ((seat, legal), (None, [])):
                svg = game.render_svg(game.observation(state, viewer), choices)
                assert svg is not None
                assert not _unexplained_codes(svg), f"{slug} after {looked} moves: {_unexplained_codes(svg)}"
        game.apply(state, seat, legal[rng.below(len(legal))].id)
        looked += 1
