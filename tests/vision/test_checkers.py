import numpy as np

from vision import checkers


def _profile(occupied_rows, length=120):
    p = np.zeros((2, length))
    for a, b in occupied_rows:
        p[0, a:b] = 1.0
    return p


def test_stack_extent_joins_small_gaps_and_stops_at_large_ones():
    assert checkers.stack_extent(_profile([(0, 30), (32, 60)])[0], 30) == 60
    assert checkers.stack_extent(_profile([(0, 30), (80, 100)])[0], 30) == 30
    assert checkers.stack_extent(_profile([(50, 80)])[0], 30) == 0  # not standing at the edge


def test_read_columns_counts_from_pitch_and_offset():
    profiles = {("top", 0): _profile([(0, 90)]), ("bottom", 0): _profile([(0, 95)])}
    out = checkers.read_columns(profiles, 30.0, (0.0, 5.0), ("red", "green"))
    assert out[("top", 0)][:2] == ("red", 3)
    assert out[("bottom", 0)][:2] == ("red", 3)
    assert out[("top", 0)][2] > 0.9
    empty = checkers.read_columns({("top", 1): _profile([])}, 30.0, (0.0, 0.0), ("red", "green"))
    assert empty[("top", 1)][:2] == (None, 0)


def test_fit_pitch_learns_separate_row_offsets():
    counts = [2, 4, 3, 5, 1]
    rows = ["top", "top", "bottom", "bottom", "bottom"]
    extents = [30 * n + (4 if r == "top" else -6) for n, r in zip(counts, rows)]
    pitch, (top, bottom) = checkers.fit_pitch(counts, extents, rows, 32.0)
    assert abs(pitch - 30) < 1e-6 and abs(top - 4) < 1e-6 and abs(bottom + 6) < 1e-6


def test_lookup_table_classes_nearest_centroid():
    cents = ((0, 240.0, 128.0, 128.0), (1, 120.0, 180.0, 160.0), (2, 150.0, 90.0, 170.0))
    lut_class, lut_dist = checkers.build_lut(cents)
    img = np.array([[[250, 250, 250], [30, 30, 200], [40, 180, 60]]], np.uint8)  # white, red, green (BGR)
    assert lut_class[checkers.bin_index(img)].tolist() == [[0, 1, 2]]


def test_name_colour():
    assert checkers.name_colour((130, 180, 160)) == "red"
    assert checkers.name_colour((160, 90, 170)) == "green"
    assert checkers.name_colour((240, 128, 128)) == "white"
