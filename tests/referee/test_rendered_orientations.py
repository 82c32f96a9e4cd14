"""R1 through rendered frames and the real vision: the set-up is recognised whichever corner
holds player 0's home, and the right half of each seat follows the calibration (R8)."""
import pytest

import engine
from referee import adapters
from referee.demo import DEMO_OPTIONS, Director
from referee.simulated import BoardOnlyPipeline, Camera, RecordingDisplay, RecordingSignals, Scene
from referee.table import open_table
from vision.errors import VisionError

ORIENTATIONS = ("bottom right", "bottom left", "top right", "top left")


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_r1_set_up_any_orientation_then_a_legal_move(tmp_path, orientation):
    start = Scene(sides=adapters.sides_of(engine.Position.start()))
    camera = Camera(style="paper", orientation=orientation, seed=3)
    try:
        pipeline = BoardOnlyPipeline(camera, start)
    except VisionError as exc:
        pytest.fail(f"the vision cannot calibrate the {orientation} board: {exc}")
    table = open_table(tmp_path / "j.jsonl", match_options=DEMO_OPTIONS, players=("Ann", "Bob"),
                       clock=lambda: 0.0, signals=RecordingSignals(), display=RecordingDisplay(),
                       right_half_of=pipeline.right_half_of)
    d = Director(table, pipeline)
    d.set_up()
    assert table.phase == "opening"
    # the referee's player 0 is the calibration's: the player at the bottom, whose right is the
    # image's right
    assert pipeline.right_half_of(0) == "right half" and pipeline.right_half_of(1) == "left half"
    assert pipeline.swap == orientation.startswith("top")
    d.opening(4, 2)
    d.move_to(table.state.position.play("8/4 6/4"))
    d.lift()
    assert [v["verdict"] for v in table.verdicts] == ["legal"]
