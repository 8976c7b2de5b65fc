"""The browser drawing (`render_svg`): a well-formed board of SVG panels for every kind of moment, clickable
elements only for the observing seat's legal actions, and no face the seat may not see."""

import copy
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from meeple.engine import Action, Rng
from meeple.games.four_big_strata import FourBigStrata
from meeple.games.four_big_strata.state import Fbs

SVG = "{http://www.w3.org/2000/svg}"
NPC_NAMES = ("The Magistrate", "the Magistrate")  # the solo opponent, also a card name


def played_states(players: int, seed: int, every: int = 11, randomness: float = 0.25) -> Iterator[tuple[Any, Fbs]]:
    """States along one game, heuristic moves mixed with random ones (which open the
    exchange menu and flip cards), the final state included."""
    game = FourBigStrata()
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    bot_rng = Rng.from_seed(seed)
    step = 0
    while True:
        if step % every == 0 or game.is_terminal(state):
            yield game, state
        if game.is_terminal(state):
            return
        seat = rng.choice(game.to_move(state))
        legal = game.legal_actions(state, seat)
        randomly = rng.random() < randomness
        action = rng.choice(legal) if randomly else game.playout_action(state, seat, legal, bot_rng)
        game.apply(state, seat, action.id)
        step += 1


def viewers(state: Fbs) -> list[int | None]:
    return [*range(state.players), None]


def render(game: FourBigStrata, state: Fbs, viewer: int | None) -> tuple[dict[str, Any], list[Action], str]:
    observation = game.observation(state, viewer)
    legal = game.legal_actions(state, viewer) if viewer is not None else []
    svg = game.render_svg(observation, legal)
    assert svg is not None
    return observation, legal, svg


def parse(svg: str) -> ET.Element:
    """The board: one element of <svg> panels, each drawn at one unit per pixel."""
    root = ET.fromstring(svg)
    assert root.tag == "div" and root.get("class") == "bk-board"
    panels = list(root.iter(f"{SVG}svg"))
    assert panels
    for panel in panels:
        assert panel.get("viewBox") == f"0 0 {panel.get('width')} {panel.get('height')}"
    return root


def attribute_values(root: ET.Element, name: str) -> list[str]:
    return [element.attrib[name] for element in root.iter() if name in element.attrib]


def texts(root: ET.Element) -> list[str]:
    return ["".join(element.itertext()) for element in root.iter(f"{SVG}text")]


def faces(observation: dict[str, Any]) -> list[dict[str, Any] | None]:
    """Every card face slot of an observation, in a fixed order: display, personal, holding."""
    slots: list[dict[str, Any] | None] = [entry["card"] if entry else None for entry in observation["display"]]
    for person in observation["participants"]:
        slots += [entry["card"] for entry in person["cards"]]
    holding = observation["holding"]
    slots.append(holding["card"] if holding else None)
    return slots


def hidden_names(observations: dict[int | None, dict[str, Any]], viewer: int | None) -> set[str]:
    """Names of the faces some seat's observation shows where `viewer`'s shows none."""
    mine = faces(observations[viewer])
    names = set()
    for observation in observations.values():
        for seen, unseen in zip(faces(observation), mine, strict=True):
            if seen is not None and unseen is None:
                names.add(seen["name"])
    return names


def without_npc(text: str) -> str:
    for name in NPC_NAMES:
        text = text.replace(name, "")
    return text


