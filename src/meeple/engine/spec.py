"""What a game is before any state exists: metadata, player counts, options."""

from collections.abc import Mapping
from typing import Any

import msgspec

from meeple.engine.errors import BadOption, BadPlayerCount

OptionValue = bool | int | str


class OptionSpec(msgspec.Struct, frozen=True):
    """One game option: a variant, a difficulty, or a house ruling players may disagree with.

    The kind of `default` (bool, int or str) is the option's type. A str option
    must take one of `choices`; an int option must lie in [minimum, maximum].
    """

    name: str
    description: str
    default: OptionValue
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    multiline: bool = False  # a free text value of several lines (a deck list), not one word

    @property
    def control(self) -> str:
        """How a form asks for this option: checkbox, number, select, text or textarea.

        A str option without `choices` is free text, which only a subclass that checks the
        text in its own `parse` may declare."""
        if isinstance(self.default, bool):
            return "checkbox"
        if isinstance(self.default, int):
            return "number"
        if self.choices:
            return "select"
        return "textarea" if self.multiline else "text"

    def parse(self, value: object) -> OptionValue:
        """The option's value from a Python value or a command-line string; BadOption if not allowed."""
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
                return value.lower() in ("true", "yes", "on", "1")
            raise BadOption(f"option '{self.name}' takes true or false, not {value!r}")
        if isinstance(self.default, int):
            try:
                number = int(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else None
            except ValueError:
                number = None
            if number is None:
                raise BadOption(f"option '{self.name}' takes a whole number, not {value!r}")
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise BadOption(
                    f"option '{self.name}' must lie between {self.minimum} and {self.maximum}, not {number}"
                )
            return number
        if not isinstance(value, str) or value not in self.choices:
            raise BadOption(f"option '{self.name}' takes one of {', '.join(self.choices)}, not {value!r}")
        return value

    def from_command_line(self, value: str) -> dict[str, str]:
        """The option settings a command-line value stands for: itself, as a rule.

        An option whose values may name the user's own files (a deck file) reads them here, so
        that the game's options hold their content and a record replays anywhere. Nothing else
        reads a file named in an option, and the web server never calls this: from the web a
        value is only ever a value."""
        return {self.name: value}

    def describe_values(self) -> str:
        if isinstance(self.default, bool):
            return "true|false"
        if isinstance(self.default, int):
            return f"{self.minimum}..{self.maximum}"
        return "|".join(self.choices)


class GameSpec(msgspec.Struct, frozen=True):
    """Metadata of a game: identity, player counts, options and its kind of play."""

    slug: str
    title: str
    version: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[OptionSpec, ...] = ()
    cooperative: bool = False
    hidden_information: bool = False
    simultaneous: bool = False
    rulebook: str = ""

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in self.options) or "none"
        raise BadOption(f"{self.slug} has no option '{name}' (its options: {known})")

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, OptionValue]:
        """Every option's value: the given ones checked, the others at their defaults."""
        resolved: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in given.items():
            resolved[name] = self.option(name).parse(value)
        return resolved

    def command_line_options(self, given: Mapping[str, str]) -> dict[str, str]:
        """Options typed on the command line, each expanded by `OptionSpec.from_command_line`;
        BadOption if two of them would set the same option."""
        settings: dict[str, str] = {}
        for name, value in given.items():
            for key, setting in self.option(name).from_command_line(value).items():
                if key in settings or (key != name and key in given):
                    raise BadOption(f"option '{key}' is set twice (by '{name}' and another option)")
                settings[key] = setting
        return settings

    def check_players(self, players: int) -> None:
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not self.min_players <= players <= self.max_players
        ):
            raise BadPlayerCount(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players!r}"
            )
