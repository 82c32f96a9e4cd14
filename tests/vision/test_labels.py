import json

import pytest

from vision import labels
from vision.errors import LabelError


def _label(top=None, bottom=None, **extra):
    empty = [[None, 0] for _ in range(12)]
    return {"rotate": 0, "top": top or list(empty), "bottom": bottom or list(empty), **extra}


def test_load_validates_rows(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps(_label(top=[[None, 0]] * 11)))
    with pytest.raises(LabelError, match="top"):
        labels.load(path)
    path.write_text(json.dumps(_label(top=[["red", 0]] + [[None, 0]] * 11)))
    with pytest.raises(LabelError, match="top 1"):
        labels.load(path)
    path.write_text("{nope")
    with pytest.raises(LabelError, match="not JSON"):
        labels.load(path)


def test_dumps_round_trips_and_keeps_pairs_on_one_line():
    label = _label(top=[["red", 2]] + [[None, 0]] * 11, dice=[{"pips": 3, "box": [1, 2, 3, 4]}])
    text = labels.dumps(label)
    assert '["red", 2]' in text and "[1, 2, 3, 4]" in text
    assert json.loads(text) == label


def test_colours_in_order_of_first_appearance():
    label = _label(top=[[None, 0], ["green", 1]] + [[None, 0]] * 10, bottom=[["red", 1]] + [[None, 0]] * 11)
    assert labels.colours(label) == ["green", "red"]


def test_compare_maps_colour_names_and_skips_uncertain_points():
    truth = _label(top=[["red", 2], ["green", 3]] + [[None, 0]] * 10, uncertain=["top 2: hidden"])
    read = _label(top=[["A", 2], ["B", 1]] + [[None, 0]] * 10)
    score = labels.compare(read, truth)
    assert (score.scored, score.right, score.board_right) == (23, 23, True)
    read["top"][0] = ["A", 3]
    score = labels.compare(read, truth)
    assert not score.board_right and score.wrong == ("top 1: read A 3, label red 2",)


def test_uncertain_points_parsed():
    assert labels.uncertain_points({"uncertain": ["top 12: x", "bottom 1: y", "junk"]}) == {("top", 11), ("bottom", 0)}

def test_bar_right_maps_colour_names_as_the_points_do():
    truth = _label(top=[["red", 2], ["green", 3]] + [[None, 0]] * 10, bar={"red": 1, "green": 0})
    read = _label(top=[["A", 2], ["B", 3]] + [[None, 0]] * 10, bar={"A": 1, "B": 0})
    assert labels.bar_right(read, truth)
    assert not labels.bar_right(dict(read, bar={"A": 0, "B": 1}), truth)
    assert not labels.bar_right(dict(read, bar={"A": 1, "B": 12}), truth)  # a bar read as a stack of checkers
    assert labels.bar_right(dict(read, bar={"A": 1}), truth)  # a colour not named: none there
