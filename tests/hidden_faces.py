"""Which card faces a viewer must not be shown: worked out from the real state by comparing
seats' observations. Shared by the server and browser tests' leak checks."""

from typing import Any

from meeple.engine import Game, State


def _hidden_faces(mine: Any, theirs: Any, found: set[str]) -> None:
    """Walk two observations of the same state in step: a card face (a dict with a name) that
    the other viewer sees where this viewer has None is a face this viewer must not see."""
    if mine is None and isinstance(theirs, dict) and isinstance(theirs.get("name"), str):
        found.add(theirs["name"])
    elif isinstance(mine, dict) and isinstance(theirs, dict):
        for key in mine.keys() & theirs.keys():
            _hidden_faces(mine[key], theirs[key], found)
    elif isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for a, b in zip(mine, theirs, strict=True):
            _hidden_faces(a, b, found)


def _visible_names(observation: Any, found: set[str]) -> None:
    if isinstance(observation, dict):
        if isinstance(observation.get("name"), str):
            found.add(observation["name"])
        for value in observation.values():
            _visible_names(value, found)
    elif isinstance(observation, list):
        for value in observation:
            _visible_names(value, found)


def forbidden_names(game: Game, state: State, seat: int | None) -> set[str]:
    """Names of cards whose face `seat` (None: a spectator) does not see but another seat does,
    less the names `seat` sees anyway elsewhere (another copy face up, the log, its own choices)."""
    mine = game.observation(state, seat)
    hidden: set[str] = set()
    for other in range(state.players):
        if other != seat:
            _hidden_faces(mine, game.observation(state, other), hidden)
    visible: set[str] = set()
    _visible_names(mine, visible)
    texts = " ".join(str(line) for line in mine.get("log", []))
    if seat is not None:
        texts += " " + " ".join(action.label for action in game.legal_actions(state, seat))
    return {name for name in hidden - visible if name not in texts}