CASES = [(players, players) for players in range(1, 8)] + [(1, 21), (4, 22), (7, 23)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_every_drawing_is_well_formed_and_offers_only_legal_actions(players: int, seed: int) -> None:
    for game, state in played_states(players, seed):
        for viewer in viewers(state):
            _observation, legal, svg = render(game, state, viewer)
            root = parse(svg)
            assert "<script" not in svg and "href" not in svg  # self-contained
            ids = {action.id for action in legal}
            offered = attribute_values(root, "data-action")
            assert set(offered) <= ids, set(offered) - ids
            # everything that maps one click to one action is offered in the drawing
            one_to_one = {i for i in ids if i.partition(":")[0] in ("take", "faceup", "facedown", "bid")}
            assert one_to_one <= set(offered), one_to_one - set(offered)
            flips = {int(i.split(":")[1]) for i in ids if i.startswith("flip:")}
            marked = {int(v) for v in attribute_values(root, "data-flip")}
            assert marked == flips
            if viewer is None:
                assert not offered and not marked
                assert "You" not in texts(root)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_no_hidden_face_is_drawn(players: int, seed: int) -> None:
    checked = 0
    for game, state in played_states(players, seed, every=7):
        observations = {viewer: game.observation(state, viewer) for viewer in viewers(state)}
        for viewer, observation in observations.items():
            legal = game.legal_actions(state, viewer) if viewer is not None else []
            svg = game.render_svg(observation, legal)
            assert svg is not None
            visible = without_npc(json.dumps(observation))
            drawn = without_npc(svg)
            for name in hidden_names(observations, viewer):
                if name in visible:
                    continue  # the same name is visible elsewhere (another card of that kind)
                checked += 1
                assert name not in drawn, (viewer, name)
    assert checked or players == 1  # the check did bite (a solo game may hide nothing unique)


def test_the_start_player_sees_the_face_down_display_cards_and_no_one_else_is_shown_them() -> None:
    game = FourBigStrata()
    state = game.new_game(4, 3)
    hidden = [c for c, up in zip(state.display, state.display_up, strict=True) if not up]
    names = {game.content.cards[c].name for c in hidden}
    start_svg = render(game, state, state.start)[2]
    assert all(name in start_svg for name in names)
    assert "you know:" in start_svg
    for viewer in [s for s in viewers(state) if s != state.start]:
        observation, _legal, svg = render(game, state, viewer)
        for name in names:
            if name not in json.dumps(observation):
                assert name not in svg


def test_the_picker_sees_the_card_taken_face_down_and_may_click_to_place_it() -> None:
    game = FourBigStrata()
    state = game.new_game(3, 5)
    while state.phase != "pick":
        seat = game.to_move(state)[0]
        legal = [a.id for a in game.legal_actions(state, seat)]
        game.apply(state, seat, "extra:0" if "extra:0" in legal else "bid:1" if seat == 1 else "bid:0")
    assert state.phase == "pick" and state.order[0] == 1
    slot = state.display_up.index(False)
    game.apply(state, 1, f"take:{slot}")
    name = game.content.cards[state.holding].name
    _observation, legal, svg = render(game, state, 1)
    root = parse(svg)
    assert name in svg and "You took this card face down" in svg
    offered = set(attribute_values(root, "data-action"))
    assert {"faceup", "facedown:scholar", "facedown:peasant", "facedown:artisan", "facedown:merchant"} <= offered
    assert offered <= {a.id for a in legal}
    other = render(game, state, 2)[2]
    assert "took a face-down card" in other


def test_game_over_shows_final_scores_and_the_winner() -> None:
    for players, seed in ((3, 4), (1, 6)):
        *_, (game, state) = played_states(players, seed, every=1000)
        assert game.is_terminal(state)
        for viewer in viewers(state):
            observation, _legal, svg = render(game, state, viewer)
            root = parse(svg)
            assert "Final scores" in texts(root)
            assert "Winner" in texts(root)
        result = game.result(state)
        if players > 1:
            lowest = {str(min(scores)) for scores in observation["final_scores"]}
            assert lowest <= set(texts(root))
            assert result.winner_seats


def test_text_is_escaped() -> None:
    game = FourBigStrata()
    state = game.new_game(4, 8)
    viewer = state.start
    observation = copy.deepcopy(game.observation(state, viewer))
    nasty = "Tom & <Jerry> \"quoted\" 'single'"
    for entry in observation["display"]:
        if entry and entry["card"]:
            entry["card"]["name"] = nasty
            entry["card"]["effect"] = "<script>alert(1)</script> & more"
    observation["log"].append("a <b>bold</b> & ]]> line")
    legal = game.legal_actions(state, viewer)
    svg = game.render_svg(observation, legal)
    assert svg is not None
    root = parse(svg)
    assert "<script" not in svg
    drawn = " ".join(texts(root)) + " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}title"))
    assert "Jerry" in drawn and "&" in drawn and "<Jerry>" in drawn
    assert "a <b>bold</b> & ]]> line" in texts(root)
