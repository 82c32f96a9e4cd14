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


def test_a_run_to_the_middle_is_joined_across_the_faces_the_colour_model_takes_for_a_point():
    # a run of beige checkers leaning on each other on a red point (bench/vision_styles.py seed 2
    # labelled, style 26): each face's middle is as light as a cream point and the colour model
    # shows only the rims, a little over half a checker apart. Whether the run reaches the middle
    # (and is counted by the spacing of its checkers, recount_long_stacks) joins such gaps; the
    # stack's length read by colour does not (a speck half a checker past a stack is no checker)
    rims = [(k * 24, k * 24 + 8) for k in range(8)]
    assert checkers.stack_extent(_profile(rims, 200)[0], 30) == 8
    assert checkers.stack_extent(_profile(rims, 200)[0], 30, 0.6) == 7 * 24 + 8
    # a die or a shadow a checker past the stack is not part of it either way
    assert checkers.stack_extent(_profile([(0, 60), (90, 110)])[0], 30, 0.6) == 60


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


def test_fit_pitch_fits_no_offset_where_neither_row_tells_its_own():
    # bench/vision_styles.py seed 0 labelled style 1: a five on the top row (156 px), a two on the
    # bottom (60 px), nothing else to fit on. A pitch and two offsets fit any such pair exactly, and
    # least squares took the smallest numbers: pitch 30, the top row's offset 6, every joint of
    # that row 6 px past where it lies (its white stacks on white points went unread by their rims).
    # A calibration (rows_told) takes the stacks' length per checker, with no offset
    pitch, (top, bottom) = checkers.fit_pitch([5, 2], [156.0, 60.0], ["top", "bottom"], 32.0, rows_told=True)
    assert abs(pitch - 30.6) < 1e-6 and top == bottom == 0.0
    # (the photo reader keeps the least squares its checks of the fit were made on)
    pitch, (top, bottom) = checkers.fit_pitch([5, 2], [156.0, 60.0], ["top", "bottom"], 32.0)
    assert abs(pitch - 30.0) < 1e-6 and abs(top - 6.0) < 1e-6 and abs(bottom) < 1e-6
    # a row whose stacks differ in count tells its offset, and each row keeps its own
    pitch, (top, bottom) = checkers.fit_pitch([5, 2, 3], [156.0, 63.0, 88.0], ["top", "top", "bottom"], 32.0,
                                              rows_told=True)
    assert abs(pitch - 31.0) < 1e-6 and abs(top - 1.0) < 1e-6 and abs(bottom + 5.0) < 1e-6


def test_lookup_table_classes_nearest_centroid():
    cents = ((0, 240.0, 128.0, 128.0), (1, 120.0, 180.0, 160.0), (2, 150.0, 90.0, 170.0))
    lut_class, lut_dist = checkers.build_lut(cents)
    img = np.array([[[250, 250, 250], [30, 30, 200], [40, 180, 60]]], np.uint8)  # white, red, green (BGR)
    assert lut_class[checkers.bin_index(img)].tolist() == [[0, 1, 2]]


def test_name_colour():
    assert checkers.name_colour((130, 180, 160)) == "red"
    assert checkers.name_colour((160, 90, 170)) == "green"
    assert checkers.name_colour((240, 128, 128)) == "white"


# ---------------------------------------------------------------- light and the bar's own colours
def test_fit_light_recovers_a_smooth_gain_across_two_board_colours():
    rng = np.random.default_rng(1)
    xs, ys = rng.uniform(-0.5, 0.5, 3000), rng.uniform(-0.5, 0.5, 3000)
    group = rng.integers(0, 2, 3000)
    field = np.array([0.3, -0.2, -0.25, 0.0, 0.1])  # brighter to the right, darker at the top
    gray = np.where(group == 0, 200.0, 90.0) * np.exp(checkers._light_basis(xs, ys) @ field)
    gray[:100] = 250.0  # some checkers taken for board: trimmed away
    got = checkers.fit_light(gray, xs, ys, group, 2)
    assert got is not None and np.abs(got - field).max() < 0.02
    # far more than a lamp can do across a board is not light
    assert checkers.fit_light(gray * np.exp(3 * xs), xs, ys, group, 2) is None


