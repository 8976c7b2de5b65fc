"""examples/train_policy.py runs end to end (a few games: its result is in docs/rl.md) and its
REINFORCE step raises the probability of a rewarded move."""

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
    _example().main(["--game", "round-table", "--episodes", "16", "--games", "4", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "| trained |" in printed and "| random |" in printed
    assert set(np.load(out)) == {"V", "U", "b"}


def test_a_rewarded_move_becomes_more_likely() -> None:
    example = _example()
    policy = example.Policy(8, 5, np.random.default_rng(0))
    x, legal = np.ones(8, np.float32), np.array([1, 3, 4])
    before, hidden = policy.probabilities(x, legal)
    for _ in range(5):
        pi, hidden = policy.probabilities(x, legal)
        policy.update([((x, legal, pi, hidden, 2), 1.0)], rate=0.05, entropy=0.0)
    assert policy.probabilities(x, legal)[0][2] > before[2] + 0.1
