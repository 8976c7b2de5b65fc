"""svgkit's cached pieces: the same text for the same arguments, and nothing a caller can spoil."""

import pytest

from meeple import svgkit as kit


def test_wrapped_lines_are_a_new_list_each_time() -> None:
    words = "a sentence long enough to need more than one line of a narrow panel"
    lines = kit.wrap(words, 13, 120)
    assert len(lines) > 1
    lines.append("spoiled")
    lines[0] = "spoiled"
    again = kit.wrap(words, 13, 120)
    assert "spoiled" not in again and len(again) == len(lines) - 1


def test_cached_text_is_the_text_drawn() -> None:
    first = kit.text(10, 20.25, "Grain & money", 14, bold=True)
    assert first == '<text x="10" y="20.2" font-size="14" font-weight="bold">Grain &amp; money</text>'
    assert kit.text(10, 20.25, "Grain & money", 14, bold=True) is first  # looked up, not drawn again


def test_text_under_the_minimum_size_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(ValueError, match="under the 12 px"):
            kit.text(0, 0, "tiny", 11)
