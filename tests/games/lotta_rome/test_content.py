"""The components are data, validated at load with clear errors (content/*.toml)."""

import pytest

from meeple.games.lotta_rome import content as content_module
from meeple.games.lotta_rome.content import ContentError, load_content


def test_the_content_loads_with_every_component_counted() -> None:
    content = load_content()
    assert [land.id for land in content.lands] == ["olive", "vineyard", "field", "town", "quarry"]
    assert sorted(content.stack()) == sorted(list(range(5)) * 4)
    assert sorted(content.contracts) == list(range(1, 63))
    assert all(card.source in ("rulebook", "reconstructed") and card.note for card in content.contracts.values())
    assert len(content.building_cards) >= 5
    assert all(len(set(r)) == 2 for card in content.building_cards for r in card)


def _broken(monkeypatch: pytest.MonkeyPatch, name: str, edit) -> None:
    real = content_module._read

    def read(file: str) -> dict:
        data = real(file)
        return edit(data) if file == name else data

    monkeypatch.setattr(content_module, "_read", read)
    load_content.cache_clear()


def test_an_unknown_land_name_is_refused_naming_the_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    def edit(data: dict) -> dict:
        data["contract"][20]["land"] = "swamp"
        return data

    _broken(monkeypatch, "contracts.toml", edit)
    try:
        with pytest.raises(ContentError, match="card 21: unknown land 'swamp'"):
            load_content()
    finally:
        load_content.cache_clear()


def test_a_missing_double_land_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def edit(data: dict) -> dict:
        data["double"][0]["count"] = 1
        return data

    _broken(monkeypatch, "merchants.toml", edit)
    try:
        with pytest.raises(ContentError, match="25 double lands"):
            load_content()
    finally:
        load_content.cache_clear()


def test_an_entry_without_provenance_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def edit(data: dict) -> dict:
        del data["land"][2]["source"]
        return data

    _broken(monkeypatch, "lands.toml", edit)
    try:
        with pytest.raises(ContentError, match="source"):
            load_content()
    finally:
        load_content.cache_clear()
