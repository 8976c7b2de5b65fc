"""The cases of the RL tests: every registered game at every player count, and a few states of
each drawn by play (random and the game's heuristic, alternately)."""

from collections.abc import Iterator

from meeple.engine import Game, Rng, State, game_specs, get_game


def every_game_and_count() -> list[tuple[str, int]]:
    return [(spec.slug, players) for spec in game_specs() for players in range(spec.min_players, spec.max_players + 1)]


def played_states(game: Game, players: int, seed: int, heuristic: bool) -> Iterator[State]:
    """Every state of one game, random or heuristic moves by the first seat to move (the state is
    mutated in place between yields: clone what you keep)."""
    state = game.new_game(players, seed)
    rng = Rng.from_seed(seed, "moves")
    while not game.is_terminal(state):
        yield state
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        action = game.playout_action(state, seat, legal, rng) if heuristic else legal[rng.below(len(legal))]
        game.play(state, seat, action)
    yield state


# Options that change which moves exist (the Mill, the expansion, the decks...), beside the defaults.
VARIANTS: dict[str, dict[str, object]] = {
    "four-big-strata": {"tribute_ratio": 3, "npc_level": "hard"},
    "guedelon": {"mill": True, "difficulty": "hard", "solo_wheelbarrow": "own", "blacksmith": "set"},
    "lotta-rome": {"merchants": False, "adjacent_groups": "all"},
    "round-house": {"neutral_rule": 2, "amulet_experts": "amulet", "grand_hall_fee": "execution"},
    "round-table": {"decks": "orkney,grail", "majority_end": False},
}


def games_of(slug: str) -> list[Game]:
    """The game with its default options and with its variant options."""
    return [get_game(slug), get_game(slug, VARIANTS.get(slug, {}))]
