
import cv2
import numpy as np
import pytest

from vision import Calibration, OcclusionGate

CAL = "2024-03-16_23_35_04_frame2.jpg"
CLEAR = ["2024-03-16_23_35_04_frame3.jpg", "2024-03-16_23_35_04_frame9.jpg", "2024-03-16_23_35_04_frame10.jpg"]
HAND = "2024-03-16_23_35_04_frame7.jpg"


@pytest.fixture(scope="module")
def gate(shared_data):
    folder = shared_data / "boards" / "gallbotond"
    cal = Calibration.from_image(folder / CAL, folder / (CAL + ".json"))
    return OcclusionGate(cal), folder


def test_hand_over_the_board_is_seen(gate):
    g, folder = gate
    assert g(cv2.imread(str(folder / HAND)))


@pytest.mark.parametrize("name", CLEAR)
def test_clear_frames_pass(gate, name):
    g, folder = gate
    assert not g(cv2.imread(str(folder / name)))


def test_a_drawn_arm_across_the_outline_is_seen(gate):
    g, folder = gate
    frame = cv2.imread(str(folder / CLEAR[0]))
    (x0, y0), (x1, y1) = g.calibration.outer[0], g.calibration.outer[2]
    arm = frame.copy()
    cv2.line(arm, (int((x0 + x1) / 2), 0), (int((x0 + x1) / 2), int((y0 + y1) / 2)), (120, 150, 200), 45)  # an arm: about a sixth of the board wide
    assert not g(frame) and g(arm)


def test_brightness_change_alone_is_not_a_hand(gate):
    g, folder = gate
    frame = cv2.imread(str(folder / CLEAR[1])).astype(np.float32)
    assert not g(np.clip(frame * 0.6 + 10, 0, 255).astype(np.uint8))


def test_motion_gate(gate):
    from vision import MotionGate

    g, folder = gate
    a = cv2.imread(str(folder / CLEAR[0]))
    b = cv2.imread(str(folder / CLEAR[1]))  # some moves later
    motion = MotionGate(g.calibration)
    assert motion(a)  # the first frame
    assert not motion(a)
    assert not motion(np.clip(a.astype(np.int16) + 12, 0, 255).astype(np.uint8))  # exposure only
    assert motion(cv2.imread(str(folder / HAND)))
    assert motion(b)  # checkers moved
    # (their cost is measured by bench/vision_speed.py, never by a timed test)



def test_a_scoresheet_against_the_frame_is_not_a_hand():
    """A scoresheet moved against the board between frames changes the table beside it and the
    outer part of the frame, but does not reach across the frame as an arm does (realistic
    boards, vision_styles seed 2 style 15: four of six frames taken for a hand). Drawn with the
    clutter as before (steady_clutter=False): the sheet must move between the frames, and there it
    moves with the checkers borne off."""
    from vision.render import random_style, random_view, render_frame  # noqa: PLC0415

    start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    bearing_in = (0, 2, 2, 2, 2, 3, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    hit = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1)
    rng = np.random.default_rng(2015)
    view = random_view(rng, random_style(rng), steady_clutter=False)
    g = OcclusionGate(Calibration.from_image(render_frame(start, start, view, rng=2015)[0]))
    frame, truth = render_frame(bearing_in, hit, view, rng=2015)  # (the sheet lies elsewhere than at the start)
    assert "scoresheet" in [c["item"] for c in truth["geometry"]["clutter"]]
    assert not g(frame)
    assert g(render_frame(bearing_in, hit, view, hand=True, rng=2015)[0])
