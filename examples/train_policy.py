"""Train a small policy on a meeple game with actor-critic policy gradient, in numpy, on the CPU.

One seat learns in meeple.rl's Gymnasium environment (`SingleAgentEnv`, the game's own
observation slots, `reward="margin"`: its final score minus the best other score) against
the chosen bots, taking every seat in turn; then the trained policy plays N games against
random bots and N against the game's heuristic, seats in turn, and its win rates are printed
with their 95% Wilson intervals, beside the uniformly random policy's in the same games (same
seeds), as a markdown table.

The network is as small as the action spaces are large: the observation's slots, squashed
(sign(x)·ln(1+|x|)), feed one hidden layer h = tanh(W x + c) of `HIDDEN` units; a move's
logit is b[a] + U[a]·h, a softmax over the legal moves (the mask) chooses, and a value
v = w·h + d estimates the final margin as the baseline. Each batch of games makes one Adam
step on Σ (G - v)·log π(a|x) + an entropy bonus - the value's squared error, G the game's
final margin over `scale` (no discount: one reward, at the end).

numpy alone, so `pip install meeple[rl]` is all it needs (docs/rl.md says why not torch).

    python examples/train_policy.py --game lotta-rome --players 2 --episodes 6000 --games 500
"""

import argparse
import time
from pathlib import Path

import numpy as np

from meeple.lab.stats import Rate
from meeple.rl import SingleAgentEnv

HIDDEN = 32
MOST_STEPS = 2000  # a game the learner has not finished in this many moves is cut (see `episode`)


def squash(x: np.ndarray) -> np.ndarray:
    return np.sign(x) * np.log1p(np.abs(x))


class Policy:
    """Logits b[a] + U[a]·h and value w·h + d, h = tanh(W x + c) (see the module docstring)."""

    def __init__(self, features: int, actions: int, rng: np.random.Generator) -> None:
        self.params = {
            "W": rng.normal(0, 1 / np.sqrt(features), (HIDDEN, features)).astype(np.float32),
            "c": np.zeros(HIDDEN, np.float32),
            "U": np.zeros((actions, HIDDEN), np.float32),
            "b": np.zeros(actions, np.float32),
            "w": np.zeros(HIDDEN, np.float32),
            "d": np.zeros(1, np.float32),
        }
        self.moments = {name: (np.zeros_like(p), np.zeros_like(p)) for name, p in self.params.items()}
        self.updates = 0

    def hidden(self, x: np.ndarray) -> np.ndarray:
        return np.tanh(self.params["W"] @ squash(x) + self.params["c"])

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """π over the legal moves."""
        logits = self.params["U"][legal] @ self.hidden(x) + self.params["b"][legal]
        logits = np.exp(logits - logits.max())
        return logits / logits.sum()

    def act(self, observation: dict, rng: np.random.Generator | None) -> tuple[int, tuple]:
        """A move drawn from the policy (its most likely move if `rng` is None), with what
        learning needs: (observation, legal indices, place of the move among them)."""
        legal = np.flatnonzero(observation["action_mask"])
        pi = self.probabilities(observation["observation"], legal)
        choice = int(np.argmax(pi)) if rng is None else int(rng.choice(len(legal), p=pi))
        return int(legal[choice]), (observation["observation"], legal, choice)

    def gradients(self, steps: list[tuple], returns: np.ndarray, entropy: float, value_weight: float) -> dict:
        """The gradient of the objective (module docstring) over a batch, the steps padded to
        the longest legal list so that numpy does each part for all steps at once."""
        p = self.params
        n, width = len(steps), max(len(legal) for _, legal, _ in steps)
        x = squash(np.stack([obs for obs, _, _ in steps]))
        legal = np.zeros((n, width), np.int64)
        present = np.zeros((n, width), bool)
        for k, (_, moves, _) in enumerate(steps):
            legal[k, : len(moves)] = moves
            present[k, : len(moves)] = True
        choice = np.array([c for _, _, c in steps])
        h = np.tanh(x @ p["W"].T + p["c"])
        rows = p["U"][legal]  # n x width x HIDDEN
        logits = np.where(present, np.einsum("nlk,nk->nl", rows, h) + p["b"][legal], -np.inf)
        pi = np.exp(logits - logits.max(axis=1, keepdims=True))
        pi /= pi.sum(axis=1, keepdims=True)
        value = h @ p["w"] + p["d"][0]
        advantage = returns - value
        g = -pi * advantage[:, None]  # d/dlogits of advantage * log pi(choice)
        g[np.arange(n), choice] += advantage
        log_pi = np.log(np.where(present, pi, 1.0))
        g += entropy * -pi * (log_pi - (pi * log_pi).sum(axis=1, keepdims=True))
        g = np.where(present, g, 0.0).astype(np.float32)
        grads = {name: np.zeros_like(param) for name, param in p.items()}
        np.add.at(grads["b"], legal, g)
        np.add.at(grads["U"], legal, g[:, :, None] * h[:, None, :])
        value_step = value_weight * advantage  # ascent on -½(G - v)²
        grads["w"] = value_step @ h
        grads["d"][0] = value_step.sum()
        dh = np.einsum("nl,nlk->nk", g, rows) + value_step[:, None] * p["w"]
        pre = dh * (1 - h * h)
        grads["W"] = pre.T @ x
        grads["c"] = pre.sum(axis=0)
        return {name: grad / n for name, grad in grads.items()}

    def update(self, grads: dict, rate: float) -> None:
        """One Adam ascent step."""
        self.updates += 1
        for name, grad in grads.items():
            first, second = self.moments[name]
            first *= 0.9
            first += 0.1 * grad
            second *= 0.999
            second += 0.001 * grad * grad
            corrected = (first / (1 - 0.9**self.updates)) / (np.sqrt(second / (1 - 0.999**self.updates)) + 1e-8)
            self.params[name] += (rate * corrected).astype(np.float32)


