"""What-if content: a lab run on edited component files (`--content DIR`).

DIR holds files in the format of the game's `content/` folder (the same names: `cards.toml`,
`rooms.toml`, `decks/grail.toml`…); each replaces the shipped file of that name and the others
stay as shipped (a deck of one's own is an option, `decks=grail,my.toml`, not an edit). The
files are read once by the driver and travel with every chunk of work, so a Ray cluster's
nodes need no copy of DIR.

Games read their content once per process and keep it, so edited content is only ever read in
fresh processes: the check before the run and every worker start with nothing read.
"""

import hashlib
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from meeple.engine import MeepleError, get_game
from meeple.engine.content import install_edits, shipped_files
from meeple.engine.registry import game_classes
from meeple.lab.backends import LabError


@dataclass(frozen=True)
class EditedContent:
    """A game's edited component files: its content package, the folder they came from, and
    each file's text by its name under `content/`."""

    package: str
    folder: str
    files: tuple[tuple[str, str], ...]

    def install(self) -> None:
        """Read these files instead of the shipped ones in this process (before any content is read)."""
        install_edits(self.package, dict(self.files))

    def describe(self) -> dict[str, Any]:
        """The folder and each file's SHA-256 (its first 16 hex digits), kept with the run's results."""
        digests = {name: hashlib.sha256(text.encode()).hexdigest()[:16] for name, text in self.files}
        return {"folder": self.folder, "files": digests}


def read_edited_content(slug: str, folder: Path) -> EditedContent:
    """The edited files in `folder` for the game `slug`; LabError naming the first file that is
    not one of the game's content files, or a folder that holds none."""
    package = game_classes()[slug].content_package if slug in game_classes() else None
    if package is None:
        raise LabError(f"--content: the game {slug!r} has no component files to edit")
    if not folder.is_dir():
        raise LabError(f"--content {folder}: not a folder")
    shipped = shipped_files(package)
    files = []
    for path in sorted(path for path in folder.rglob("*") if path.is_file()):
        name = path.relative_to(folder).as_posix()
        if name not in shipped:
            raise LabError(f"--content {folder}: {name} is not one of the game's content files ({', '.join(shipped)})")
        try:
            files.append((name, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            raise LabError(f"--content {folder}: {name} is not UTF-8 text") from None
    if not files:
        raise LabError(f"--content {folder}: the folder holds no content file")
    return EditedContent(package, str(folder), tuple(files))


def check_edited_content(
    content: EditedContent, setups: Iterable[tuple[str, tuple[tuple[str, Any], ...], int]]
) -> None:
    """Set up every (game, options, players) of a run on the edited content in a fresh process,
    before any game is played: a malformed file is a LabError naming file, entry and field."""
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as process:
        problem = process.submit(_set_up, content, list(setups)).result()
    if problem:
        raise LabError(f"--content {content.folder}: {problem}")


def _set_up(content: EditedContent, setups: list[tuple[str, tuple[tuple[str, Any], ...], int]]) -> str | None:
    """In a fresh process: what is wrong with the edited content, or None."""
    try:
        content.install()
        for slug, options, players in setups:
            get_game(slug, dict(options)).new_game(players, 0)
    except MeepleError as error:
        return str(error)
    return None
