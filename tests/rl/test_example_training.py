"""examples/train_policy.py runs end to end (a few games: its result is in docs/rl.md), and its
actor-critic step raises the probability of a move whose game beat the value estimate and
moves the value towards the return."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_policy.py"


def _example():
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_saves_and_evaluates(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "policy.npz"
    _example().main(["--episodes", "4", "--batch", "2", "--games", "2", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "| trained, most likely move |" in printed and "| random |" in printed
    assert set(np.load(out)) == {"W", "c", "U", "b", "w", "d"}


def test_a_rewarded_move_becomes_more_likely_and_the_value_follows() -> None:
    example = _example()
    policy = example.Policy(8, 5, np.random.default_rng(0))
    x, legal = np.ones(8, np.float32), np.array([1, 3, 4])
    before = policy.probabilities(x, legal)
    for _ in range(20):
        grads = policy.gradients([(x, legal, 2)], np.array([1.0]), entropy=0.0, value_weight=1.0)
        policy.update(grads, rate=0.05)
    assert policy.probabilities(x, legal)[2] > before[2] + 0.1
    value = float(policy.hidden(x) @ policy.params["w"] + policy.params["d"][0])
    assert abs(value - 1.0) < 0.5, f"the value {value} did not move from 0 towards the return 1"
