"""Errors raised by the engine: each names exactly what was wrong.

Every error leaves the game state unchanged: the engine checks before it mutates.
"""


class MeepleError(Exception):
    """Base class of every error a caller of meeple can be shown as one line."""


class UnknownGame(MeepleError):
    """No game is registered under that slug."""


class BadPlayerCount(MeepleError):
    """The game cannot be played with that many players."""


class BadSeed(MeepleError):
    """A game's seed is not a whole number from 0 to 2**64 - 1."""


class BadOption(MeepleError):
    """An option is unknown, or its value is not allowed."""


class IllegalAction(MeepleError):
    """The action is not among the legal actions of that seat now."""


class NotYourTurn(IllegalAction):
    """The seat is not one of the seats that must decide now."""


class GameOver(IllegalAction):
    """The game has ended; no action can be applied."""


class BadRecord(MeepleError):
    """A game record is malformed, or does not replay to what it claims."""
