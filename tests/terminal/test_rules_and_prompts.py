"""At the prompt of every game: `rules NAME` tells a component's full rule text (its glossary,
built from the content files), `rules` lists every name, an unknown or partial name gets the
names it may mean; and a payment, discard or shortfall is asked with what is owed and what the
seat has (the game's prompt). Driven through the real `meeple` command's stdin and stdout."""

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from terminal_driving import meeple, save_record, stop_where

from meeple.engine import Action, Entry, game_specs, get_game, look_up

SLUGS = [spec.slug for spec in game_specs()]


def seats_for(slug: str) -> str:
    """Seat 0 a person, the others random bots, at the game's smallest table of two or more."""
    players = max(2, get_game(slug).spec.min_players)
    return ",".join("human" if seat == 0 else "random" for seat in range(players))


def one_of_each_kind(entries: tuple[Entry, ...]) -> list[Entry]:
    """The last entry of every kind whose name names nothing else (a name shared by two kinds
    is told for both, and checked on its own below)."""
    kinds: dict[str, Entry] = {}
    for entry in entries:
        if len(look_up(entries, entry.name).entries) == 1:
            kinds[entry.kind] = entry
    return list(kinds.values())


@pytest.mark.parametrize("slug", SLUGS)
def test_rules_tells_any_component_by_name(slug: str) -> None:
    entries = get_game(slug).glossary()
    kinds = {entry.kind for entry in entries}
    assert len(kinds) >= 2, kinds  # more than one kind of component can be asked about
    asked = one_of_each_kind(entries)
    assert {entry.kind for entry in asked} == kinds
    typo = next(e.name for e in asked if len(e.name) > 6 and not look_up(entries, e.name[:-1] + "x").entries)
    keys = ["rules", *(f"rules {entry.name.upper()}" for entry in asked), f"rules {typo[:-1]}x", "rules zqzqzq", "q"]
    seats = seats_for(slug)
    result = meeple("play", slug, "--seats", seats, "--seed", "1", stdin="\n".join(keys) + "\n", columns=2000)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for entry in asked:  # the whole rule text, under its name and kind, typed in any case
        assert f"{entry.name} ({entry.kind})\n  {entry.text}\n" in out, entry
    for kind in kinds:  # `rules` alone lists every name by kind
        assert re.search(rf"^  {re.escape(kind)}: ", out, re.M), kind
    assert re.search(rf"'{re.escape(typo[:-1])}x' may mean: [^\n]*{re.escape(typo)}", out)
    assert "Nothing here is called 'zqzqzq'" in out


@pytest.mark.parametrize("slug", SLUGS)
def test_board_shows_the_whole_board_and_help_the_commands(slug: str, tmp_path: Path) -> None:
    """A turn shows the game's brief board; `board` prints the whole one; `help` every command."""
    game = get_game(slug)
    players = max(2, game.spec.min_players)
    state, actions, seat = stop_where(game, players, lambda legal: True)
    path = tmp_path / "game.json"
    save_record(path, game, state, actions)
    seats = ",".join("human" if s == seat else "random" for s in range(players))
    keys = "help\nboard\nq\n"
    result = meeple("play", slug, "--resume", str(path), "--seats", seats, stdin=keys, columns=2000)
    assert result.returncode == 0, result.stderr
    turn, _, rest = result.stdout.partition(f"Seat {seat}, your move:")
    obs = game.observation(state, seat)
    assert turn.endswith(game.render_text_brief(obs) + "\n")
    shown = rest.partition("Commands at a prompt:")[2]
    for command in ("board", "rules NAME", "log", "help", "q "):
        assert f"\n  {command}" in shown, command
    assert f"quit]: {game.render_text(obs)}\n" in shown  # after the prompt `board` was typed at


def test_a_partial_name_lists_the_names_it_may_mean() -> None:
    entries = (Entry("room", "Selling Market", "a"), Entry("room", "Retail Market", "b"), Entry("card", "Bank", "c"))
    assert look_up(entries, "market").suggestions == ["Selling Market", "Retail Market"]
    assert look_up(entries, "rooms").suggestions == ["Selling Market", "Retail Market"]
    assert look_up(entries, "retail").entries == [entries[1]]
    assert look_up(entries, "bnak").suggestions == ["Bank"]


