"""One package per game; each registers itself as a `meeple.games` entry point."""
