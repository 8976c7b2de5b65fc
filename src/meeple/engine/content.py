"""What every game's component files share: provenance marks, a marked number, the load error,
and reading a TOML file from a game package's `content/` folder.

Components are data (boards, cards, tiles), each entry marked with where its value comes from:
`rulebook` (stated in the text), `finding` (FINDINGS.md) or `reconstructed` (our design).
"""

import tomllib
from importlib import resources
from typing import Any, Literal

import msgspec

Source = Literal["rulebook", "finding", "reconstructed"]


class Number(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A number (or a list of numbers, e.g. one per player count) with where it comes from."""

    value: int | list[int]
    source: Source
    note: str


class ContentError(Exception):
    """A content file is malformed."""


def read_content(package: str, name: str) -> dict[str, Any]:
    """The TOML file `content/<name>` of the game package `package`, parsed."""
    text = resources.files(package).joinpath("content", name).read_text(encoding="utf-8")
    return tomllib.loads(text)