# Per game: which decisions pay, discard or fall short, and what the prompt must then say the
# seat owes and has, read from the seat's observation.
Wanted = Callable[[list[Action]], bool]
Told = Callable[[dict], list[str]]


def ids(legal: list[Action]) -> set[str]:
    return {action.id.partition(":")[0] for action in legal}


def fbs_told(obs: dict) -> list[str]:
    me = obs["participants"][obs["seat"]]
    return [f"you have {me['grain']} grain and {me['money']} money"]


def round_house_told(obs: dict) -> list[str]:
    return [f"you have {obs['participants'][obs['seat']]['coins']} coins"]


def guedelon_told(obs: dict) -> list[str]:
    board = obs["boards"][obs["workers"][obs["turn"]["worker"]]["board"]]
    return [f"experience {board['experience']} and {board['tools']} tools", "spends 1 tool"]


def lotta_told(obs: dict) -> list[str]:
    return [f"You hold {len(obs['players_view'][obs['seat']]['hand'])} contracts", "your bid is the coins"]


def round_table_discard_told(obs: dict) -> list[str]:
    held = len(obs["seats"][obs["seat"]]["hand"])
    return [f"you hold {held} cards", f"discard {held - 10}"]


def round_table_rp_told(obs: dict) -> list[str]:
    me = obs["seats"][obs["seat"]]
    return [f"you have {me['capacity'] - me['allocated']} RP free"]


CASES: list[tuple[str, str, Wanted, Told]] = [
    ("four-big-strata", "feeding", lambda legal: "feed" in ids(legal), fbs_told),
    ("four-big-strata", "cap", lambda legal: "discard" in ids(legal), fbs_told),
    ("four-big-strata", "bid", lambda legal: "bid" in ids(legal), fbs_told),
    (
        "round-house",
        "payment",
        lambda legal: any(re.search(r"\bpay\b", a.label, re.I) for a in legal),
        round_house_told,
    ),
    (
        "round-house",
        "discard",
        lambda legal: any(a.id.count(":") == 2 for a in legal if a.id.startswith("hire:")),
        lambda obs: [f"You hold {len(obs['participants'][obs['seat']]['experts'])} experts", "discards one of yours"],
    ),
    ("guedelon", "tools", lambda legal: bool(ids(legal) & {"produce", "transform"}), guedelon_told),
    ("lotta-rome", "auction", lambda legal: "bid" in ids(legal), lotta_told),
    ("round-table", "discard", lambda legal: "discard" in ids(legal), round_table_discard_told),
    ("round-table", "rp", lambda legal: any(re.search(r"\(\d+ RP\)", a.label) for a in legal), round_table_rp_told),
]


@pytest.mark.parametrize(("slug", "what", "wanted", "told"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_payment_discard_or_shortfall_says_what_is_owed_and_what_you_have(
    slug: str, what: str, wanted: Wanted, told: Told, tmp_path: Path
) -> None:
    game = get_game(slug)
    players = max(2, game.spec.min_players)
    state, actions, seat = stop_where(game, players, wanted)
    path = tmp_path / "game.json"
    save_record(path, game, state, actions)
    seats = ",".join("human" if s == seat else "random" for s in range(players))
    result = meeple("play", slug, "--resume", str(path), "--seats", seats, stdin="q\n", columns=2000)
    assert result.returncode == 0, result.stderr
    header = next(line for line in result.stdout.splitlines() if line.startswith(f"Seat {seat}, your move:"))
    for fragment in told(game.observation(state, seat)):
        assert fragment in header, (fragment, header)


def test_a_four_big_strata_feeding_shortfall_says_what_is_owed() -> None:
    """The feeding shortfall of the issue: short of grain or money with a card still face up."""
    game = get_game("four-big-strata")

    def short(legal: list[Action]) -> bool:
        return "flip" in ids(legal) and not ids(legal) & {"feed", "waive", "close", "discard", "market", "reward"}

    state, _, seat = stop_where(game, 3, short, seeds=range(1, 200))
    obs = game.observation(state, seat)
    if obs["tasks"][0][0] != 1:  # a tribute owed, not a feeding: still says what the seat has
        assert "you have" in game.prompt(obs, game.legal_actions(state, seat))
        return
    upkeep = obs["participants"][seat]["upkeep"]
    text = game.prompt(obs, game.legal_actions(state, seat))
    assert f"you owe {upkeep['grain']} grain and {upkeep['money']} money but you have" in text, text
