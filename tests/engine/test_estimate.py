"""LinearModel: each feature weighed by `a + b * progress`, the weights at a progress remembered."""

import pytest

from meeple.engine.estimate import LinearModel

MODEL = LinearModel(names=("score", "money"), weights=(1.0, 2.0, 4.0, 0.5, -0.5), spread=(4.0, 2.0))


def test_scores_weigh_each_feature_by_its_weight_at_the_progress() -> None:
    estimate = MODEL.estimate([[3.0, 10.0], [0.0, 2.0]], 0.5)
    # Weights at progress 0.5: score 2 + 4 * 0.5 = 4, money 0.5 - 0.5 * 0.5 = 0.25.
    assert estimate.scores == [1.0 + 3.0 * 4.0 + 10.0 * 0.25, 1.0 + 2.0 * 0.25]
    assert estimate.spread == 3.0
    assert not estimate.team


def test_a_remembered_progress_gives_what_a_new_one_does() -> None:
    rows = [[1.5, 7.0]]
    first = [MODEL.estimate(rows, progress / 8).scores for progress in range(9)]
    again = [MODEL.estimate(rows, progress / 8).scores for progress in range(9)]
    other = LinearModel(names=MODEL.names, weights=(0.0, 1.0, 0.0, 1.0, 0.0), spread=(1.0, 1.0))
    assert again == first
    assert other.estimate(rows, 0.25).scores == [8.5]  # another model's weights are its own


def test_a_row_of_the_wrong_width_is_refused() -> None:
    with pytest.raises(ValueError, match="a row of 3 features for a model of 2"):
        MODEL.estimate([[1.0, 2.0, 3.0]], 0.5)


def test_models_made_and_dropped_in_turn_each_get_their_own_weights() -> None:
    # The weights at a progress are remembered by the model's id; a model made after another was
    # dropped may take its address, and must still be weighed by its own weights.
    for weight in range(1, 50):
        model = LinearModel(names=("x",), weights=(0.0, float(weight), 0.0), spread=(1.0, 1.0))
        assert model.estimate([[1.0]], 0.5).scores == [float(weight)]
        del model
