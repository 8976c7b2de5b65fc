"""What-if content (`--content DIR`): every game played on edited component files, in fresh
processes, with a malformed file refused before any game naming its file, entry and field."""

import re
import shutil
from importlib import resources
from pathlib import Path

import pytest
from tests.lab.test_commands import assert_refused, meeple

from meeple.engine import get_game
from meeple.engine.content import ContentError, install_edits
from meeple.engine.registry import game_classes
from meeple.lab.backends import LabError, make_backend
from meeple.lab.runs import Where, play, tournament
from meeple.lab.tournament import tournament_jobs
from meeple.lab.whatif import read_edited_content

GAMES = ["four-big-strata", "round-house", "guedelon", "lotta-rome", "round-table"]

# One value per game whose change must change the games played (same seeds, same agents).
EDITS = {
    "four-big-strata": ("rules.toml", "[rounds]\nvalue = 15", "[rounds]\nvalue = 10"),
    "round-house": ("rules.toml", "value = [3, 3, 4, 5, 6]", "value = [13, 13, 14, 15, 16]"),
    "guedelon": ("board.toml", "stone = { value = 9,", "stone = { value = 3,"),
    "lotta-rome": ("rules.toml", "[start_gems]\nvalue = 4", "[start_gems]\nvalue = 9"),
    "round-table": (
        "cards.toml",
        'id = "knight-bachelor"\nname = "Knight Bachelor"\ntype = "knight"\nrp = 2\ninfluence = 1',
        'id = "knight-bachelor"\nname = "Knight Bachelor"\ntype = "knight"\nrp = 2\ninfluence = 6',
    ),
}


def content_folder(slug: str) -> Path:
    return Path(str(resources.files(game_classes()[slug].content_package).joinpath("content")))


def edited_copy(slug: str, folder: Path, name: str, old: str, new: str) -> Path:
    """`folder` holding the game's file `name` with `old` replaced by `new` (which must be there)."""
    text = (content_folder(slug) / name).read_text(encoding="utf-8")
    assert old in text, f"{slug} {name} no longer holds {old!r}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def rows_of(slug: str, folder: Path | None) -> list[tuple]:
    """What two seeded games (random against heuristic) came to: scores, margin, decisions."""
    game = get_game(slug)
    content = None if folder is None else read_edited_content(slug, folder)
    jobs = tournament_jobs(game, 2, ["random", "heuristic"], 2, 5)
    rows = play(jobs, make_backend("local", 1, fresh=content is not None), Where(results=None), content, None)
    return [(row["scores"], row["margin"], row["decisions"]) for row in rows]


@pytest.mark.parametrize("slug", GAMES)
def test_an_edited_value_changes_the_games_and_an_unedited_copy_does_not(slug: str, tmp_path: Path) -> None:
    shipped = rows_of(slug, None)
    copy = tmp_path / "copy"
    shutil.copytree(content_folder(slug), copy, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    assert rows_of(slug, copy) == shipped
    name, old, new = EDITS[slug]
    assert rows_of(slug, edited_copy(slug, tmp_path / "edited", name, old, new)) != shipped


def first_integer_field(slug: str) -> tuple[str, str, str]:
    """The first content file with a `key = <integer>` line inside a `[[table]]` entry: its
    name, that line and the key."""
    for path in sorted(content_folder(slug).glob("*.toml")):
        in_entry = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("["):
                in_entry = line.startswith("[[")
            match = re.fullmatch(r"(\w+) = \d+", line)
            if in_entry and match:
                return path.name, line, match.group(1)
    raise AssertionError(f"{slug}: no integer field in an entry")


@pytest.mark.parametrize("slug", GAMES)
def test_a_wrong_field_is_refused_naming_file_entry_and_field(slug: str, tmp_path: Path) -> None:
    name, line, key = first_integer_field(slug)
    folder = edited_copy(slug, tmp_path / "edited", name, line, f'{key} = "many"')
    out = tmp_path / "out"
    result = meeple(
        "balance", slug, "--players", "2", "--games", "2", "--content", folder, "--out", out, "--no-results"
    )
    assert_refused(result, f"{name}: ", out)
    assert "(entry " in result.stderr and f"field {key}: expected int, got str" in result.stderr


def test_a_file_the_game_does_not_have_is_refused(tmp_path: Path) -> None:
    (tmp_path / "edits").mkdir()
    (tmp_path / "edits" / "card.toml").write_text("x = 1\n")
    with pytest.raises(LabError, match=r"card\.toml is not one of the game's content files \(cards\.toml, npc"):
        read_edited_content("four-big-strata", tmp_path / "edits")
    with pytest.raises(LabError, match="not a folder"):
        read_edited_content("four-big-strata", tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(LabError, match="holds no content file"):
        read_edited_content("four-big-strata", tmp_path / "empty")


def test_an_edited_starter_deck_is_played(tmp_path: Path) -> None:
    decks = content_folder("round-table") / "decks"
    folder = tmp_path / "edits"
    (folder / "decks").mkdir(parents=True)
    (folder / "decks" / "grail.toml").write_text((decks / "orkney.toml").read_text(encoding="utf-8"))
    content = read_edited_content("round-table", folder)
    assert [name for name, _ in content.files] == ["decks/grail.toml"]
    game = get_game("round-table", {"decks": "grail,pendragon"})
    report = tournament(game, 2, ["random", "heuristic"], 2, 5, Where(results=None), None, content)
    assert report["content"]["files"].keys() == {"decks/grail.toml"}
    shipped = tournament(game, 2, ["random", "heuristic"], 2, 5, Where(results=None))
    assert shipped["content"] is None and shipped["standings"] != report["standings"]


def test_a_process_that_has_read_a_games_content_refuses_edits() -> None:
    get_game("round-house").new_game(2, 0)
    with pytest.raises(ContentError, match="already read in this process"):
        install_edits(game_classes()["round-house"].content_package, {"rules.toml": "x = 1"})
