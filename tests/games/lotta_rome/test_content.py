"""The components are data, validated at load with clear errors (content/*.toml)."""

import pytest

from meeple.engine import content as engine_content
from meeple.games.lotta_rome.content import ContentError, load_content


def test_the_content_loads_with_every_component_counted() -> None:
    content = load_content()
    assert [land.id for land in content.lands] == ["olive", "vineyard", "field", "town", "quarry"]
    assert sorted(content.stack()) == sorted(list(range(5)) * 4)
    assert sorted(content.contracts) == list(range(1, 63))
    assert all(card.source in ("rulebook", "reconstructed") and card.note for card in content.contracts.values())
    assert len(content.building_cards) >= 5
    assert all(len(set(r)) == 2 for card in content.building_cards for r in card)


def _set(path: tuple, value: object):
    def edit(data: dict) -> dict:
        *parents, last = path
        target = data
        for key in parents:
            target = target[key]
        if value is None:
            del target[last]
        else:
            target[last] = value
        return data

    return edit


BROKEN = [
    ("contracts.toml", ("contract", 20, "land"), "swamp", "card 21: unknown land 'swamp'"),
    ("merchants.toml", ("double", 0, "count"), 1, "25 double lands"),
    ("lands.toml", ("land", 2, "source"), None, "source"),
    ("contracts.toml", ("contract", 5, "kind"), "everything", "unknown kind 'everything'"),
]


@pytest.mark.parametrize(("name", "path", "value", "message"), BROKEN)
def test_broken_content_is_refused_with_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, name: str, path: tuple, value: object, message: str
) -> None:
    real = engine_content.read_content
    edit = _set(path, value)
    monkeypatch.setattr(
        engine_content,
        "read_content",
        lambda package, file: edit(real(package, file)) if file == name else real(package, file),
    )
    load_content.cache_clear()
    try:
        with pytest.raises(ContentError, match=message):
            load_content()
    finally:
        load_content.cache_clear()
