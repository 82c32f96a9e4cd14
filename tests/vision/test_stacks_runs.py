"""Light checkers on a light point seen only by their rims: where the run of rims ends.

Synthetic brightness lines and columns (fast, exact): a checker's face is as bright as its point,
each checker ends in a thin dark rim.
"""
import numpy as np

from vision import checkers

PITCH = 20.0


def rims_line(rims, length, face=200.0, rim=150.0, width=2):
    """A bright line with a thin dark rim at each position."""
    line = np.full(length, face)
    for r in rims:
        line[int(r): int(r) + width] = rim
    return line


def test_flat_faced_checkers_run_on_past_a_face_with_no_ring():
    # five touching checkers with plain faces: the gaps between their rims are 0.9 of a checker
    line = rims_line([0] + [PITCH * k for k in range(1, 6)], 160)
    end = checkers.rim_run_end(line, PITCH, 0.0)
    assert abs(end - 5 * PITCH) <= 0.25 * PITCH


def test_a_faint_line_past_the_last_rim_is_not_a_checker():
    line = rims_line([0] + [PITCH * k for k in range(1, 5)], 160)
    line[int(4 * PITCH) + 12: int(4 * PITCH) + 14] = 188  # the last checker's shadow, far fainter than a rim
    end = checkers.rim_run_end(line, PITCH, 0.0)
    assert abs(end - 4 * PITCH) <= 0.25 * PITCH


def test_a_long_gap_still_ends_the_run():
    line = rims_line([0, PITCH, 2 * PITCH, 3.5 * PITCH], 160)  # a checker and a half with no rim
    end = checkers.rim_run_end(line, PITCH, 0.0)
    assert abs(end - 2 * PITCH) <= 0.25 * PITCH


def _column(half: int, rims_whole, other=120.0):
    """A gray image one point wide, whose top point holds light checkers with rims at rims_whole
    (along the whole column from the top edge); past the last rim the felt is darker."""
    H = 2 * half
    line = rims_line([0] + list(rims_whole), H)
    line[int(rims_whole[-1]) + 2:] = other
    return np.repeat(line[:, None], 20, axis=1).astype(np.uint8)


def test_a_light_run_to_the_middle_is_counted_along_the_whole_column():
    # six overlapping checkers (17 px apart, the learnt checker 20 px): the sixth lies across the
    # middle of the board (row 104), so the top half shows most of its face but not its far rim
    joints = [20 + 17 * k for k in range(5)]  # 20 .. 88; the last checker ends at 108
    gray = _column(104, joints + [108])
    read = {("top", 0): (None, 0, 1.0)}
    got = checkers.rim_counts(read, gray, [(0, 20)], PITCH, (0.0, 0.0), ("white", "black"), (0, 0, 0, 0))
    assert got[("top", 0)][:2] == ("white", 6)


def test_a_run_of_five_ending_before_the_middle_stays_five():
    gray = _column(110, [20.0 * k for k in range(1, 6)])  # touching, ending 10 rows before the middle
    read = {("top", 0): (None, 0, 1.0)}
    got = checkers.rim_counts(read, gray, [(0, 20)], PITCH, (0.0, 0.0), ("white", "black"), (0, 0, 0, 0))
    assert got[("top", 0)][:2] == ("white", 5)


def test_a_run_whose_first_near_rim_lies_past_the_edge_is_still_seen():
    # the near row of a tilted board: the row's offset is negative (the first checker starts 5 px
    # before the canonical edge), so its near rim is not in the picture and the first line seen is
    # the second checker's near rim, 0.8 of a checker in; seven overlapping 16 px apart
    off = -5.0
    rims = [off + 16 * k for k in range(1, 7)] + [off + 16 * 6 + PITCH]  # the last one's far rim too
    line = rims_line(rims, 200)
    end = checkers.rim_run_end(line, PITCH, off)
    assert abs(end - (off + 16 * 6 + PITCH)) <= 0.25 * PITCH


def test_no_run_starts_more_than_a_checker_from_the_edge():
    # lines a checker and a half in (a point's tip, a pattern in the felt) are no stack's rims
    line = rims_line([1.5 * PITCH + 16 * k for k in range(4)], 200)
    assert checkers.rim_run_end(line, PITCH, 0.0) == 0.0


def test_a_run_pushed_together_goes_on_past_one_joint_too_faint_to_see():
    # bench/vision_styles.py seed 6 style 12 position 4: eight beige checkers pushed together to the
    # middle on a cream point, 0.65 of a checker apart; one joint (the second) shows no rim, and the
    # run of rims ended at the first checker (read 1 for 8). The gap is two of the run's steps and
    # evenly spaced rims follow it: the run goes on
    step = 13.0
    rims = [0.0, step] + [step * k for k in range(3, 10)] + [step * 8 + PITCH]
    end = checkers.rim_run_end(rims_line(rims, 200), PITCH, 0.0)
    assert abs(end - (step * 8 + PITCH)) <= 0.25 * PITCH


def test_a_gap_is_bridged_only_by_rims_at_the_run_s_own_step():
    step = 13.0
    # three steps missing (no one faint joint), and rims too few or uneven past a two-step gap
    for rims in ([0.0, step] + [step * k for k in range(5, 10)],
                 [0.0, step, 3 * step, 4 * step],
                 [0.0, step, 3 * step, 4 * step + 5, 5 * step - 2, 6 * step + 6]):
        end = checkers.rim_run_end(rims_line(rims, 200), PITCH, 0.0)
        assert abs(end - (step + 2)) <= 0.25 * PITCH, rims


def _faint_run(length: int, step: float = 13.0):
    """Eight checkers pushed together, `step` apart from the edge: the first four joints plain, the
    rest faint (the colour of the point, in a shadow), the last checker's far rim too."""
    line = rims_line([step * k for k in range(4)], length)
    for r in [step * k for k in range(4, 8)] + [step * 7 + PITCH]:
        line[int(r): int(r) + 2] = 192.0
    return line


def test_checkers_pushed_together_are_followed_by_their_faint_rims_to_the_middle():
    # bench/vision_styles.py seed 6 style 7 position 1: eight red checkers pushed together on a
    # cream point; past the third joint their rims stand out less than the run's bar, and the run
    # ended there (read 1 for 8). Rims closer than a checker's step run to the middle: followed
    # one step at a time, they reach it
    line = _faint_run(114)
    plain = checkers.rim_run_ends(line[None, :], PITCH, [0.0])[0]
    assert plain < 4 * 13.0 + 4
    end = checkers.rim_run_ends(line[None, :], PITCH, [0.0], to_middle=True)[0]
    assert abs(end - (13.0 * 7 + PITCH + 1)) <= 2


def test_faint_rims_that_stop_short_of_the_middle_are_not_followed():
    line = _faint_run(200)  # the same stack, with the middle far beyond its last rim
    assert checkers.rim_run_ends(line[None, :], PITCH, [0.0], to_middle=True)[0] < 4 * 13.0 + 4
