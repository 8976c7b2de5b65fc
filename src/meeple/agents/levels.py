"""The bot strengths a player meets in the lobby, by name, as agent specs.

`make_agent` accepts these names too (`easy`, `medium`, `hard`), so `meeple simulate` and
`meeple play` reproduce what a player met at a table. Each level plays the game's own planner
where it has one (Guédelon's team search, at the level's effort) and elsewhere ISMCTS with
playouts cut at a depth and scored by the game's estimate, stopped at its iterations or its
seconds, whichever comes first. The iterations decide on a quiet machine (the same seed plays
the same game); the seconds only cap a decision when the machine is busy. They are sized for
median answers of about 0.3 s, 1 s and 3 s (docs/performance.md).
"""

BOT_LEVELS: dict[str, str] = {
    "random": "random",
    "heuristic": "heuristic",
    "easy": "planner:effort=1,iterations=300,seconds=0.5",
    "medium": "planner:effort=2,iterations=1500,seconds=1.8",
    "hard": "planner:effort=3,iterations=4000,seconds=5",
}