def episode(env: SingleAgentEnv, policy: Policy | None, seed: int, rng: np.random.Generator | None) -> tuple:
    """One game: (the learner's steps, its final reward, its share of the win). No policy:
    uniformly random legal moves; `rng` None: the policy's most likely moves."""
    observation, _ = env.reset(seed=seed)
    steps, done, reward = [], False, 0.0
    draw = rng or np.random.default_rng(seed)
    for _ in range(MOST_STEPS):
        if done:
            break
        if policy is None:
            action = int(draw.choice(np.flatnonzero(observation["action_mask"])))
        else:
            action, step = policy.act(observation, rng)
            steps.append(step)
        observation, reward, done, _, _ = env.step(action)
    if not done:
        return steps, min(reward, 0.0), 0.0
    aec = env.aec
    winners = aec.game.result(aec.state).winner_seats
    return steps, reward, (1 / len(winners) if env.seat in winners else 0.0)


def win_rate(game: str, players: int, opponent: str, policy: Policy | None, games: int, greedy: bool) -> Rate:
    """The policy's wins (a shared win counts 1/k) in `games` games against `opponent` bots,
    seats in turn; the same seeds for every policy."""
    envs = [SingleAgentEnv(game, players, seat=seat, opponents=opponent) for seat in range(players)]
    rng = None if greedy else np.random.default_rng(12345)
    wins = sum(episode(envs[n % players], policy, 10**6 + n, rng)[2] for n in range(games))
    return Rate(wins, games)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="lotta-rome")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=6000, help="training games")
    parser.add_argument("--games", type=int, default=500, help="evaluation games per opponent")
    parser.add_argument("--opponents", default="random", help="the training bots (comma-separated: in turn)")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--entropy", type=float, default=0.003)
    parser.add_argument("--value-weight", type=float, default=0.5)
    parser.add_argument("--scale", type=float, default=10.0, help="the margin that counts as 1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("build/rl/policy.npz"))
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    bots = args.opponents.split(",")
    envs = [
        [SingleAgentEnv(args.game, args.players, seat=seat, opponents=bot, reward="margin") for bot in bots]
        for seat in range(args.players)
    ]
    space = envs[0][0].observation_space
    policy = Policy(space["observation"].shape[0], space["action_mask"].shape[0], rng)
    began, steps, returns, wins = time.process_time(), [], [], []
    for n in range(args.episodes):
        env = envs[n % args.players][(n // args.players) % len(bots)]
        taken, reward, won = episode(env, policy, args.seed * 10**7 + n, rng)
        steps += taken
        returns += [reward / args.scale] * len(taken)
        wins.append(won)
        if (n + 1) % args.batch == 0:
            policy.update(policy.gradients(steps, np.array(returns), args.entropy, args.value_weight), args.rate)
            steps, returns = [], []
        if (n + 1) % 500 == 0:
            print(
                f"game {n + 1}: wins over the last 500 {np.mean(wins[-500:]):.2f}, "
                f"{time.process_time() - began:.0f} CPU-s",
                flush=True,
            )
    trained = time.process_time() - began
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, **policy.params)
    print(f"\n{args.game}, {args.players} players: {args.episodes} training games in {trained:.0f} CPU-seconds")
    print(f"\n| policy | against random ({args.games} games) | against the heuristic ({args.games} games) |")
    print("| --- | --- | --- |")
    rows = (("trained, most likely move", policy, True), ("trained, drawn", policy, False), ("random", None, False))
    for name, who, greedy in rows:
        rates = [win_rate(args.game, args.players, bot, who, args.games, greedy) for bot in ("random", "heuristic")]
        print(f"| {name} | {rates[0].describe()} | {rates[1].describe()} |", flush=True)
    print(f"\n{time.process_time() - began:.0f} CPU-seconds in all")


if __name__ == "__main__":
    main()