def _board_read_right(style, light=0.3, rng_cal=3, flatten=True):
    import dataclasses

    from vision import BoardReader, Calibration, labels, render

    start = [0] * 25
    for point, n in {24: 2, 13: 5, 8: 3, 6: 5}.items():
        start[point - 1] = n
    view = render.BoardView(style=style, perspective=0.0, size=(640, 360), light=light)
    cal = Calibration.from_image(render.render_frame(start, start, view, rng=rng_cal)[0])
    p0 = (0, 2, 2, 2, 0, 3, 0, 2, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    p1 = (1, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)
    reader = BoardReader(cal if flatten else dataclasses.replace(cal, light=False), read_dice=False)
    right = []
    for seed in range(4):  # the light falls from another side in every frame
        image, truth = render.render_frame(p0, p1, view, rng=10 + seed)
        right.append(labels.compare(reader.read(image).to_label_dict(), truth).board_right)
    return cal, right


def test_white_checkers_on_grey_points_under_a_lamp():
    # a white checker in the dark corner is as dark as a grey point under the lamp: only with the
    # light taken out are the two told apart everywhere
    from vision import render

    style = render.BoardStyle(
        name="grey", table=(70, 90, 110), frame=(20, 60, 20), area=(165, 117, 67),
        points=((188, 186, 187), (99, 143, 94)), point_outline=None, bar=(20, 60, 20),
        checkers=((230, 232, 235), (40, 40, 185)), checker_names=("white", "red"),
        checker_rim=((161, 162, 164), (28, 28, 130)))
    cal, right = _board_read_right(style, light=0.3)
    assert cal.light and all(right)
    assert not all(_board_read_right(style, light=0.3, flatten=False)[1])  # the light left in


def test_a_dark_bar_and_black_checkers():
    # the bar is nearly the black checkers' colour: it is board on the bar only
    from vision import render

    style = render.BoardStyle(
        name="dark bar", table=(140, 120, 130), frame=(30, 20, 25), area=(45, 100, 41),
        points=((126, 201, 176), (75, 146, 53)), point_outline=None, bar=(30, 20, 25),
        checkers=((40, 40, 185), (30, 30, 30)), checker_names=("red", "black"),
        checker_rim=((28, 28, 130), (21, 21, 21)))
    cal, right = _board_read_right(style)
    assert any(c[0] == checkers.BAR for c in cal.centroids) and all(right)


def test_white_checkers_on_white_points_are_counted_from_their_rims():
    # the checkers are the colour of every other point: there only their rims show them
    from vision import render

    style = render.BoardStyle(
        name="white on white", table=(120, 120, 115), frame=(70, 120, 170), area=(115, 115, 110),
        points=((235, 235, 235), (140, 70, 30)), point_outline=None, bar=(70, 120, 170),
        checkers=((232, 234, 236), (50, 120, 40)), checker_names=("white", "green"),
        checker_rim=((150, 152, 155), (35, 85, 28)))
    cal, right = _board_read_right(style)
    light = 0 if cal.colours[0] != "green" else 1  # the colours are named as seen
    assert set(cal.rims) == {light}, (cal.colours, cal.rims)  # the only colour like a point's
    assert all(right)


def test_covered_joints_count_a_second_layer_by_the_filled_waists():
    import cv2

    pitch, H = 30.0, 320
    classes = np.zeros((H, 40), np.uint8)
    for k in range(5):  # a row of five along the top edge
        cv2.circle(classes, (20, int(15 + k * pitch)), 15, 1, -1)
    assert checkers.covered_joints(classes, (0, 40), "top", 1, pitch, 0.0, 5) == 0
    for k in range(2):  # two more lying over the first two joints
        cv2.circle(classes, (20, int(30 + k * pitch)), 15, 1, -1)
    assert checkers.covered_joints(classes, (0, 40), "top", 1, pitch, 0.0, 7) == 2


def test_a_clustering_asked_again_is_the_one_made_before_and_its_centres_are_the_callers_own():
    # a calibration clusters the same pixels again for each way it tries: the result is kept, so the
    # answer must not depend on whether it was kept, nor a caller's change to it reach the next caller
    rng = np.random.default_rng(5)
    pixels = np.concatenate([rng.normal(m, 2.0, (400, 3)) for m in (20.0, 60.0, 110.0)]).astype(np.float32)
    checkers._KMEANS_KEPT.clear()
    first = checkers._kmeans(pixels, 3)
    made = first.copy()
    first[:] = -1.0  # the caller's own array
    again = checkers._kmeans(pixels.copy(), 3)
    assert np.array_equal(again, made)
    checkers._KMEANS_KEPT.clear()
    assert np.array_equal(checkers._kmeans(pixels, 3), made)  # as clustered afresh
