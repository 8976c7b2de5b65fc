"""Train a small policy on a meeple game with REINFORCE, in numpy, on the CPU in minutes.

One seat learns in meeple.rl's Gymnasium environment (`SingleAgentEnv`) against random bots,
taking both seats in turn; then the trained policy (its most likely legal move) plays N games
against random and N against the game's heuristic, and the win rates are printed with their
95% Wilson intervals, beside the random policy's in the same games, as a markdown table.

The policy is linear and low-rank, as small as the action spaces are large: a move's logit is
b[a] + U[a]·(V x), x the encoded observation (4,096 slots), V a 16 x 4,096 matrix and U one
16-vector per move of the action space; a softmax over the legal moves (the mask) chooses.
REINFORCE with a running-mean baseline, a small entropy bonus and Adam, 16 episodes a batch.
numpy alone, so `pip install meeple[rl]` is all it needs (see docs/rl.md for why not torch).

    python examples/train_policy.py --game four-big-strata --players 2 --episodes 3000 --games 500
"""

import argparse
import time
from pathlib import Path

import numpy as np

from meeple.lab.stats import Rate
from meeple.rl import SingleAgentEnv

RANK = 16


class Policy:
    """Logits b[a] + U[a]·(V x) over the legal moves (see the module docstring)."""

    def __init__(self, features: int, actions: int, rng: np.random.Generator) -> None:
        self.params = {
            "V": rng.normal(0, 1 / np.sqrt(features), (RANK, features)).astype(np.float32),
            "U": rng.normal(0, 0.1, (actions, RANK)).astype(np.float32),
            "b": np.zeros(actions, np.float32),
        }
        self.moments = {name: (np.zeros_like(p), np.zeros_like(p)) for name, p in self.params.items()}
        self.updates = 0

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """π over the legal moves and the hidden vector V x."""
        hidden = self.params["V"] @ x
        logits = self.params["U"][legal] @ hidden + self.params["b"][legal]
        logits = np.exp(logits - logits.max())
        return logits / logits.sum(), hidden

    def act(self, observation: dict, rng: np.random.Generator | None) -> tuple[int, tuple]:
        """A move: sampled (training) or the most likely (rng None), with what learning needs."""
        legal = np.flatnonzero(observation["action_mask"])
        pi, hidden = self.probabilities(observation["observation"], legal)
        choice = int(rng.choice(len(legal), p=pi)) if rng is not None else int(pi.argmax())
        return int(legal[choice]), (observation["observation"], legal, pi, hidden, choice)

    def update(self, batch: list[tuple[tuple, float]], rate: float, entropy: float) -> None:
        """One Adam ascent step on Σ advantage · log π(a|x) + entropy bonus."""
        grads = {name: np.zeros_like(p) for name, p in self.params.items()}
        for (x, legal, pi, hidden, choice), advantage in batch:
            g = -pi * advantage  # d/dlogits of advantage * log pi(choice)
            g[choice] += advantage
            log_pi = np.log(pi + 1e-12)
            g += entropy * -pi * (log_pi - (pi * log_pi).sum())  # d/dlogits of the entropy
            np.add.at(grads["b"], legal, g)
            np.add.at(grads["U"], legal, np.outer(g, hidden))
            grads["V"] += np.outer(self.params["U"][legal].T @ g, x)
        self.updates += 1
        for name, grad in grads.items():
            grad /= len(batch)
            first, second = self.moments[name]
            first *= 0.9
            first += 0.1 * grad
            second *= 0.999
            second += 0.001 * grad * grad
            step = rate * (first / (1 - 0.9**self.updates)) / (np.sqrt(second / (1 - 0.999**self.updates)) + 1e-8)
            self.params[name] += step


def episode(env: SingleAgentEnv, policy: Policy | None, seed: int, rng: np.random.Generator | None) -> tuple:
    """One game: (steps taken, final reward). No policy: uniformly random legal moves."""
    observation, _ = env.reset(seed=seed)
    steps, done, reward = [], False, 0.0
    while not done:
        if policy is None:
            action = int((rng or np.random.default_rng(seed)).choice(np.flatnonzero(observation["action_mask"])))
        else:
            action, step = policy.act(observation, rng)
            steps.append(step)
        observation, reward, done, _, _ = env.step(action)
    return steps, reward


def win_rate(game: str, players: int, opponent: str, policy: Policy | None, games: int) -> Rate:
    """Wins of the policy (seat 0 and 1 in turn) in `games` games against `opponent` bots."""
    envs = [SingleAgentEnv(game, players, seat=seat, opponents=opponent) for seat in range(players)]
    rng = np.random.default_rng(12345)
    wins = sum(
        episode(envs[n % players], policy, 10**6 + n, rng if policy is None else None)[1] > 0 for n in range(games)
    )
    return Rate(wins, games)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="four-big-strata")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--games", type=int, default=500, help="evaluation games per opponent")
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("build/rl/policy.npz"))
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    envs = [SingleAgentEnv(args.game, args.players, seat=seat, opponents="random") for seat in range(args.players)]
    space = envs[0].observation_space
    policy = Policy(space["observation"].shape[0], space["action_mask"].shape[0], rng)
    began, baseline, batch, wins = time.process_time(), 0.0, [], []
    for n in range(args.episodes):
        steps, reward = episode(envs[n % args.players], policy, args.seed * 10**7 + n, rng)
        batch += [(step, reward - baseline) for step in steps]
        baseline += 0.01 * (reward - baseline)
        wins.append(reward > 0)
        if (n + 1) % 16 == 0:
            policy.update(batch, args.rate, args.entropy)
            batch = []
        if (n + 1) % 200 == 0:
            print(f"episode {n + 1}: wins against random over the last 200: {np.mean(wins[-200:]):.2f}", flush=True)
    trained = time.process_time() - began
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, **policy.params)
    print(f"\n{args.game}, {args.players} players: {args.episodes} training games in {trained:.0f} CPU-seconds")
    print(f"\n| policy | against random ({args.games} games) | against the heuristic ({args.games} games) |")
    print("| --- | --- | --- |")
    for name, who in (("trained", policy), ("random", None)):
        rates = [win_rate(args.game, args.players, opponent, who, args.games) for opponent in ("random", "heuristic")]
        print(f"| {name} | {rates[0].describe()} | {rates[1].describe()} |")


if __name__ == "__main__":
    main()
