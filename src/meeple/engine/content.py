"""What every game's component files share: provenance marks, a marked number, the load error,
reading and converting a TOML file from a game package's `content/` folder, and what-if edits.

Components are data (boards, cards, tiles), each entry marked with where its value comes from:
`rulebook` (stated in the text), `finding` (FINDINGS.md) or `reconstructed` (our design).

A designer may play a game on edited component files (`meeple balance --content DIR`): the
edits are installed in a process before it reads any of the game's content, and every file
they name is read from them instead of the shipped one. Games cache their content once per
process, so a process that has already read a game's content refuses different edits rather
than mixing the two.
"""

import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Literal, TypeVar

import msgspec

from meeple.engine.errors import MeepleError

Source = Literal["rulebook", "finding", "reconstructed"]
T = TypeVar("T")

# Edited component files by game package, each by its name under `content/` (e.g. `decks/grail.toml`).
_edits: dict[str, dict[str, str]] = {}
# The game packages whose content this process has read.
_read: set[str] = set()


class Number(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A number (or a list of numbers, e.g. one per player count) with where it comes from."""

    value: int | list[int]
    source: Source
    note: str


class ContentError(MeepleError):
    """A content file is malformed: the message names the file, the entry and the field."""


def install_edits(package: str, files: Mapping[str, str]) -> None:
    """Read the files named in `files` (name under `content/` -> TOML text) instead of the
    shipped ones of `package`, in this process, from now on.

    ContentError if this process has already read that game's content under other edits: its
    caches would mix the two."""
    edits = dict(files)
    if _edits.get(package, {}) == edits:
        return
    if package in _read:
        raise ContentError(f"{package}: its content was already read in this process; edit before the first read")
    _edits[package] = edits


def shipped_files(package: str) -> list[str]:
    """The names of every file under the package's `content/` folder, sub-folders as `folder/name`."""

    def walk(folder: Traversable, prefix: str) -> list[str]:
        names: list[str] = []
        for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
            if entry.is_dir():
                names += walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".toml"):
                names.append(prefix + entry.name)
        return names

    return walk(resources.files(package).joinpath("content"), "")


def content_files(package: str, folder: str) -> list[str]:
    """The names of the content files in `folder` (e.g. `decks`), shipped or added by edits, sorted."""
    prefix = f"{folder}/"
    names = {name for name in shipped_files(package) if name.startswith(prefix)}
    names |= {name for name in _edits.get(package, {}) if name.startswith(prefix)}
    return sorted(names)


def content_text(package: str, name: str) -> str:
    """The text of the content file `name` (under `content/`) of `package`, edited or shipped."""
    _read.add(package)
    edited = _edits.get(package, {})
    if name in edited:
        return edited[name]
    return resources.files(package).joinpath("content", *name.split("/")).read_text(encoding="utf-8")


def read_content(package: str, name: str) -> dict[str, Any]:
    """The TOML file `content/<name>` of the game package `package`, parsed."""
    try:
        return tomllib.loads(content_text(package, name))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{name}: not TOML: {error}") from None


def convert_content(package: str, name: str, kind: type[T], table: str | None = None) -> T:
    """The content file `name` (or its top-level `table`) read as `kind`.

    ContentError naming the file, the entry (by its id where it has one) and the field when a
    value is missing, unknown or of the wrong type."""
    return convert_entries(name, read_content(package, name), kind, table)


def convert_entries(name: str, raw: Any, kind: type[T], table: str | None = None) -> T:
    """`raw`, read from the content file `name`, as `kind` (with `table`: its top-level table of
    that name), so that a file holding several tables is read once; ContentError as above."""
    if table is not None:
        if table not in raw:
            raise ContentError(f"{name}: no [{table}] entries")
        raw = raw[table]
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as error:
        raise ContentError(f"{name}: {describe_error(raw, str(error), table)}") from None


def describe_error(raw: Any, message: str, table: str | None = None) -> str:
    """msgspec's `Expected `int`, got `str` - at `$.card[3].points`` told as
    `card "farm" (entry 4), field points: expected int, got str`."""
    what, _, at = message.partition(" - at `$")
    what = what.replace("`", "")
    what = what[:1].lower() + what[1:]
    steps = re.findall(r"\.(\w+)|\[(\d+)\]|\[(.+?)\]", at.rstrip("`"))
    value, kind, place, fields = raw, table, "", []
    for key, index, quoted in steps:
        step: str | int = int(index) if index else (key or quoted.strip("'\""))
        if isinstance(step, int) and isinstance(value, list) and step < len(value):
            entry = value[step]
            label = (entry.get("id") or entry.get("name")) if isinstance(entry, dict) else None
            named = f' "{label}"' if label else ""
            place, fields, value = f"{kind or 'entry'}{named} (entry {step + 1})", [], entry
        else:
            fields.append(str(step))
            value = value.get(step) if isinstance(value, dict) else None
            kind = str(step) if isinstance(value, list) else kind
    where = ", ".join(part for part in (place, "field " + ".".join(fields) if fields else "") if part)
    return f"{where}: {what}" if where else what
