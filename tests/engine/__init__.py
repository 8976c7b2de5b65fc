"""Tests of meeple.engine, on a small toy game."""
