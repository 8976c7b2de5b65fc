"""meeple.lab: the designers' lab. Tournaments with ratings, balance reports, results kept as
Parquet, and the backends that play the games (this process, a process pool, a Ray cluster).

Every run depends only on its arguments: each game's seed comes from the run's seed and the
game's index (as in `meeple.simulation`), and rows come back in game order whatever the
backend and the number of workers. Entry points: `meeple.lab.runs.tournament` and
`meeple.lab.runs.balance` (the `meeple tournament` and `meeple balance` commands).
"""
