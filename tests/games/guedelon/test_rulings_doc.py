"""The issue asks every ruling to be recorded in docs/rules/guedelon.md: every reconstructed
location, building and event card of content/*.toml is named there, and the bag years and slider
starts the data use are the ones the rulings give."""

from pathlib import Path

import pytest

from .builders import CONTENT

DOC = (Path(__file__).parents[3] / "docs" / "rules" / "guedelon.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name",
    [
        part.name
        for part in (*CONTENT.locations, *CONTENT.buildings, *CONTENT.cards.values())
        if part.source == "reconstructed"
    ],
)
def test_every_component_is_named_in_the_rulings(name: str) -> None:
    assert name in DOC, f"{name} has no ruling in docs/rules/guedelon.md"


def test_the_rulings_give_the_bag_years_and_start_sliders_the_data_use() -> None:
    years = [str(y) for y in sorted(CONTENT.bag_years)]
    assert f"Bag symbols on {', '.join(years[:-1])} and {years[-1]}" in DOC
    for players, name in ((4, "4 players"), (3, "3 players"), (2, "duo"), (1, "solo")):
        exp, tools = CONTENT.sliders[players]
        assert f"{name} {exp}/{tools}" in DOC
    assert "the apprentice's board included" in DOC
