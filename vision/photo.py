"""Read any board from one photo with no calibration (issue 10).

Stages: the photo is checked (too dark, no board, cut off by the picture's edge, seen too steeply:
UnreadablePhotoError says which) and scaled to at most WORK_SIZE; the board and its playing area
are found as for a calibration, and the canonical rectangle is given the board's true proportions
from its perspective. At the base of every point lies either the point's own colour or a checker:
a point colour is common in its parity class of columns and rare in the other, so the bases far
from it are checkers, split in two colours. The first checker of every stack teaches the colour
model; the pitch is fitted so that every stack's length is a whole number of checkers, near the
step the stacks' brightness repeats at (stack_period: a checker's rims and highlights, once a
checker), else near the first checkers' width across the column (checkers are round), and longer
than the step of stacks pushed together to the middle, counted as often as they repeat
(pushed_stacks: seven or more overlapping there tell their count, not the step); a stack the
colour model cut short at its first checker (checkers the colour of their point) is counted to the
end of its run of rims (rims_extended); the label
so read teaches the colour model and pitch again (a refitted pitch that strays from the step is
not taken) and the checkers' faces (the reader counts by them a checker nearly its point's
colour, as with a calibration), and the BoardReader reads the photo with that calibration. When
the bases that show a checker show one colour only, the other side's checkers all stand on points
of their own colour: their stacks are found by their rims (hidden_stacks). There is
no read-back check: nothing is known of the position to check against. Of the candidate playing
areas (from the point triangles, from the frame band, the two crossed; each with its rows' edges
snapped to where the points begin, and each made even about its bar; where the best of them fits
poorly, those in the outlines the outline finder's other ways find too: other_layouts), the one
whose columns fit the points best is read (layout_fit), and those
that fit nearly as well after it when its reading is impossible; one whose neighbouring bases
pair up (paired: columns half a point wide, half a board found and taken turned for the whole,
as when an arm breaks the other half's outline) is never read. A hand or arm crossing the
board's edge (vision.hands: a long run along a side of the edge unlike the rest of that side, within
the outline too) or a board whose outline an arm breaks (vision.outline.locate_board: covered) or
pulls to the picture's edge at one corner (locate_photo) gives a Reading with hand_in_view and no
points, never a guess. Which way the board lies (its rows across the picture or along it) is told
by its true proportions (board_turn), not by its outline as seen.
"""
from __future__ import annotations

import collections
import dataclasses
import itertools
import logging

import cv2
import numpy as np

from . import checkers
from .calibration import (HOMES, Calibration, _base, _refine_columns, _runs, as_image, named_layouts,
                          pip_total, turn_corners)
from .hands import hand_score
from .outline import BoardOutline, _corners_on_edge, beyond_outline, locate_board, other_outlines
from .occlusion import ring_reference
from .errors import CalibrationError
from .reader import BoardReader, Reading
from .image import percentile_u8

log = logging.getLogger(__name__)


def _probe(base: dict, names=("a", "b"), centroids=()) -> Calibration:
    """A Calibration of the layout `base` for its geometry helpers (no colour model yet)."""
    return checkers.layout_probe(base, names, centroids)


def _canonical(image: np.ndarray, base: dict) -> tuple[np.ndarray, np.ndarray]:
    """The layout's playing area warped to its canonical rectangle, and its weighted Lab (H, W, 3):
    made once per layout, every stage reads them."""
    probe = _probe(base)
    W, H = probe.size
    canon = checkers.warp(image, probe.homography(), probe.size)
    return canon, checkers._weighted_lab(canon).reshape(H, W, 3)


def _bases(image: np.ndarray, base: dict, lab: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, list]:
    """Weighted-Lab colour at the base of each of the 24 points, the class map is not known yet,
    so also each column's Lab strip (edge first) for measuring stacks."""
    probe = _probe(base)
    W, H = probe.size
    if lab is None:
        lab = _canonical(image, base)[1]
    pw = _point_width(probe)
    means, strips = [], []
    for row in ("top", "bottom"):
        for col in range(12):
            x0, x1 = probe.column_span(col)
            a, b = x0 + int((x1 - x0) * 0.3), x1 - int((x1 - x0) * 0.3)
            strip = lab[: H // 2, a:b] if row == "top" else lab[H - H // 2:, a:b][::-1]
            strips.append(strip.mean(1))
            means.append(np.median(strip[int(pw * 0.2): int(pw * 0.7)].reshape(-1, 3), 0))
    return np.float32(means), pw, strips


SAME_COLOUR = 12.0  # weighted-Lab distance within which two base samples are one colour (shading)


def _checker_bases(means: np.ndarray, stacked: np.ndarray | None = None) -> tuple[np.ndarray, list]:
    """Which of the 24 point bases show a checker. Points alternate two colours along a row, the
    rows in step or one point apart, so a point colour is common in its parity class and rare in
    the other, while a checker colour shows in both (a colour holding more than half of a class
    is still told apart so). A base far from its class's point colour is a checker. Lightness
    counts half again here: light falls off across a board, so one point colour is darker in the
    far row than in the near one. `stacked` (24 bools, optional): bases whose centre line shows a
    run of rims from the board's edge (_rim_runs: a stack). Where two colours of a class are about
    as common (as many checkers of a colour like the point's on its points as the points left
    empty), the point's colour is the one whose bases show fewer stacks; so too where the most common
    colour's bases mostly but not all show stacks (STACKED_MOST: one side's checkers on most of a
    class's points, some of them single; rims on every one are the felt's texture) and another
    colour's, at least PLAIN_LEAST of them, show none."""
    full = means
    means = means * np.float32([0.5, 1.0, 1.0])
    same = np.array([(i % 12) % 2 for i in range(24)])
    shifted = np.array([(i % 12 + i // 12) % 2 for i in range(24)])
    near = np.sqrt(((means[:, None] - means[None]) ** 2).sum(-1)) < SAME_COLOUR
    best = None
    for parity in (same, shifted):
        point = np.zeros(24, bool)
        total = 0
        modes = []
        for v in (0, 1):
            idx = np.flatnonzero(parity == v)
            other = np.flatnonzero(parity != v)
            inside = near[np.ix_(idx, idx)].sum(1)
            score = inside - near[np.ix_(idx, other)].sum(1)
            j = int(np.lexsort((inside, score))[-1])
            total += int(score[j])  # (the parity is chosen on the most common colours)
            if stacked is not None:
                stacks = lambda r: float(stacked[idx][near[idx[r], idx]].mean())
                rivals = [r for r in np.flatnonzero(score >= score[j] - TIE)
                          if not near[idx[r], idx[j]]]  # (another colour about as common)
                if not rivals and STACKED_MOST < stacks(j) < 1.0:  # the most common colour's bases
                    rivals = [r for r in np.flatnonzero(inside >= PLAIN_LEAST)  # mostly show stacks (all
                              if not near[idx[r], idx[j]] and stacks(r) == 0.0]  # of them: the felt's
                    # texture); a colour whose bases show none (a side's checkers: some stand alone)
                if rivals:
                    k = min([j] + rivals, key=lambda r: (stacks(r), r != j, -int(inside[r])))
                    if stacks(k) < stacks(j):
                        j = k
            m = means[idx]
            mode = m[near[idx[j], idx]].mean(0)
            modes.append(full[idx][near[idx[j], idx]].mean(0))
            dist = np.sqrt(((m - mode) ** 2).sum(1))
            inl = dist < SAME_COLOUR
            spread = float(np.median(dist[inl])) if inl.any() else 0.0
            point[idx] = dist < max(SAME_COLOUR, 3.0 * spread)
            _row_lit(point, idx, means, mode, near, stacked)
        if best is None or total > best[0]:
            best = (total, point, modes)
    return ~best[1], best[2]


TIE = 1  # bases: colours of a parity class whose scores differ by at most this are about as common
STACKED_MOST = 0.5  # share of a class's most common colour's bases showing stacks beyond which it is a checker colour
PLAIN_LEAST = 3  # bases of a rival colour, none showing a stack, that make it the class's point colour then
ROW_LIT_LEAST = 3  # bases of a parity class in one row, alike and showing no stack, that may be its empty points
ROW_LIT_NEAR = 2 * SAME_COLOUR  # weighted Lab (lightness halved): how far their colour may lie from the class's


def _row_lit(point: np.ndarray, idx: np.ndarray, means: np.ndarray, mode: np.ndarray, near: np.ndarray,
             stacked: np.ndarray | None) -> None:
    """Marks in `point` the empty points of a parity class (base indices `idx`, its colour `mode`)
    in a row where none of its bases is that colour: the light there differs (a lamp nearer one
    row, so its points are lighter than the other's). The row's largest group of alike bases that
    show no run of rims (`stacked`) is its empty points when it holds at least ROW_LIT_LEAST and
    lies within ROW_LIT_NEAR of the class's colour (lightness halved: `means`, `near` as
    _checker_bases makes them); a checker of a colour like the point's there shows its rims, or
    stands alone among empty points that are the class's colour. Rows with one of the class's
    colour are left as they are."""
    if stacked is None:
        return
    for row in (0, 1):
        here = idx[idx // 12 == row]
        if point[here].any():
            continue
        plain = here[~stacked[here]]
        if len(plain) < ROW_LIT_LEAST:
            continue
        j = plain[int(np.argmax(near[np.ix_(plain, plain)].sum(1)))]
        group = plain[near[j, plain]]
        if len(group) >= ROW_LIT_LEAST and float(np.linalg.norm(means[group].mean(0) - mode)) < ROW_LIT_NEAR:
            point[group] = True


PAIRED = 0.5  # share of neighbouring bases alike beyond which a layout's columns are half points
HALF_POINTS = "columns are half points"  # (the reason, in a layout's error and the photo's)


class HalfPointsLayout(CalibrationError):
    """A layout whose columns are half points (paired): not the board."""


def paired(means: np.ndarray) -> bool:
    """Whether the 24 point bases (weighted Lab, _bases) pair up along their rows: more than PAIRED
    of the 22 neighbouring bases one colour. Neighbouring points alternate colours, and only
    neighbouring checkers of one colour are alike; a layout whose columns are half points (half a
    board taken for the board, turned: its triangles run along the rows) has runs of alike bases."""
    m = means * np.float32([0.5, 1.0, 1.0])  # (lightness counts half, as in _checker_bases)
    alike = [np.linalg.norm(m[r + 1: r + 12] - m[r: r + 11], axis=1) < SAME_COLOUR for r in (0, 12)]
    return float(np.concatenate(alike).mean()) > PAIRED


ONE_COLOUR = 2 * SAME_COLOUR  # weighted Lab: two colours of checker bases nearer than this are one
HIDDEN_RUN = 1.5  # point widths: a run of rims this long from the edge of a plain base is a stack


def hidden_stacks(ends: dict, pw: float, means: np.ndarray, shown: np.ndarray, point_colours) -> dict:
    """{base index: checkers} of the stacks of the checker colour no base shows: when every base
    that shows a checker shows one colour, the other side's checkers all stand on points of their
    own colour (their bases look empty). Such a stack still shows its rims, a thin line where each
    checker ends, in a run from the board's edge (checkers.rim_run_end) where an empty point shows
    none; the stacks so found on the point colour that holds most of them (the other colour's
    checkers are nearly one point colour, not both). `ends`, `pw`: _rim_runs of every base."""
    found = {i: end for i, end in ends.items() if not shown[i]}
    if not found:
        return {}
    kind = {i: int(np.argmin([np.linalg.norm(means[i] - np.float32(c)) for c in point_colours])) for i in found}
    own = max((0, 1), key=lambda k: sum(found[i] for i in found if kind[i] == k))
    return {i: max(1, int(round(end / pw))) for i, end in found.items() if kind[i] == own}


OWN_NEAR = ONE_COLOUR  # weighted Lab: a base this near a checker colour (and nearer it than the other's) may hold its stack


def own_colour_stacks(ends: dict, means: np.ndarray, shown: np.ndarray, centres) -> dict:
    """{base index: checker colour (0 or 1)} of the bases that look empty but may hold a stack of
    a checker colour the bases show (`centres`: the two), standing on a point of that colour: the
    base is nearly that colour, and its centre line shows a run of rims from the board's edge
    (`ends`: _rim_runs of every base) where an empty point shows none."""
    out = {}
    for i in ends:
        if shown[i]:
            continue
        d = [float(np.linalg.norm(means[i] - np.float32(c))) for c in centres]
        k = int(np.argmin(d))
        if d[k] < OWN_NEAR and d[1 - k] > d[k] + SAME_COLOUR:
            out[int(i)] = k
    return out


def canon_gray(canon: np.ndarray) -> np.ndarray:
    """A layout's warped playing area (BGR) in grey, float32: what the measures along its points'
    centre lines read (_rim_runs, pushed_stacks, stack_period; made once per layout)."""
    return cv2.cvtColor(canon, cv2.COLOR_BGR2GRAY).astype(np.float32)


def _rim_runs(gray: np.ndarray, base: dict) -> tuple[dict, dict, float]:
    """({base index: run length in pixels} of the bases whose centre line (in `gray`, canon_gray)
    shows a run of rims from the board's edge (checkers.rim_run_end) at least HIDDEN_RUN point
    widths long and short of the middle (a run to the middle: the points' tips), the same with
    the runs to the middle too, point width)."""
    probe = _probe(base)
    H = probe.size[1]
    pw = _point_width(probe)
    runs = {}
    for i in range(24):
        row, col = ("top" if i < 12 else "bottom"), i % 12
        line = checkers.centre_line(gray, probe.column_span(col), row)
        end = checkers.rim_run_end(line, pw, 0.0)
        if HIDDEN_RUN * pw <= end:
            runs[i] = end
    return {i: end for i, end in runs.items() if end < H / 2 - 0.5 * pw}, runs, pw


def photo_label(image: np.ndarray, base: dict, lab: np.ndarray | None = None,
                gray: np.ndarray | None = None) -> tuple[dict, tuple[str, str]]:
    """A first label of the photo: which points hold checkers of which colour, and how many. When
    the bases show one checker colour only, the other's stacks are those hidden_stacks finds
    (`gray`: the layout's warped playing area in grey, canon_gray, if made already)."""
    means, pw, strips = _bases(image, base, lab)
    if not np.isfinite(means).all():
        raise CalibrationError("the playing area found is too small to read its points")
    if paired(means):
        raise HalfPointsLayout(f"the layout's {HALF_POINTS} (neighbouring bases pair up): not the board")
    if gray is None:
        gray = canon_gray(_canonical(image, base)[0])
    ends, runs, _ = _rim_runs(gray, base)  # (its point width is _bases' too)
    checker, point_colours = _checker_bases(means, np.isin(np.arange(24), list(ends)))
    if checker.sum() < 1:
        raise CalibrationError("no checkers found at the points' bases")
    lab_ = np.full(24, -1)
    if checker.sum() >= 2:
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.5)
        cv2.setRNGSeed(1)
        _, two, centres2 = cv2.kmeans(means[checker], 2, None, criteria, 5, cv2.KMEANS_PP_CENTERS)
        lab_[checker] = two.ravel()
    else:  # one base shows a checker: the other side's stacks all stand on points of their colour
        centres2 = np.float32([means[checker][0], means[checker][0]])
        lab_[checker] = 0
    hidden = {}
    if float(np.linalg.norm(centres2[0] - centres2[1])) < ONE_COLOUR:  # the bases show one colour
        hidden = hidden_stacks(ends, pw, means, checker, point_colours)
        if not hidden:  # every such stack runs to the middle (or stands alone): its rims run there
            hidden = hidden_stacks(runs, pw, means, checker, point_colours)
        log.debug("checker bases of one colour; stacks of the other found by their rims: %s", hidden)
        if hidden:
            lab_[checker] = 0
            lab_[list(hidden)] = 1
            centres2 = np.float32([means[checker].mean(0), means[list(hidden)].mean(0)])
    own = {} if hidden else own_colour_stacks(ends, means, checker, centres2)
    centres = np.concatenate([centres2, means[~checker]]) if (~checker).any() else centres2
    checker_k = [0, 1]
    names = ("colour0", "colour1")
    rows = {"top": [], "bottom": []}
    for i in range(24):
        row = "top" if i < 12 else "bottom"
        k = int(lab_[i])
        if k not in checker_k:
            rows[row].append([None, 0])
            continue
        if i in hidden:  # (its colour is its point's: counted by its rims)
            rows[row].append([names[1], hidden[i]])
            continue
        d = np.sqrt(((strips[i] - centres[k]) ** 2).sum(1))
        others = np.delete(centres, k, axis=0)
        near = d < max(12.0, 0.5 * float(np.linalg.norm(others - centres[k], axis=1).min()))
        runs = np.flatnonzero(~near)
        ext = int(runs[runs > pw * 0.5][0]) if (runs > pw * 0.5).any() else len(near)
        rows[row].append([names[checker_k.index(k)], max(1, int(round(ext / pw)))])
    label = {"rotate": base["rotate"], "top": rows["top"], "bottom": rows["bottom"], "uncertain": [],
             "bar": None, "hand_in_view": False, "usable": True, "dice": [], "cube": None}  # (the bar not known)
    label["point_colours"] = [tuple(float(v) for v in m) for m in point_colours]
    label["hidden"] = [("top" if i < 12 else "bottom", i % 12) for i in sorted(hidden)]
    label["own"] = [("top" if i < 12 else "bottom", i % 12) for i in sorted(own)]
    return label, names


EXTENT_LEAST = 0.5  # point widths: a run of a colour from the edge shorter than this is no checker (a
# speck of it on a point, a sliver at the frame): a column's stack is then the other colour's
# (checkers.column_stack), where that runs further


def _stack_extents(image: np.ndarray, base: dict, centroids, names,
                   canon: np.ndarray | None = None) -> tuple[dict, np.ndarray, float]:
    """{(row, col): (class index 0/1, extent)} of every column whose stack starts at the board's
    edge, measured with a colour model; also the first checkers' width and the point width."""
    probe = _probe(base, names, centroids)
    W, H = probe.size
    if canon is None:
        canon = _canonical(image, base)[0]
    lut_class, _ = checkers.build_lut(centroids)
    classes = lut_class[checkers.bin_index(canon)]
    spans = [probe.column_span(c) for c in range(12)]
    pw = (spans[-1][1] - spans[0][0]) / 12.0 if probe.bar is None else probe.bar[0] / 6.0
    out = {}
    widths = []
    for key, prof in checkers.column_profiles(classes, spans, H).items():
        k, ext = checkers.column_stack(prof, pw * 0.9, EXTENT_LEAST * pw)
        if ext > 0:
            out[key] = (k, ext)
            widths.append(_first_width(classes, spans[key[1]], key[0], k + 1, pw))
    widths = [w for w in widths if w > 0]
    width = float(np.median(widths)) if widths else 0.0
    return out, width, pw


RIMS_PAST = (0.2, 0.7)  # point widths past a stack's end by colour: where its colour is sampled again


def rims_extended(extents: dict, lab: np.ndarray, gray: np.ndarray, base: dict) -> dict:
    """`extents` (_stack_extents) with the stacks the colour model cut short at their first
    checker taken on to the end of their run of rims: checkers the colour of the point they stand
    on (white on ivory, under warm light) are board to the model past the first, whose edge or
    shadow it still sees. Such a stack's colour goes on past its end by colour (RIMS_PAST: within
    OWN_NEAR of the first checker's), and its centre line shows rims on (checkers.rim_run_end) at
    least HIDDEN_RUN point widths from the edge and short of the middle; a checker alone on a
    point of another colour, or one whose point shows no rims past it, keeps its extent.
    `lab`, `gray`: the layout's warped playing area (_canonical, canon_gray)."""
    probe = _probe(base)
    H = probe.size[1]
    _, pw, strips = _bases(None, base, lab)  # (each column's Lab strip, edge first)
    out = dict(extents)
    for (row, col), (k, ext) in extents.items():
        if ext >= HIDDEN_RUN * pw:
            continue
        x0, x1 = probe.column_span(col)
        strip = strips[col if row == "top" else 12 + col]
        face = np.median(strip[int(0.2 * pw): int(0.7 * pw)], 0)
        past = strip[int(ext + RIMS_PAST[0] * pw): int(ext + RIMS_PAST[1] * pw)]
        if len(past) == 0 or float(np.linalg.norm(np.median(past, 0) - face)) >= OWN_NEAR:
            continue
        end = checkers.rim_run_end(checkers.centre_line(gray, (x0, x1), row), pw, 0.0)
        if max(HIDDEN_RUN * pw, ext + 0.5 * pw) <= end < H / 2 - 0.5 * pw:
            out[(row, col)] = (k, float(end))
    if out != extents:
        log.debug("stacks taken on by their rims: %s", {key: round(out[key][1]) for key in out if out[key] != extents[key]})
    return out


def _first_width(classes: np.ndarray, span, row: str, cls: int, pw: float) -> float:
    """Width across the column of the first checker of a stack (the run of its class through the
    column's middle, widest over the rows of its first half): a checker is round, so this is the
    pitch of a stack whose checkers touch."""
    H = classes.shape[0]
    x0, x1 = span
    xc = (x0 + x1) // 2
    a, b = max(0, int(x0 - 0.3 * pw)), min(classes.shape[1], int(x1 + 0.3 * pw))
    ys = range(int(0.25 * pw), int(0.6 * pw))
    best = 0
    for y in ys:
        line = classes[y if row == "top" else H - 1 - y, a:b] == cls
        c = xc - a
        if not line[c]:
            continue
        left = c - (np.flatnonzero(~line[:c])[-1] if (~line[:c]).any() else -1) - 1
        right = (np.flatnonzero(~line[c:])[0] if (~line[c:]).any() else len(line) - c)
        best = max(best, left + right)
    return float(best)


PERIOD_RANGE = (0.7, 1.25)  # point widths: a checker's step along a point is about a point wide
PERIOD_STACKS = (2.4, 5.6)  # point widths: stacks this long hold three to five checkers in a row
PERIOD_REPEATS = 2.2  # times a step must repeat along a stack for the stack to judge it
MIDDLE_CLEAR = 0.5  # point widths: a stack ending nearer the middle of the board than this runs to it
PERIOD_CLEAR = 0.2  # share of a stack's brightness the step explains, on average, for it to be taken


def stack_period(gray: np.ndarray, extents: dict, pw: float, spans, pushed: dict | None = None) -> float | None:
    """The checkers' step along the points (canonical pixels), from how their brightness repeats:
    a stack of touching checkers shows its rims, rings and highlights once a checker, so the
    brightness along each stack of three to five folds best at the step (vision.checkers.
    periodicity, summed over the stacks). The colour model's run across the first checker is no
    measure of it: it joins neighbours of a colour and loses a face the colour of a point. Stacks
    that run to the middle of the board are left out when a shorter one can judge: six to eight
    checkers pushed together there, or a second layer lying in the gaps of a row of five, repeat
    at less than a step; of them, those pushed_stacks finds pushed together (their keys in
    `pushed`) never judge. None when no stack is that long or no step explains the stacks clearly.
    `gray`: the layout's warped playing area in grey (canon_gray)."""
    periods = np.arange(PERIOD_RANGE[0], PERIOD_RANGE[1] + 1e-6, 0.01) * pw
    judged = {key: ext for key, (_, ext) in extents.items() if PERIOD_STACKS[0] * pw <= ext <= PERIOD_STACKS[1] * pw}
    short = {key: ext for key, ext in judged.items() if ext < gray.shape[0] / 2 - MIDDLE_CLEAR * pw}
    judged = short or {key: ext for key, ext in judged.items() if key not in (pushed or {})}
    if not judged:
        return None
    total = np.zeros(len(periods))
    for (row, col), ext in judged.items():
        score = checkers.periodicity(checkers.centre_line(gray, spans[col], row), 0.0, ext, periods)
        # a fold over fewer repeats fits anything (a stack of two "repeats" at its own length)
        total += np.where(periods <= ext / PERIOD_REPEATS, score, 0.0)
    used = len(judged)
    best = int(np.argmax(total))
    return float(periods[best]) if total[best] / used >= PERIOD_CLEAR else None  # else no clear step


PUSHED_STEPS = (0.5, 1.25)  # point widths: the steps a stack running to the middle is folded at
PUSHED_MORE = 6.5  # checkers: a stack running to the middle that repeats more often along it is pushed together


def pushed_stacks(gray: np.ndarray, extents: dict, pw: float, spans) -> dict:
    """{(row, col): (checkers, step)} of the stacks that run to the middle of the board pushed
    together: seven or more checkers overlapping along the point, so that their brightness repeats
    at less than a checker's step: more than PUSHED_MORE checkers along the stack. A stack's step
    is the shortest at which its brightness folds nearly as well as at its best fold
    (checkers.HARMONIC_SHARE: the best may be twice the step) and clearly (PERIOD_CLEAR). Such a
    stack tells how many checkers it holds, and that the checkers' own step is longer than its
    own, but not that step. `gray`: the layout's warped playing area in grey (canon_gray)."""
    H = gray.shape[0]
    middle = {key: ext for key, (_, ext) in extents.items()
              if H / 2 - MIDDLE_CLEAR * pw <= ext <= PERIOD_STACKS[1] * pw}
    if not middle:
        return {}
    periods = np.arange(PUSHED_STEPS[0], PUSHED_STEPS[1] + 1e-6, 0.01) * pw
    out = {}
    for (row, col), ext in middle.items():
        score = checkers.periodicity(checkers.centre_line(gray, spans[col], row), 0.0, ext, periods)
        score = np.where(periods <= ext / PERIOD_REPEATS, score, 0.0)
        top = float(score.max())
        if top < PERIOD_CLEAR:
            continue
        peaks = [i for i in range(len(score)) if score[i] >= checkers.HARMONIC_SHARE * top
                 and (i == 0 or score[i] >= score[i - 1]) and (i == len(score) - 1 or score[i] >= score[i + 1])]
        step = float(periods[peaks[0]])
        # n checkers run (n - 1) steps and a checker: one whose length lies between the step and
        # the widest a checker is (PITCH_WIDTHS), taken half way
        n = 1.0 + (ext - (step + PITCH_WIDTHS[1] * pw) / 2.0) / step
        if n > PUSHED_MORE:
            out[(row, col)] = (int(round(n)), step)
    return out


PITCH_WIDTHS = (0.6, 1.15)  # point widths: a checker is about as wide as a point, never far off
WIDTH_TRUSTED = 0.8  # point widths: a first checkers' width under this is taken for a sliver of their colour
OFFSET_FIT = (-0.05, 0.15)  # of a pitch: the row offsets fit_pitch tries
PERIOD_WINDOW = 0.06  # of a period (stack_period): the pitch is looked for this near it
PERIOD_OVERRULED = (0.6, 0.1)  # a pitch outside the period's window is taken when it fits the stacks' lengths at under
# this share of the cost the best in the window does, and by this much less (summed squared checkers): seeds 0-7,
# positions 0 and 3 of each style, 3 frames' pitch put right (all pyramids), 1 put wrong
TYPICAL_PITCH = (0.8, 1.1)  # point widths: a checker's step on most boards (rendered: 0.86-0.99 of a point
# at the median, seen in the canonical rectangle; 0.7-1.19 at the extremes)


def fit_pitch(extents: dict, pw: float, width: float = 0.0, seen=None, period: float = 0.0,
              pushed: dict | None = None) -> tuple[float, tuple[float, float]]:
    """Checker pitch and per-row offset from stack lengths alone: the pitch (near the first
    checkers' `width` when it is a plausible one, else within PITCH_WIDTHS: a checker is about as
    wide as a point) for which every stack's length is nearest a whole number of checkers, in
    count units, summed over stacks. A pitch that makes more than MAX_CHECKERS of one colour on
    the points `seen` (by default all; the photo reader passes the points whose bases showed a
    checker, so a stack the colour model makes of a point's own colour does not count) is no
    backgammon position: when every pitch near the width is one, the whole range is searched.
    A `period` (stack_period: the step the stacks repeat at) is taken in place of the width, and
    only near it: the stacks, not the step, are wrong when no pitch near it is possible. The
    stacks `pushed` together to the middle (pushed_stacks: {key: (checkers, step)}) count as many
    checkers as they repeat, take no part in the fit (their length is no whole number of
    checkers) and, with no period, bound the pitch from below: it is longer than their steps."""
    pushed = pushed or {}
    keys = list(extents)
    rows = np.array([0 if r == "top" else 1 for (r, _) in keys], int)
    kinds = np.array([k if seen is None or key in seen else -1 for key, (k, _) in extents.items()], int)
    ext = np.array([e for _, e in extents.values()], float)
    if len(ext) == 0:
        raise CalibrationError("no checkers found on the points")
    fixed = np.array([pushed[key][0] if key in pushed else 0 for key in keys], float)
    free = fixed == 0
    lo, hi = PITCH_WIDTHS[0] * pw, PITCH_WIDTHS[1] * pw
    if pushed:  # (a period's window does not use the bound)
        lo = min(max(lo, max(step for _, step in pushed.values())), hi)
    # neither period nor width told: where a checker's step lies on most boards first
    typical = [(max(lo, TYPICAL_PITCH[0] * pw), max(lo, TYPICAL_PITCH[1] * pw)), (lo, hi)]
    if period > 0:
        windows = [((1 - PERIOD_WINDOW) * period, (1 + PERIOD_WINDOW) * period)]
    elif max(lo, WIDTH_TRUSTED * pw) <= width <= hi:  # (a width far from a point's is no checker's: a sliver of a colour)
        windows = [(0.94 * width, 1.06 * width), (lo, hi)]
    else:
        windows = typical

    def best_in(lo: float, hi: float) -> tuple:
        """(possible, cost, pitch, offsets) of the best pitch from lo to hi: a possible pitch beats an
        impossible one; between two alike, the lower cost."""
        best = None
        for p in np.arange(lo, hi + 1e-6, 0.005 * pw):
            offs = []
            cost = 0.0
            counts = fixed.copy()
            for r in (0, 1):
                sel = (rows == r) & free
                if not sel.any():
                    offs.append(0.0)
                    continue
                cands = np.arange(OFFSET_FIT[0], OFFSET_FIT[1] + 0.001, 0.025) * p
                x = (ext[sel][None, :] - cands[:, None]) / p
                n = np.maximum(1, np.round(x))
                c = ((x - n) ** 2).sum(1)
                i = int(np.argmin(c))
                offs.append(float(cands[i]))
                cost += float(c[i])
                counts[sel] = n[i]
            possible = all(counts[kinds == k].sum() <= MAX_CHECKERS for k in (0, 1))
            if best is None or possible > best[0] or (possible == best[0] and cost < best[1] - 1e-9):
                best = (possible, cost, float(p), (offs[0], offs[1]))
        return best

    def search(windows) -> tuple:  # the first window holding a possible pitch decides
        first = None
        for lo, hi in windows:
            best = best_in(lo, hi)
            if best[0]:
                return best
            first = first or best
        return first  # none possible anywhere: the stacks themselves are wrong, not the pitch

    found = search(windows)
    if period > 0 and found[0]:
        # the period overruled: a pitch outside its window fits the stacks' lengths far better
        # (PERIOD_OVERRULED): stacks whose lengths tell the step plainly (rows of five, stacks
        # of two), and a step the brightness misjudged (the second layers of pyramids lie in the
        # joints, and a tilted camera sees them off by their height: two pyramids of seven and
        # eight folded best at 1.2 of a checker, seed 0 style 5)
        free_fit = search(typical)
        share, least = PERIOD_OVERRULED
        if free_fit[0] and free_fit[1] < share * found[1] and found[1] - free_fit[1] >= least:
            log.debug("period %.1f overruled: pitch %.1f fits the stacks at %.2f against %.2f", period,
                      free_fit[2], free_fit[1], found[1])
            found = free_fit
    return found[2], found[3]


def _point_width(probe: Calibration) -> float:
    """A point's width in a layout's canonical image (six points to the bar's start where it has one)."""
    W, _ = probe.size
    return W / 12.0 if probe.bar is None else probe.bar[0] / 6.0


def _middle(span) -> slice:
    """The middle of a column (a, b): its outer fifths left out (a point's slanting sides, a
    checker's round edge)."""
    a, b = span
    return slice(a + int(0.2 * (b - a)), b - int(0.2 * (b - a)))


def _column_fit(profile: np.ndarray, spans) -> float:
    """R squared of a colour profile (W, 3) across the columns `spans` by one colour per column
    (the middle of each column only: a point's slanting sides and a checker's round edge left out)."""
    parts = [profile[_middle(span)] for span in spans]
    every = np.concatenate(parts)
    total = float(((every - every.mean(0)) ** 2).sum())
    within = sum(float(((p - p.mean(0)) ** 2).sum()) for p in parts)
    return 1.0 - within / max(total, 1e-6)


def _strip(image: np.ndarray, homography: np.ndarray, width: int, y0: int, y1: int) -> np.ndarray:
    """Weighted Lab (y1 - y0, width, 3) of the canonical rows y0..y1 (they may lie beyond the
    rectangle: the homography is extended) of the image under `homography` (image -> canonical):
    only the rows a measure needs are warped, the cost of a photo's many candidate layouts."""
    M = np.float64([[1, 0, 0], [0, 1, -y0], [0, 0, 1]]) @ homography
    return checkers._weighted_lab(checkers.warp(image, M, (width, y1 - y0))).reshape(y1 - y0, width, 3)


def _alternation(profile: np.ndarray, spans) -> float:
    """How much the columns' colours (the middle of each) alternate: the mean distance of each
    column's colour from the mean of its two neighbours' (a smooth change of light cancels)."""
    m = np.float32([profile[_middle(span)].mean(0) for span in spans])
    return float(np.linalg.norm(m[1:-1] - (m[:-2] + m[2:]) / 2, axis=1).mean())


def layout_fit(image: np.ndarray, base: dict) -> tuple[float, float]:
    """How well the layout's 12 columns a row fit the points (inside, outside), each 0..1: across
    the band where a stack's first checker lies, a point's base (its own colour, or a checker
    nearly as wide as the point) is one colour across the middle of its column, so the colour
    varies between the columns and not within them (inside near 1; a layout off by part of a
    point, or stretched, mixes neighbouring points in its columns). Just beyond the row's edge lies
    the frame, one colour along its length (outside near 0; a layout whose edge lies inside the
    points still sees them alternate there)."""
    probe = _probe(base)
    W, H = probe.size
    pw = _point_width(probe)
    spans = [probe.column_span(c) for c in range(12)]
    a, b = int(0.3 * pw), max(int(0.3 * pw) + 1, int(0.7 * pw))
    top, bottom = (_strip(image, probe.homography(), W, y - b, y + b) for y in (0, H))  # rows -b..b about each edge
    inside = [top[b + a:].mean(0), bottom[: b - a].mean(0)]
    outside = [top[: b - a].mean(0), bottom[b + a:].mean(0)]
    alt_in = sum(_alternation(p, spans) for p in inside)
    alt_out = sum(_alternation(p, spans) for p in outside)
    return (float(np.mean([_column_fit(p, spans) for p in inside])), alt_out / max(alt_in, 1e-6))


EDGE_REACH = 1.5  # point widths beyond and inside each row's edge searched for where the points begin


def rows_snapped(image: np.ndarray, base: dict) -> np.ndarray | None:
    """The layout's corners (turned image's order) with each row's edge moved to where the points
    begin: walking in from the frame, the first line across the 12 columns whose colours alternate
    (each column's middle unlike the mean of its neighbours') half as much as along the points'
    bases; None if a row shows no such step."""
    probe = _probe(base)
    W, H = probe.size
    pw = _point_width(probe)
    e, depth = int(round(EDGE_REACH * pw)), int(round(1.0 * pw))
    spans = [probe.column_span(c) for c in range(12)]
    edges = []
    for lab in (_strip(image, probe.homography(), W, -e, depth),  # the top row's edge, walked from above
                _strip(image, probe.homography(), W, H - depth, H + e)[::-1]):  # the bottom's, from below
        cols = np.float32([lab[:, _middle(span)].mean(1) for span in spans])
        alt = np.linalg.norm(cols[1:-1] - (cols[:-2] + cols[2:]) / 2, axis=2).mean(0)  # per line across
        alt = np.convolve(alt, np.ones(3) / 3, "same")
        level = float(np.median(alt[e + int(0.3 * pw):]))
        above = np.flatnonzero(alt >= 0.5 * level)
        if level <= 0 or not len(above):
            return None
        edges.append(int(above[0]) - e)  # rows the edge moves inwards (negative: outwards)
    y0, y1 = edges[0], H - edges[1]
    if y1 - y0 < 0.5 * H:
        return None
    quad = np.float32([[0, y0], [W, y0], [W, y1], [0, y1]]).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(quad, np.linalg.inv(probe.homography())).reshape(4, 2)


BAR_PLAIN = 0.6  # a bar is one colour along most of its length (checkers, dice or a cube on it aside)


def bar_trimmed(image: np.ndarray, base: dict) -> tuple[np.ndarray, tuple] | None:
    """The layout made even about the bar: (corners in the turned image's order, bar as fractions
    of the width), or None when no bar is seen. The bar is the widest strip near the middle that is
    one colour along most of its length (the points alternate with the board along theirs, and a
    point's border with its neighbour is that plain only over a sliver); both halves hold six
    equal points, so the longer side is cut to the shorter: a tray beside one half, plain only
    when empty, or holding checkers, is not playing area."""
    probe = _probe(base)
    W, H = probe.size
    pw0 = _point_width(probe)
    canon = checkers.warp(image, probe.homography(), (W, H))[int(0.03 * H): H - int(0.03 * H): 3]
    lab = checkers._weighted_lab(canon).reshape(-1, W, 3)  # every third line along: plenty for "most"
    median = np.median(lab, axis=0)
    plain = (np.linalg.norm(lab - median[None], axis=2) < SAME_COLOUR).mean(0) >= BAR_PLAIN
    runs = [(a, b) for a, b in _runs(plain) if b - a >= 0.3 * pw0 and 0.3 * W < (a + b) / 2 < 0.7 * W]
    if not runs:
        return None
    b0, b1 = max(runs, key=lambda r: r[1] - r[0])
    half = min(b0, W - b1)
    if half < 4 * pw0:
        return None
    # the sides and the bar's edges snapped to where the point bases change colour (calibration's
    # own refinement, on the area widened by a little so that a side may move out too)
    m = int(round(0.05 * W))
    M = np.float64([[1, 0, m], [0, 1, 0], [0, 0, 1]]) @ probe.homography()
    wide = np.zeros((H, W + 2 * m, 3), np.float32)
    band = max(2, int((H - 1) * 0.05)) + 2  # the lines _refine_columns reads along each edge
    wide[:band], wide[H - band:] = _strip(image, M, W + 2 * m, 0, band), _strip(image, M, W + 2 * m, H - band, H)
    x0, x1 = m + b0 - half, m + b1 + half
    bar = ((b0 + m - x0) / (x1 - x0), (b1 + m - x0) / (x1 - x0))
    x0, x1, bar = _refine_columns(wide, int(round(x0)), int(round(x1)), bar, (0, H - 1), half / 6.0)
    quad = np.float32([[x0, 0], [x1, 0], [x1, H], [x0, H]]).reshape(-1, 1, 2)
    corners = cv2.perspectiveTransform(quad, np.linalg.inv(M)).reshape(4, 2)
    return corners, bar


FAR_VANISHING = 10.0  # image sizes: a vanishing point farther out than this does not tell the focal length
TYPICAL_FOCAL = 0.8  # focal length over the image's long side of a phone or Pi camera (60-70 degrees across)


def plane_view(corners, image_size) -> tuple[float, float] | None:
    """(width over height, tilt in degrees from straight above) of the rectangle seen as the quad
    `corners` (TL, TR, BR, BL), from its perspective (Zhang and He, whiteboard scanning: principal
    point at the image centre, square pixels). The focal length comes from the quad when both
    pairs of sides converge, else a typical camera's is assumed; None for a degenerate quad."""
    w, h = image_size
    c = np.float64(corners) - [w / 2.0, h / 2.0]
    m1, m2, m4, m3 = (np.array([x, y, 1.0]) for x, y in c)
    den2, den3 = np.dot(np.cross(m2, m4), m3), np.dot(np.cross(m3, m4), m2)
    if abs(den2) < 1e-9 or abs(den3) < 1e-9:
        return None
    k2 = np.dot(np.cross(m1, m4), m3) / den2
    k3 = np.dot(np.cross(m1, m4), m2) / den3
    n2, n3 = k2 * m2 - m1, k3 * m3 - m1
    f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2]) if abs(n2[2] * n3[2]) > 1e-12 else -1.0
    far = FAR_VANISHING * max(w, h)  # a pair of sides nearly parallel (a tilt about one axis): its
    if min(abs(n[2]) * far - np.hypot(n[0], n[1]) for n in (n2, n3)) < 0:  # vanishing point is far
        f2 = -1.0  # off and a pixel's noise moves the focal length anywhere: the typical one instead
    if not (0.3 * max(w, h)) ** 2 < f2 < (5.0 * max(w, h)) ** 2:  # not told by the quad: typical
        f2 = (TYPICAL_FOCAL * max(w, h)) ** 2
    f = np.sqrt(f2)
    r1 = np.array([n2[0] / f, n2[1] / f, n2[2]])
    r2 = np.array([n3[0] / f, n3[1] / f, n3[2]])
    if min(np.linalg.norm(r1), np.linalg.norm(r2)) < 1e-12:  # (a corner on another: degenerate)
        return None
    a = float(np.linalg.norm(r1) / np.linalg.norm(r2))
    normal = np.cross(r1 / np.linalg.norm(r1), r2 / np.linalg.norm(r2))
    tilt = float(np.degrees(np.arccos(min(1.0, abs(normal[2]) / max(np.linalg.norm(normal), 1e-12)))))
    if not (np.isfinite(a) and a > 0):
        return None
    return a, tilt


def true_aspect(corners, image_size) -> float | None:
    """Width over height of the rectangle seen as the quad `corners` (see plane_view)."""
    view = plane_view(corners, image_size)
    return None if view is None else view[0]


ASPECT_SURE = 0.1  # log of a true aspect: this far from square, it tells which way the board lies


def board_turn(outer, image_size) -> int:
    """0 if the board outline `outer` (image order) lies across the picture (its longer side runs
    from its first corner to its second), else 90. The board's true proportions decide (true_aspect:
    a board seen at a tilt looks shorter along the tilt, a wide board tilted 40 degrees can look
    taller than wide, and read turned its columns are half points); the outline as seen decides
    when they are nearly square or not told."""
    aspect = true_aspect(outer, image_size)
    if aspect is not None and abs(np.log(aspect)) > ASPECT_SURE:
        return 0 if aspect > 1.0 else 90
    outer = np.float32(outer)
    return 0 if np.linalg.norm(outer[1] - outer[0]) >= np.linalg.norm(outer[3] - outer[0]) else 90


def _true_size(image: np.ndarray, base: dict) -> dict:
    """The canonical rectangle of a layout made as tall as the board really is (a board seen at
    an angle looks shorter than it is; checkers are round only in the true proportions)."""
    c = np.float64(base["corners"])
    sides = np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1)  # top, right, bottom, left
    if min(sides[0], sides[2]) / max(sides[0], sides[2]) > 0.9 and min(sides[1], sides[3]) / max(sides[1], sides[3]) > 0.9:
        return base  # nearly straight on: the quad's own proportions are close, and steadier
    aspect = true_aspect(base["corners"], base["image_size"])
    if aspect is None:
        return base
    W, _ = base["size"]
    return dict(base, size=(W, int(round(W / aspect))))


def _board_colours_cleaned(centroids, point_colours, area=None) -> tuple:
    """The colour model with the point colours seen at the empty bases as board (whatever the board
    clusters merged), and without board clusters close to a checker colour and nearer it than to
    a point colour or the playing area's own colour `area` (weighted Lab, _area_colour): those came
    from checkers standing off-centre in points the first label had empty (the frame or bar, far
    from every checker colour, stays; so does a felt between the points as dark as a shaded light
    checker). Such a cluster learnt on the bar stays board there (BAR), not on the points: a
    mahogany bar is nearly the red checkers' colour, and dropped it read as a stack of them."""
    return tuple(c for _, c in _board_colours_kept(centroids, point_colours, area))


def _board_colours_kept(centroids, point_colours, area=None) -> list:
    """_board_colours_cleaned as [(index in `centroids` or None for a point colour added, centroid)]."""
    w = np.float32([checkers.L_WEIGHT, 1.0, 1.0])
    pts = [np.float32(m) for m in point_colours] + ([] if area is None else [np.float32(area)])
    chk = [np.float32(c[1:]) * w for c in centroids if c[0] not in checkers.BOARD_COLOURS]
    keep = []
    for i, c in enumerate(centroids):
        if c[0] in checkers.BOARD_COLOURS:
            v = np.float32(c[1:]) * w
            to_checker = min(np.linalg.norm(v - k) for k in chk)
            if to_checker < 2 * SAME_COLOUR and min(np.linalg.norm(v - p) for p in pts) > to_checker:
                if c[0] == checkers.BAR_BOARD:
                    keep.append((i, (checkers.BAR, *c[1:])))
                continue
        keep.append((i, c))
    return keep + [(None, (checkers.BOARD, m[0] / checkers.L_WEIGHT, m[1], m[2])) for m in point_colours]


def _cleaned(fields: dict, point_colours, area=None) -> dict:
    """`fields` (checkers.learn's) with the colour model _board_colours_cleaned, and `absent` (per
    kind of point, indices of board centroids) pointing at the same centroids in it."""
    kept = _board_colours_kept(fields["centroids"], point_colours, area)
    moved = {i: j for j, (i, _) in enumerate(kept) if i is not None}
    absent = tuple(tuple(moved[i] for i in t if i in moved) for t in fields["absent"])
    return dict(fields, centroids=tuple(c for _, c in kept), absent=absent)


AREA_BAND = (0.45, 0.55)  # of the playing area's height: between the rows' point tips, the area itself


def _area_band(canon: np.ndarray, bar: tuple[int, int] | None) -> np.ndarray:
    """The band of a canonical image (or its classes) between the two rows' point tips (AREA_BAND),
    the bar's columns left out: the playing area itself, which only stacks of six or more reach."""
    H = canon.shape[0]
    band = canon[int(AREA_BAND[0] * H): int(AREA_BAND[1] * H)]
    if bar is not None:
        band = np.concatenate([band[:, : bar[0]], band[:, bar[1]:]], axis=1)
    return band


def _area_colour(lab: np.ndarray, base: dict) -> np.ndarray | None:
    """The playing area's own colour (weighted Lab) between the two rows' point tips, the bar left
    out: only stacks of six or more reach there, so the median is the felt, leather or cork."""
    px = _area_band(lab, _probe(base).bar).reshape(-1, 3)
    return np.median(px, 0) if len(px) else None


CHECKER_LIKE = 2 * SAME_COLOUR  # weighted Lab: an empty base this near a checker colour may hold one


def _unsure_bases(image: np.ndarray, base: dict, lab: np.ndarray, rough: dict, names) -> list[str]:
    """The empty points of a first label whose bases are nearly a checker colour (the mean of the
    bases read as that colour): a checker the colour of its point leaves the base unchanged, so
    these may hold checkers; as the label's "uncertain" entries they teach neither the board nor
    the checkers."""
    means = _bases(image, base, lab)[0]
    cells = rough["top"] + rough["bottom"]
    faces = [means[[i for i, (c, _) in enumerate(cells) if c == name]] for name in names]
    faces = [f.mean(0) for f in faces if len(f)]
    return [f"{'top' if i < 12 else 'bottom'} {i % 12 + 1}: nearly a checker's colour"
            for i, (c, _) in enumerate(cells)
            if c is None and min(float(np.linalg.norm(means[i] - f)) for f in faces) < CHECKER_LIKE]


PITCH_AGREES = 0.12  # a refitted pitch this near the photo's own (as a share of it) is kept
OFFSET_MOST = 0.1  # of a pitch: a stack's length less its checkers, at most: a row's first checker lies against
# the playing area's edge. A fit beginning it a fifth of a checker inside (stacks of two and three a little long, a
# point's tip read as checker) misses the joints of long stacks, and a pyramid's second layer goes uncounted (seed 0
# style 0: 6.2 px inside at 30.6 a checker, a pyramid of eight read five). A refit beyond it is not kept, and the
# photo's own offsets are held to it (_calibrate_layout). Rendered seeds 0-7 with no calibration: 20 frames more
# right and 6 fewer than at 0.5 with no offsets held (holding them alone: 14 more, 5 fewer)
OFFSET_LEAST = checkers.OFFSET_LEAST  # of a pitch: and at least (shorter by more, the fit misplaced its rows: seed 3
# style 12 at -0.45; -0.15 to -0.3 occur on stacks read right, where the layout's row lies a little inside the frame;
# the calibration tries such offsets raised: checkers._offsets_raised)


def _agrees(pitch: float, offset, own: float, near: float = PITCH_AGREES) -> bool:
    """Whether a pitch and row offsets refitted on a label agree with the photo's own pitch `own`
    (the pitch within `near` of it, as a share)."""
    return abs(pitch / own - 1.0) <= near and all(OFFSET_LEAST * own <= o <= OFFSET_MOST * own for o in offset)


REFIT_NEAR = 0.25  # a refitted pitch not kept is still read where the own one reads impossibly, if this near


BOARD_SAMPLE = 6000  # board pixels clustered per layout (of some 20000): k-means was a fifth of the time


def _hidden_colour_cleaned(centroids) -> tuple:
    """The colour model of a photo whose second checker colour was learnt from stacks standing on
    points of their own colour (hidden_stacks) without its clusters nearer the first colour's than
    its own main one: its samples there take in the rims and the shadows between checkers, and
    a dark rim of light checkers is the colour of dark checkers (it would take them for light)."""
    w = np.float32([checkers.L_WEIGHT, 1.0, 1.0])
    first = [np.float32(c[1:]) * w for c in centroids if c[0] == 1]  # (class 1: the colour the bases show)
    second = [i for i, c in enumerate(centroids) if c[0] == 2]  # (class 2: the one hidden_stacks found)
    if not first or len(second) < 2:
        return tuple(centroids)
    v = {i: np.float32(centroids[i][1:]) * w for i in second}
    to_first = {i: min(float(np.linalg.norm(v[i] - f)) for f in first) for i in second}
    main = max(second, key=to_first.get)  # (the cluster farthest from the first colour is its own)
    drop = {i for i in second if i != main and to_first[i] < float(np.linalg.norm(v[i] - v[main]))}
    return tuple(c for i, c in enumerate(centroids) if i not in drop)


class NothingNew(CalibrationError):
    """A layout's colour model with the playing area's colour kept is the one without it."""


def _calibrate_layout(image: np.ndarray, base: dict, keep_area: bool = False, refit: list | None = None,
                      by_bases: bool = False, own_unsure: bool = False, made: tuple | None = None,
                      lost_unsure: bool = False):
    """(Calibration, quality) for one candidate layout: colours from the point bases, the pitch
    from the stack lengths, then the colour model and pitch refitted on the label they give.
    `keep_area`: the board clusters near the playing area's own colour stay board (see
    _board_colours_cleaned; NothingNew when none would go without it). `refit`, if given, gets the
    calibration with the refitted pitch and offsets where they were not kept (see _agrees) but lie
    within REFIT_NEAR (a refit of a fraction or thrice the step reads any number of checkers).
    `by_bases`: a colour the colour model finds no stack of is learnt from its stacks as the point
    bases read them (its checkers on points of their colour, taken for board; tried only where no
    layout calibrates without it: the bases' counts are rough). `own_unsure`: the bases that may
    hold stacks of their point's colour (own_colour_stacks) are left out of the label (uncertain),
    so that they teach the model neither board nor checker. `made`: (canon, lab, gray, first label,
    names) of this layout where made already (_canonical, canon_gray, photo_label). `lost_unsure`:
    the bases the first label saw a checker on and no stack was measured at (_lost_bases) are left
    out of the label its stacks are learnt from (see _own_stacks_checked)."""
    if made is None:
        canon, lab = _canonical(image, base)
        gray = canon_gray(canon)
        made = (canon, lab, gray, *photo_label(image, base, lab, gray))
    canon, lab, gray, rough, names = made
    if own_unsure:
        rough = dict(rough, uncertain=list(rough["uncertain"]) + [
            f"{row} {col + 1}: may hold a stack the colour of its point" for row, col in rough["own"]])
    first = dict(rough, top=[[c, min(n, 1)] for c, n in rough["top"]],
                 bottom=[[c, min(n, 1)] for c, n in rough["bottom"]])
    try:
        fields, _ = checkers.learn(image, base, first, names, board_sample=BOARD_SAMPLE, canon=canon, lab=lab)
    except CalibrationError:  # a colour that does not stand out from the board: its checkers on
        unsure = _unsure_bases(image, base, lab, rough, names)  # points of its colour were taken
        if not unsure:  # for empty points (the board); those bases are learnt from neither
            raise
        first = dict(first, uncertain=list(first["uncertain"]) + unsure)
        fields, _ = checkers.learn(image, base, first, names, board_sample=BOARD_SAMPLE, canon=canon, lab=lab)
    if rough["hidden"]:
        fields["centroids"] = _hidden_colour_cleaned(fields["centroids"])
    area = _area_colour(lab, base) if keep_area else None
    cleaned = _cleaned(fields, rough["point_colours"], area)
    if area is not None and cleaned["centroids"] == _board_colours_cleaned(fields["centroids"], rough["point_colours"]):
        raise NothingNew("no board colour near the playing area's is left out of the model")
    fields = cleaned
    extents, width, pw = _stack_extents(image, base, fields["centroids"], names, canon)
    extents = rims_extended(extents, lab, gray, base)
    seen = {(row, col) for row in ("top", "bottom") for col, (c, _) in enumerate(rough[row]) if c is not None}
    probe = _probe(base)
    spans = [probe.column_span(c) for c in range(12)]
    pushed = pushed_stacks(gray, extents, pw, spans)
    period = stack_period(gray, extents, pw, spans, pushed)
    if period:  # (the step told by other stacks: the pushed ones are measured as the rest)
        pushed = {}
    pitch, offset = fit_pitch(extents, pw, width, seen, period=period or 0.0, pushed=pushed)
    if period and abs(pitch / period - 1.0) > PERIOD_WINDOW + 1e-6:  # (overruled: the stacks' lengths tell the step)
        period = None
    log.debug("checker width %.1f, period %s, pitch %.1f, offset %s (point width %.1f)", width, period, pitch, offset, pw)
    rows = {"top": [[None, 0] for _ in range(12)], "bottom": [[None, 0] for _ in range(12)]}
    for (row, col), (k, ext) in extents.items():
        n = pushed[(row, col)][0] if (row, col) in pushed else int(round((ext - offset[0 if row == "top" else 1]) / pitch))
        if n > 0:
            rows[row][col] = [names[k], n]
    for k, name in enumerate(names):
        if not any(c == name for r in rows.values() for c, _ in r):  # every stack of a colour cut short:
            for (row, col), (kk, _) in extents.items():  # the faces the colour of their points; where
                if kk == k and rough[row][col][0] == name:  # a base showed one, one checker at least
                    rows[row][col] = [name, 1]
        if by_bases and not any(c == name for r in rows.values() for c, _ in r):  # nor any stack of it
            for row in rows:  # (its checkers the colour of the points they stand on: the model took
                for col, (c, n) in enumerate(rough[row]):  # them for board): as the bases read them
                    if c == name:
                        rows[row][col] = [name, n]
    for row, col in rough["hidden"]:  # (the colour model hardly sees them: as their rims counted them)
        rows[row][col] = rough[row][col]
    lost = _lost_bases(rough, rows)
    label = dict(first, top=rows["top"], bottom=rows["bottom"])
    if lost_unsure:
        label["uncertain"] = list(label["uncertain"]) + [f"{row} {col + 1}: a checker at its base, no stack measured"
                                                         for row, col in lost]
    fields, score = checkers.learn(image, base, label, names, board_sample=BOARD_SAMPLE, canon=canon, lab=lab,
                                    learn_faces=True)
    if rough["hidden"]:
        fields["centroids"] = _hidden_colour_cleaned(fields["centroids"])
    fields = _cleaned(fields, rough["point_colours"], area)
    refitted = None
    if not _agrees(fields["pitch"], fields["offset"], period or pitch):
        # the refit on the label's stacks strayed from the step the stacks repeat at (stacks the
        # colour model cut short or ran on): the photo's own pitch and offsets stand
        log.debug("learnt pitch %.1f offset %s replaced by %.1f %s", fields["pitch"], fields["offset"], pitch, offset)
        refitted = (fields["pitch"], fields["offset"], fields.get("face_models", ()))
        fields["pitch"], fields["offset"] = float(pitch), tuple(float(o) for o in offset)
    most = OFFSET_MOST * fields["pitch"]
    lowered = max(fields["offset"]) > most
    if lowered:  # (a row's first checker lies against the edge: see OFFSET_MOST)
        log.debug("offsets %s lowered to %.1f", fields["offset"], most)
        fields["offset"] = tuple(min(float(o), most) for o in fields["offset"])
    if (refitted is not None or lowered) and any(fields.get("face_models", ())):
        # (the faces were cut out a checker apart at the refit's pitch and offsets)
        fields["face_models"] = _faces_at(canon, spans, label, names, fields)
    named = fields.pop("named_colours")
    colours = named if named[0] != named[1] else (f"{named[0]} 1", f"{named[1]} 2")
    renamed = {names[0]: colours[0], names[1]: colours[1]}
    label = dict(label, top=[[renamed.get(c), n] for c, n in label["top"]],
                 bottom=[[renamed.get(c), n] for c, n in label["bottom"]])
    home = min(HOMES, key=lambda h: pip_total(label, h, colours))
    cal = Calibration(**base, colours=colours, players=colours, home=home, **fields)
    if refitted is not None and refit is not None and _agrees(*refitted[:2], period or pitch, REFIT_NEAR):
        refit.append(dataclasses.replace(cal, pitch=float(refitted[0]), offset=tuple(float(o) for o in refitted[1]),
                                         face_models=refitted[2]))  # (its faces cut out at its own pitch)
    if rough["own"] and not own_unsure and not lost_unsure:
        cal = _own_stacks_checked(image, base, cal, rough["own"], keep_area, by_bases, made)
    if lost and not own_unsure and not lost_unsure:
        cal = _own_stacks_checked(image, base, cal, lost, keep_area, by_bases, made, lost_unsure=True)
    # a layout whose edge is off loses the stacks that do not start at it: more stacks found wins
    return cal, (score[0], len(extents), score[1])


def _faces_at(canon: np.ndarray, spans, label: dict, names, fields: dict) -> tuple:
    """The checker colours' face models (checkers.face_models) learnt again at the pitch and
    offsets in `fields`, for the colours learn gave one (the others stay without): a model cut out
    at a refitted pitch the photo did not keep is a window off the faces, a few pixels wide
    where the refit strayed short, and counts nothing. Cut out of the grey the reader counts faces
    in: the layout's warped playing area (`canon`, BGR) with the light taken out where the
    calibration takes it out (as BoardReader.read does); `spans`: its columns."""
    if fields.get("light"):
        canon = checkers.flatten_light(canon, checkers.frame_light(canon, fields["centroids"]))
    models = checkers.face_models(cv2.cvtColor(canon, cv2.COLOR_BGR2GRAY), spans, label, names,
                                  checkers._uncertain(label), fields["pitch"], fields["offset"])
    return tuple(m if old else () for m, old in zip(models, fields["face_models"]))


def _emptied(reading: Reading, again: Reading, skip: set) -> int:
    """Points (less `skip`) one reading of a photo reads checkers on and another reads empty."""
    return sum(getattr(reading, row)[col][0] is not None and getattr(again, row)[col][0] is None
               for row in ("top", "bottom") for col in range(12) if (row, col) not in skip)


def _lost_bases(rough: dict, rows: dict) -> list:
    """(row, col) of the bases the first label (`rough`, photo_label) saw a checker on and the
    colour model measured no stack at (`rows`): their checkers' colour taken for a point's by the
    first model (red checkers on the cream points, the red points' colour; seed 5 style 19), or
    no checker there at all (a row of points lit lighter than the other, the first label's
    mistake: photo._row_lit)."""
    return [(row, col) for row in ("top", "bottom") for col in range(12)
            if rows[row][col][0] is None and rough[row][col][0] is not None]


def _own_stacks_checked(image: np.ndarray, base: dict, cal: Calibration, own: list, keep_area: bool,
                        by_bases: bool, made: tuple, lost_unsure: bool = False) -> Calibration:
    """The layout's calibration, or where it reads empty a base that may hold a stack the colour of
    its point (own_colour_stacks: checkers of a colour the bases show elsewhere, on points of nearly
    their colour), the same layout learnt with such bases left out of its label (their stacks
    taught the model that colour as board), if that reads more of them and its reading is possible.
    `made`: the layout's warp and first label, as _calibrate_layout made them (not made again).
    With `lost_unsure`, `own` are the bases the first label saw a checker on and no stack was
    measured at (_lost_bases), learnt again as unsure in place of the own-colour ones: learnt as
    empty points, they teach the model that their kind of point is their checkers' colour, and the
    reader then counts that colour there by rims only (seed 5 style 19: red stacks on cream points
    read empty); kept on the same terms (a first label's mistake, read as checkers again, makes
    the reading impossible or empties nothing it read)."""
    def empty(reading) -> int:
        return sum(getattr(reading, row)[col][0] is None for row, col in own)

    def points(c: Calibration) -> Reading:  # (the points and bar only: the dice, cube and trays are read once, after)
        return BoardReader(c, read_dice=False, read_cube=False, read_trays=False, follow_board=False,
                           fold_rims=False, conserve=False).read(image)

    what = "the bases it saw no stack at" if lost_unsure else "the bases of their own colour"
    reading = points(cal)
    if reading.hand_in_view or not empty(reading):
        return cal
    try:
        other, _ = _calibrate_layout(image, base, keep_area=keep_area, by_bases=by_bases, own_unsure=not lost_unsure,
                                     made=made, lost_unsure=lost_unsure)
    except (CalibrationError, cv2.error) as exc:
        log.debug("layout learnt without %s failed: %s", what, exc)
        return cal
    again = points(other)
    if again.hand_in_view or impossible(again) or _colour_unread(again, other) or empty(again) >= empty(reading):
        return cal
    if _emptied(reading, again, set(own)):  # (it took checkers elsewhere for board: not kept)
        log.debug("the layout learnt without %s reads checkers elsewhere empty", what)
        return cal
    log.debug("the layout learnt without %s reads them (%d of %d bases left empty, not %d)", what,
              empty(again), len(own), empty(reading))
    return other


class UnreadablePhotoError(CalibrationError):
    """A photo that cannot be read with no calibration; the message says why (too dark, seen too
    steeply, the board partly outside the picture, no board)."""


class HalfBoardError(UnreadablePhotoError):
    """Every layout tried had columns of half points: part of the board was taken for all of it."""


def check_photo(image: np.ndarray) -> np.ndarray:
    """The board's outline (image order) if the photo can be read, else UnreadablePhotoError (a
    board partly covered by a hand or arm is unreadable too: see locate_photo)."""
    found = locate_photo(image)
    if found.covered:
        raise UnreadablePhotoError("a hand or arm covers part of the board's edge: take the photo again without it")
    return np.float32(found.corners)


PICTURE_EDGE = 0.004  # of the picture's long side: a corner this near its edge lies on it


def corners_at_picture_edge(quad, shape) -> int:
    """How many corners of an outline lie on the picture's edge (within PICTURE_EDGE of it)."""
    return _corners_on_edge(quad, shape, PICTURE_EDGE * max(shape[:2]))


def locate_photo(image: np.ndarray) -> BoardOutline:
    """Where the board is in the photo, whole or partly covered (an arm breaks its outline, or
    pulls one of its corners to the picture's edge); UnreadablePhotoError when it cannot be read
    at all (too dark, no board, cut off by the picture's edge, seen too steeply)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if percentile_u8(gray, 95) < 50:
        raise UnreadablePhotoError("the photo is too dark to read a board in it")
    try:
        found = locate_board(image)
    except CalibrationError as exc:
        raise UnreadablePhotoError(f"no board found in the photo ({exc})") from exc
    outer = np.float32(found.corners)
    h, w = image.shape[:2]
    on_edge = corners_at_picture_edge(outer, image.shape)
    if on_edge >= 2:  # the board cut off, or the table itself standing out round a board in view
        inside = _outline_in_view(image, outer)
        if inside is None:
            raise UnreadablePhotoError("part of the board is outside the picture (its outline runs along the edge)")
        log.debug("an outline along the picture's edge: another wholly in view fits its points")
        found, outer, on_edge = BoardOutline(tuple((float(x), float(y)) for x, y in inside)), inside, 0
    if on_edge == 1 and not found.covered:  # one corner at the picture's edge, the sides by it
        # not along it: an arm reaching in from there, taken for board up to where it leaves the
        # picture (its outline is pulled to the edge, and the gate along the outline misses it)
        log.debug("an outline's corner at the picture's edge: covered")
        return dataclasses.replace(found, covered=True)
    view = plane_view(outer, (w, h))
    if view is not None and view[1] > STEEPEST:
        raise UnreadablePhotoError(
            f"the board is seen too steeply (about {view[1]:.0f} degrees from straight above, at most "
            f"{STEEPEST:.0f} can be read; take the photo from higher up)")
    return found


def _outline_in_view(image: np.ndarray, outer) -> np.ndarray | None:
    """Another outline of the board (other_outlines), wholly in the picture, whose best layout fits
    its points (FIT_POOR or better): the first outline may run along the picture's edge because the
    table stood out from what lies round the picture's edge (a brown board on a brown table with a
    second board cut by the edge), not because the board is cut off. None when there is none."""
    for other in other_outlines(image, outer):
        if corners_at_picture_edge(other, image.shape):
            continue
        scored = candidate_layouts(image, other)
        log.debug("an outline in view: best layout fits %.3f", scored[0][0] if scored else 0.0)
        if scored and scored[0][0] >= FIT_POOR:
            return np.float32(other)
    return None


STEEPEST = 55.0  # degrees from straight above beyond which a board is not read (issue 10 asks for 45)


def _crossed(layouts) -> list:
    """The two layouts made of one layout's left and right edges and the other's top and bottom
    (each is a rectangle in the board outline's own frame): the point triangles may place one
    pair of edges well and the frame band the other."""
    (outer, a, bar_a), (_, b, bar_b) = layouts
    M = cv2.getPerspectiveTransform(np.float32(outer), np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]))
    flat = [cv2.perspectiveTransform(np.float32(q).reshape(-1, 1, 2), M).reshape(4, 2) for q in (a, b)]
    inv = np.linalg.inv(M)
    out = []
    for (xs, bar), ys in ((flat[0], bar_a), flat[1]), ((flat[1], bar_b), flat[0]):
        x0, x1 = (xs[0, 0] + xs[3, 0]) / 2, (xs[1, 0] + xs[2, 0]) / 2
        y0, y1 = (ys[0, 1] + ys[1, 1]) / 2, (ys[2, 1] + ys[3, 1]) / 2
        quad = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).reshape(-1, 1, 2)
        out.append((outer, cv2.perspectiveTransform(quad, inv).reshape(4, 2), bar))
    return out


def layout_candidates(image: np.ndarray, rotate: int, outer, one_band: bool = True) -> list[tuple[str, tuple]]:
    """Every candidate (outline, playing area, bar) of the board inside the outline `outer` (image
    order), named by where it came from: the point triangles' ("triangles"; with `one_band`, with
    a bar plain in one row's band only too), the frame band's ("frame"), and the two made of one's
    sides and the other's ends ("crossed 0/1"). Named so that bench/photo_layouts.py measures each
    against the renderer's truth."""
    # (not by rows, which a calibration checks by reading its position back: the photo's fit of
    # the columns on the points chose it over the right layout on some boards and read worse:
    # seeds 0 and 1 of bench/vision_styles.py lost 2 boards each)
    out = named_layouts(image, turn_corners(np.float32(outer), rotate), one_band=one_band)
    pair = [layout for name, layout in out if name in ("triangles", "frame")]
    if len(pair) == 2:
        out += [(f"crossed {i}", layout) for i, layout in enumerate(_crossed(pair))]
    return out


def calibrate_photo(image) -> Calibration:
    """A Calibration learnt from one photo of a board in any position (no label, no start): the
    one behind the photo's reading (photo_reading: the best-fitting layout whose reading is a
    possible position, not merely the best-fitting one, which a layout reading more than fifteen
    checkers of a colour often is), so that `bgref calibrate` and `bgref read` of one photo agree.
    UnreadablePhotoError when a hand is over the board."""
    reading, cal = photo_reading(image)
    if reading.hand_in_view:
        raise UnreadablePhotoError("a hand or arm is over the board: take the photo again without it")
    return cal


def _with_reference(image: np.ndarray, cal: Calibration) -> Calibration:
    """The calibration with the ring reference of its board's surroundings (made only for the one used)."""
    return dataclasses.replace(cal, reference=ring_reference(image, cal.outer, cal.corners))


BEYOND_OUTLINE = 0.03  # of the outline's diagonal: how far a playing area's corner may lie outside it


FIT_OUTSIDE = 2.0  # how much points seen alternating beyond a layout's rows count against its fit
FIT_NEAR = 0.05  # layouts whose fit is within this of the best one's are read when its reading is impossible


def layout_score(image: np.ndarray, base: dict) -> float:
    """How well a layout fits the board's points, as layouts are ranked by: layout_fit's columns on
    the points less FIT_OUTSIDE times the points seen alternating beyond its rows."""
    inside, outside = layout_fit(image, base)
    return inside - FIT_OUTSIDE * outside


def candidate_layouts(image: np.ndarray, outer, one_band: bool = True) -> list[tuple[float, str, dict]]:
    """(fit, name, layout) of every candidate playing area inside the outline `outer` (image
    order), best fit first: each of layout_candidates as found and, but for the crossed ones, with
    its rows' edges snapped to where the points begin (rows_snapped, listed first: it wins a tie),
    and that made even about its bar (bar_trimmed); the fit is layout_fit's (the columns on the points, less the points
    seen beyond the rows). One reaching beyond the outline (beyond_outline) is left out. one_band:
    layout_candidates'."""
    outer = np.float32(outer)
    rotate = board_turn(outer, image.shape[1::-1])
    scored = []

    def add(name, outer_t, corners, bar):
        if beyond_outline(corners, outer) > BEYOND_OUTLINE:
            log.debug("layout %s reaches beyond the board's outline", name)
            return None
        base = _true_size(image, _base(image, rotate, outer_t, corners, bar))
        try:
            fit = layout_score(image, base)
        except (CalibrationError, cv2.error, ValueError) as exc:
            log.debug("layout %s not measured: %s", name, exc)
            return None
        scored.append((fit, name, base))
        return base

    for name, (outer_t, corners, bar) in layout_candidates(image, rotate, outer, one_band):
        if name.startswith("crossed"):  # one's sides and the other's rows: snapped, its rows are
            add(name, outer_t, corners, bar)  # the other one's snapped (as is their evening)
            continue
        rows = rows_snapped(image, _true_size(image, _base(image, rotate, outer_t, corners, bar)))
        snapped = None if rows is None else add(f"{name} rows snapped", outer_t, rows, bar)
        base = add(name, outer_t, corners, bar)  # (as found too: the two fit alike, and learning the
        source = snapped or base  # colours may fail on one and not on the other)
        even = None if source is None else bar_trimmed(image, source)
        if even is not None:
            add(f"{name} even about the bar", outer_t, *even)
    scored.sort(key=lambda s: s[0], reverse=True)  # stable: the earlier layout wins a tie
    return scored


FIT_POOR = 0.9  # a best layout fitting the points worse than this may lie in an outline askew


def other_layouts(image: np.ndarray, outer) -> list[tuple[float, str, dict]]:
    """candidate_layouts in the outlines the outline finder's other ways find (as a calibration
    tries them where its outline reads the position back short): a frame corner the table's colour
    leaves the first outline askew, and every playing area in it fits the points worse. An outline
    with a corner on the picture's edge is left out: an arm reaching in from there taken for board
    (locate_photo says covered of such a first outline), whose hand check would miss it."""
    out = []
    for other in other_outlines(image, outer):
        if corners_at_picture_edge(other, image.shape):
            continue
        out += [(fit, f"{name} (another outline)", base) for fit, name, base in candidate_layouts(image, other)]
    return out


def candidate_calibrations(image, outer=None, layouts: list | None = None):
    """The candidate Calibrations of a photo, made one at a time, the layout that fits the points
    best first (candidate_layouts, and other_layouts where the best fits under FIT_POOR and one of
    theirs fits better by FIT_NEAR; how well a layout's own label reads back says nothing: a
    layout off by a point or two reads its own guess back as well), then those that fit nearly
    as well: the reader falls back on the next when one's reading is impossible (more than 15
    checkers of a kind); right after a layout, the same with the pitch refitted on its label where
    that was not kept (_agrees: the refit strays more often than it finds stacks that overlap a
    little). A layout that fits clearly worse than the best is never read. When every
    one of them reads impossibly, each again with the playing area's own colour kept as board
    (a felt the colour of one side's checkers: the model drops it as their shade, and their stacks
    run on over it; kept first, it cuts short the shaded checkers of some stacks that read right).
    Where the other outlines' layouts fitted best and every one of them read half points (such an
    outline took in part of the board), the first outline's layouts are read instead.
    `layouts`: candidate_layouts of `outer`, if made already."""
    image = as_image(image)
    outer = check_photo(image) if outer is None else np.float32(outer)
    scored = candidate_layouts(image, outer) if layouts is None else list(layouts)
    first_outline = scored
    if not scored or scored[0][0] < FIT_POOR:
        # the outline may be askew: the finder's other ways too, where one of theirs fits plainly
        # better (never as mere fallbacks: only the first layout's outline is checked for a hand,
        # and an arm across its edge pulls its fit down as an askew outline does)
        others = other_layouts(image, outer)
        if others and (not scored or max(fit for fit, _, _ in others) > scored[0][0] + FIT_NEAR):
            scored = sorted(scored + others, key=lambda s: s[0], reverse=True)
    if not scored:
        raise UnreadablePhotoError("board found but no playing area inside it")
    log.debug("layouts by fit: %s", [(name, round(fit, 3)) for fit, name, _ in scored])
    made: list = []
    tried, halves = yield from _calibrated(image, scored, made)
    if not made and halves == tried and first_outline and scored[0] is not first_outline[0]:
        # another outline's layouts fitted better, and each read half points: that outline took in
        # part of the board only (its half-point columns fit the points well), the first one's are read
        log.debug("every layout of another outline reads half points: the first outline's")
        scored = first_outline
        tried, halves = yield from _calibrated(image, scored, made)
    if not made and halves == tried:  # every layout read half points: part of the board found
        raise HalfBoardError(f"board found but not read: its {HALF_POINTS} (part of the board taken for all of it)")
    # the layouts that failed, a colour taken for board (its checkers on points of its colour): its
    # stacks as the point bases read them; where none calibrated so, or each reading was impossible
    failed = [s for s in scored if s[0] >= scored[0][0] - FIT_NEAR and not any(s[2] is base for _, base in made)]
    if not made:
        yield from _calibrated(image, scored, made, by_bases=True)
        failed = []
    if not made:
        raise UnreadablePhotoError("board found but its checkers could not be told from its points")
    for name, base in list(made):  # every reading impossible: the playing area's own colour kept as board
        try:  # (a felt the colour of one side's checkers, taken for them, runs their stacks on)
            cal, _ = _calibrate_layout(image, base, keep_area=True)
        except (CalibrationError, cv2.error) as exc:
            log.debug("layout %s with the area's colour failed: %s", name, exc)
            continue
        yield cal
    if failed:  # (only those that fit nearly as well as the best: a layout clearly worse is never read)
        yield from _calibrated(image, failed, [], by_bases=True)


def _calibrated(image: np.ndarray, scored: list, made: list, by_bases: bool = False):
    """Yield the calibrations of the layouts `scored` (candidate_layouts) that fit nearly as well as
    the best (within FIT_NEAR), each followed by its refitted variant if any (_calibrate_layout);
    those made go to `made` as (name, layout). Returns (layouts tried, of them with half points)."""
    tried = halves = 0
    for fit, name, base in scored:
        if fit < scored[0][0] - FIT_NEAR:
            break
        tried += 1
        refit: list = []
        try:
            cal, _ = _calibrate_layout(image, base, refit=refit, by_bases=by_bases)
        except (CalibrationError, cv2.error) as exc:
            log.debug("layout %s failed: %s", name, exc)
            halves += isinstance(exc, HalfPointsLayout)
            continue
        made.append((name, base))
        yield cal
        for cal in refit:  # (its reading impossible: the layout with the pitch refitted on its label,
            log.debug("layout %s with its refitted pitch", name)  # stacks that overlap a little)
            yield cal
    return tried, halves


def near_outlines(image: np.ndarray, outer, checker: float):
    """The outline finder's other outlines (other_outlines) whose corners all lie within
    CLEAR_REACH checkers (`checker`: pixels) of the first's `outer`, and none on the picture's edge:
    the first cut across the frame, not one taking in what lies beside the board."""
    reach = CLEAR_REACH * checker
    outer = np.float32(outer)
    for other in other_outlines(image, outer):
        if corners_at_picture_edge(other, image.shape):
            continue
        moved = np.abs(other - outer).max(1)
        far = np.flatnonzero(moved > reach)
        # or one side moved out further, up to TRAY_REACH, round the first: a tray beside the points
        tray = (len(far) == 2 and (far[1] - far[0]) % 2 == 1 and moved.max() <= TRAY_REACH * checker
                and all(cv2.pointPolygonTest(other.reshape(-1, 1, 2), (float(x), float(y)), True) >= -reach
                        for x, y in outer))
        if len(far) and not tray:
            continue
        yield other


MAX_CHECKERS = checkers.CHECKERS  # of one colour in a game (R1): no point, and no colour on the board and bar, holds more


def impossible(reading: Reading) -> str | None:
    """Why a reading cannot be a backgammon position (a point or a colour over MAX_CHECKERS), or None."""
    if not reading.readable:
        return None
    for row in ("top", "bottom"):
        for i, (colour, count) in enumerate(getattr(reading, row)):
            if count > MAX_CHECKERS:
                return f"{count} {colour} checkers read on {row} point {i + 1} (at most {MAX_CHECKERS})"
    for colour, count in _colour_totals(reading).items():
        if count > MAX_CHECKERS:
            return f"{count} {colour} checkers read on the board and bar (at most {MAX_CHECKERS})"
    return None


def _colour_unread(reading: Reading, cal: Calibration) -> str | None:
    """Why a photo's reading cannot be right though it is a position: a checker colour the photo's
    own calibration learnt from discs standing on its points read on no point and not on the bar
    (a layout reaching over the frame reads a row of the other colour's shade there and loses
    the discs its colours came from), or such a row with the other colour read too:
    ROW_OF_SINGLES lone checkers of a colour along it; None otherwise."""
    if not reading.readable:
        return None
    totals = _colour_totals(reading)
    missing = [c for c in cal.colours if not totals.get(c)]
    if missing:
        return f"no {missing[0]} checker read, though its colour was learnt from discs on the points"
    for row in ("top", "bottom"):
        lone = collections.Counter(c for c, n in getattr(reading, row) if c is not None and n == 1)
        for colour, n in lone.items():
            if n >= ROW_OF_SINGLES:
                return f"{n} lone {colour} checkers read along the {row} row: the frame's shade, no game"
    return None


ROW_OF_SINGLES = 8  # points of a row of 12 read as lone checkers of one colour: no game leaves so many blots


FURTHER_LAYOUTS = 2  # possible readings looked for past the first, when the best layout's is impossible
SHORT_LAYOUTS = 2  # later layouts read when the best layout's possible reading is short of a colour's checkers


def short_of_checkers(reading: Reading) -> str | None:
    """Why a possible reading has likely missed checkers, or None: a colour read fewer than
    MAX_CHECKERS times on the points and the bar though one of them stands outside its home board
    or on the bar, so that none can have been borne off (R7: bearing off only with all at home).
    A hint, not proof: a checker hit during the bear-off stands outside too (R7). Both colours
    read the same number under MAX_CHECKERS is a set of fewer a side (the paper board of
    ../shared/data has twelve), not checkers lost: None."""
    if not reading.readable:
        return None
    sides = reading.sides
    totals = [sum(side) for side in sides]
    if totals[0] == totals[1] < MAX_CHECKERS:
        return None
    for player, side in enumerate(sides):
        if totals[player] < MAX_CHECKERS and any(side[6:]):
            return (f"{totals[player]} {reading.players[player]} checkers read on the board and bar, "
                    f"one of them outside its home board")
    return None


def _counts(reading: Reading) -> tuple:
    """The checkers a reading counts on each of its 24 points (its colours named by its own layout)."""
    return tuple(n for row in (reading.top, reading.bottom) for _, n in row)


def _alike(reading: Reading, others) -> bool:
    """Whether one of `others` ((reading, calibration, reader)) counts every point as `reading` does."""
    return any(_counts(other[0]) == _counts(reading) for other in others)


def _agreed(possible: list, repaired: list = ()) -> tuple:
    """Of (reading, calibration, reader) of layouts whose readings are possible, in the order the
    layouts were tried: the first whose points another layout counts alike; else the first whose
    points one of `repaired` counts alike (a layout's impossible reading made possible: R1's
    surplus told, its bar left unread, or a stack trimmed); else the first."""
    for kept in possible:
        if _alike(kept[0], [other for other in possible if other is not kept]):
            return kept
    for kept in possible:  # (the possible one is kept: its bar and surplus read as they are)
        if _alike(kept[0], repaired):
            return kept
    return possible[0]


def _colour_totals(reading: Reading) -> dict:
    """{colour: checkers of it read on the points and the bar} of a readable reading."""
    totals: dict = {}
    for colour, count in (*reading.top, *reading.bottom, *reading.bar):
        if colour is not None:
            totals[colour] = totals.get(colour, 0) + count
    return totals


WORK_SIZE = 1280  # long side (pixels) a larger photo is scaled down to before reading: a board
# filling a third of it still has points some 30 pixels wide, and a 12-megapixel photo reads in time


def _hand_reading(cal: Calibration, score: float) -> Reading:
    """The reading of a photo with a hand in view: no points, the board's orientation only."""
    return Reading(hand_in_view=True, occlusion=score, rotate=cal.rotate, players=cal.players, home=cal.home)


def photo_reading(image) -> tuple[Reading, Calibration]:
    """Read one photo of any board with no calibration; also the calibration learnt from it (in
    the photo's own pixels: a large photo is read scaled down, and dice boxes and the board's
    corners are given back at full size)."""
    image = as_image(image)
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIZE / max(h, w))
    small = image
    if scale < 1.0:
        size = (round(w * scale), round(h * scale))
        if scale < 0.5:  # a linear step to twice the size first (no aliasing at under 2x), then area
            small = cv2.resize(small, (2 * size[0], 2 * size[1]), interpolation=cv2.INTER_LINEAR)
        small = cv2.resize(small, size, interpolation=cv2.INTER_AREA)
    found = locate_photo(small)
    first = _uncovered(small, found) if found.covered else None
    if found.covered and first is None:  # an arm lies across the board's edge: no reading at all
        log.debug("board partly covered: hand in view")
        cal = _covered_calibration(small, found)
        return _full_size(_hand_reading(cal, 1.0), cal, scale, (w, h))
    if first is not None:
        layouts, cals, cal, score = first
    else:
        layouts = candidate_layouts(small, found.corners)
        cals = candidate_calibrations(small, found.corners, layouts)
        try:
            cal = _with_reference(small, next(cals))
        except HalfBoardError:  # every layout half points: a hand over the points makes their bases
            cal = _probe(layouts[0][2], names=("colour0", "colour1"))
            score = hand_score(small, cal.outer, cal.corners)  # alike too, so the edge is looked at first
            if score < 1.0:  # (no colours learnt to leave checkers out)
                raise
            log.debug("hand in view (score %.2f) over a layout of half points", score)
            return _full_size(_hand_reading(cal, score), cal, scale, (w, h))
        score = _hand_score(small, cal)
    if score >= 1.0:  # an outline cutting across the board's points makes its edge depart as an arm
        cal, cals, score = _clear_outline(small, found.corners, layouts, cal, cals, score)  # does: another, if any
    if score >= 1.0:  # a hand or arm crosses the board's edge: no reading at all, never a guess
        log.debug("hand in view (score %.2f)", score)
        return _full_size(_hand_reading(cal, score), cal, scale, (w, h))
    why, conserved, points_only, covered, nearly = None, None, None, None, None
    possible = []  # (reading, calibration, reader) of the later layouts whose reading is possible
    for i, cal in enumerate(itertools.chain([cal], cals)):  # the best layout first; an impossible reading
        cal = cal if i == 0 else _with_reference(small, cal)  # tries the next, never stands
        reading, reader = _layout_read(small, cal)
        if reading.hand_in_view:  # the edge is clear (looked at above): the reader's colours saw
            log.debug("layout %d's reader saw a hand", i)  # something foreign over the points, which
            covered = covered or (reading, cal)  # a layout astray or a colour it did not learn shows
            continue  # too (the felt as dark as the dark checkers): said only if no layout reads
        if i == 0 and _felt_read_as_checkers(reader) and (felt := _felt_kept(small, cal)) is not None:
            log.debug("the felt between the rows read as checkers: the layout with the felt's colour kept")
            reading, cal, reader = felt
            return _full_size(reader.extras(small, reading), cal, scale, (w, h))
        why = impossible(reading) or _colour_unread(reading, cal)
        if why is None and i == 0:
            if (short := short_of_checkers(reading)) is not None:
                log.debug("layout's reading short: %s", short)
                reading, cal, reader = _fuller(small, (reading, cal, reader), cals)
            return _full_size(reader.extras(small, reading), cal, scale, (w, h))
        if why is None:  # (a later layout's: kept once a few more are read, or two agree, see _agreed)
            possible.append((reading, cal, reader))
            if len(possible) > FURTHER_LAYOUTS or _alike(possible[0][0], possible[1:]):
                break  # (no later reading changes which is kept once the first possible one has another alike;
            continue  # the next layout is calibrated only when asked for: before it is, not after)
        log.debug("layout's reading impossible: %s", why)
        if conserved is None and (told := reader.conserved(reading)) is not reading and _a_position(told, cal):
            conserved = (told, cal, reader)
        if points_only is None and (bare := without_bar(reading)) is not None:
            points_only = (bare, cal, reader)
        if nearly is None and (fewer := trimmed(reading)) is not None:
            nearly = (fewer, cal, reader)
    if possible:
        reading, cal, reader = _agreed(possible, [k for k in (conserved, points_only, nearly) if k is not None])
        return _full_size(reader.extras(small, reading), cal, scale, (w, h))
    for kept in (conserved, points_only, nearly):  # no layout reads a position: the first whose surplus is
        if kept is not None:  # told (R1: a recount or the bar, BoardReader.conserved); its points, its bar said
            # unread; nor its points: a checker too many, from the stack read least surely
            reading, cal, reader = kept  # (each layout has its reader: it read this photo only)
            return _full_size(reader.extras(small, reading), cal, scale, (w, h))
    if covered is not None:
        return _full_size(*covered, scale, (w, h))
    raise UnreadablePhotoError(f"the board could not be read: {why}")


def _layout_read(image: np.ndarray, cal: Calibration) -> tuple[Reading, BoardReader]:
    """(reading, reader) of one layout's calibration of the photo: one read, both kinds of dice
    looked for, the kind never learnt for later frames (a re-read); the dice, cube and trays are
    left for the reading kept (BoardReader.extras: a sixth of a read each, spent for nothing on a
    layout whose reading is not kept)."""
    reader = BoardReader(cal, follow_board=False, dice_pips="any", fold_rims=False, conserve=False)
    return reader.read(image, extras=False), reader


def _a_position(reading: Reading, cal: Calibration) -> bool:
    """Whether a layout's reading is a position it may be kept as: no hand, and neither impossible
    nor a colour the layout learnt left unread (_colour_unread)."""
    return not reading.hand_in_view and impossible(reading) is None and _colour_unread(reading, cal) is None


FELT_AS_CHECKERS = 0.5  # share of the playing area between the rows' tips read as checkers: the felt taken for them


def _felt_read_as_checkers(reader: BoardReader) -> bool:
    """Whether the colour model of the reader's calibration takes the playing area between the two
    rows' point tips (AREA_BAND, the bar left out) for checkers, in the frame it read last: a felt
    the colour of one side's checkers, whose board cluster the photo's calibration left out
    (_board_colours_cleaned). Only stacks of six and more reach that band; the felt runs every
    stack of that colour on into it."""
    band = _area_band(reader.classes, reader.calibration.bar)
    return band.size > 0 and float((band != checkers.BOARD).mean()) > FELT_AS_CHECKERS


def _felt_kept(image: np.ndarray, cal: Calibration):
    """(reading, calibration, reader) of the layout of `cal` calibrated again with the playing
    area's own colour kept as board (_calibrate_layout's keep_area) where that reads a possible
    position not short of checkers (short_of_checkers); else None. The felt's colour kept, a stack
    of its checkers ends where they do; they stay apart from it by their shade and rims."""
    try:
        kept, _ = _calibrate_layout(image, cal.base, keep_area=True)
    except (CalibrationError, cv2.error) as exc:
        log.debug("the layout with the felt's colour kept: %s", exc)
        return None
    kept = _with_reference(image, kept)
    reading, reader = _layout_read(image, kept)
    return (reading, kept, reader) if _a_position(reading, kept) and short_of_checkers(reading) is None else None


def _fuller(image: np.ndarray, first: tuple, cals) -> tuple:
    """Of the best layout's possible reading that is short of checkers (`first`: its reading,
    calibration and reader) and the possible readings of up to SHORT_LAYOUTS later layouts (of
    `cals`): the one that reads the most checkers on the points and the bar, the earliest of
    those. A layout a little off its rows loses the last checkers of long stacks and the second
    layer on a row of five (the joints it looks for lie off its pitch), and the next layouts often
    keep them. Where no colour reads all MAX_CHECKERS, a later layout that counts every point as
    the best one does says the checkers are gone (a set of fewer: the paper board of
    ../shared/data has twelve a side): the best layout's reading stands, and no more layouts are
    read. Where one colour reads all of them, the set is a full one and both layouts may have lost
    the same stack (an eight the colour of the felt): the next is read too."""
    totals = _colour_totals(first[0])
    kept, most = first, sum(totals.values())
    full_set = MAX_CHECKERS in totals.values()
    for cal in itertools.islice(cals, SHORT_LAYOUTS):
        cal = _with_reference(image, cal)
        reading, reader = _layout_read(image, cal)
        if not _a_position(reading, cal):
            continue
        if not full_set and _alike(reading, [first]):
            return first
        total = sum(_colour_totals(reading).values())
        if total > most:
            kept, most = (reading, cal, reader), total
    return kept


TRAY_REACH = 3.0  # checkers: how far one side of another outline round the first may lie (a tray the first left out)
COVERED_CLEAR = 0.3  # hand score along an outline found as a board partly covered under which nothing covers it


def _uncovered(image: np.ndarray, found):
    """(its layouts, the calibrations after the first, the first, its hand score) of an outline the finder took for
    a board partly covered (no whole outline stood out: a board darker than a bright table, its
    points scoring just under sure) that is the whole board with nothing across its edge: wholly in
    the picture, and its best layout's hand score under COVERED_CLEAR (an arm that breaks the
    outline crosses the outline found as well); None otherwise."""
    if corners_at_picture_edge(np.float32(found.corners), image.shape):
        return None  # (an arm reaching in from the picture's edge pulls a corner there)
    try:
        layouts = candidate_layouts(image, found.corners)
        cals = candidate_calibrations(image, found.corners, layouts)
        cal = _with_reference(image, next(cals))
    except (CalibrationError, cv2.error, StopIteration) as exc:
        log.debug("outline found as covered: no calibration (%s)", exc)
        return None
    score = _hand_score(image, cal)
    log.debug("outline found as covered: hand score %.2f", score)
    return (layouts, cals, cal, score) if score < COVERED_CLEAR else None


CLEAR_REACH = 1.0  # checkers: how far another outline's corners may lie from the first's to clear
# it of a hand (an outline cut across the frame is off by a frame's width at most; one reaching
# further took in what lies beside the board, a second board with an arm over it)


def _hand_score(image: np.ndarray, cal: Calibration) -> float:
    """hands.hand_score along the edge of a calibration's board, checkers of its colours and its bar
    left out."""
    bar = None if cal.bar is None else (cal.bar[0] / cal.size[0], cal.bar[1] / cal.size[0])
    return hand_score(image, cal.outer, cal.corners, checker_colour_test(cal), bar)


def _clear_outline(image: np.ndarray, outer, first: list, cal: Calibration, cals, score: float):
    """(calibration, the calibrations after it, hand score) of another outline of the board whose
    best layout fits its points at least as well as the first's and whose edge nothing crosses:
    an outline found cutting across the frame and the points' bases (a frame and a table of one
    darkness) departs from its own profile all along that side, as an arm would; a true edge has
    no such run. An arm crosses the board's true edge as well, so no outline clears it; nor one
    whose corners lie further than CLEAR_REACH from the first's. As given when no other outline
    does. `first`: candidate_layouts of the first outline `outer`."""
    if not first:
        return cal, cals, score
    corners = np.float32(cal.corners)
    for other in near_outlines(image, outer, float(np.linalg.norm(corners[1] - corners[0])) / 13.0):
        scored = candidate_layouts(image, other)
        if not scored or scored[0][0] < first[0][0]:
            continue
        others = candidate_calibrations(image, other, scored)
        try:
            found = _with_reference(image, next(others))
        except UnreadablePhotoError:
            continue
        clear = _hand_score(image, found)
        log.debug("another outline fitting %.3f (first %.3f): hand score %.2f", scored[0][0], first[0][0], clear)
        if clear < 1.0:
            return found, others, clear
    return cal, cals, score


def without_bar(reading: Reading) -> Reading | None:
    """A reading whose points make a possible position but whose bar does not (more checkers seen
    on the bar than the points leave of 15: a bar the colour of a checker): the reading with its
    bar not read, and said so in its notes ("uncertain" in the label); None if the points alone are
    impossible too."""
    if not reading.readable or not any(n for _, n in reading.bar):
        return None
    bare = dataclasses.replace(reading, bar=())
    if impossible(bare) is not None:
        return None
    seen = ", ".join(f"{n} {c}" for c, n in reading.bar if n)
    return dataclasses.replace(bare, notes=reading.notes + (
        f"bar: not read ({seen} seen there, more than the points leave room for)",))


TRIM_MOST = 2  # checkers of a colour over MAX_CHECKERS that trimmed takes off, at most
TRIM_SURE = 0.5  # a stack trimmed was read with less confidence than this (the label says it uncertain)


def trimmed(reading: Reading) -> Reading | None:
    """A reading impossible only by a checker or two too many of a colour (at most TRIM_MOST over
    MAX_CHECKERS), with as many stacks of two or more of that colour read unsurely (confidence
    under TRIM_SURE): one checker fewer on each of the least sure of them, said so in its notes
    ("uncertain" in the label). A long stack is the likeliest to be read one too long (its
    checkers overlap, a shadow or a point's tip past it looks like one more), and the reader says
    so by its low confidence. None when the reading cannot be made possible so."""
    if not reading.readable or reading.confidence is None:
        return None
    rows = {"top": [list(p) for p in reading.top], "bottom": [list(p) for p in reading.bottom]}
    confs = {"top": reading.confidence[0], "bottom": reading.confidence[1]}
    notes = []
    for colour, total in _colour_totals(reading).items():
        over = total - MAX_CHECKERS
        if over <= 0:
            continue
        if over > TRIM_MOST:
            return None
        unsure = sorted((confs[row][i], row, i) for row in rows for i, (c, n) in enumerate(rows[row])
                        if c == colour and n >= 2 and confs[row][i] < TRIM_SURE)
        if len(unsure) < over:
            return None
        for _, row, i in unsure[:over]:
            rows[row][i][1] -= 1
            notes.append(f"{row} {i + 1}: {rows[row][i][1] + 1} {colour} read, taken as {rows[row][i][1]} "
                         f"({total} {colour} read in all, at most {MAX_CHECKERS})")
    if not notes:
        return None
    out = dataclasses.replace(reading, top=tuple(tuple(p) for p in rows["top"]),
                              bottom=tuple(tuple(p) for p in rows["bottom"]), notes=reading.notes + tuple(notes))
    return out if impossible(out) is None else None


def checker_colour_test(cal: Calibration):
    """A colour test for the hand gate: BGR pixels (N, 3) uint8 -> True where the calibration's
    colour model takes them for a checker and they are near its colour (not foreign)."""
    lut_class, lut_dist = checkers.build_lut(cal.centroids)
    classes = [c for c in {int(c[0]) for c in cal.centroids} if c not in (*checkers.BOARD_COLOURS, checkers.BAR)]

    def test(pixels: np.ndarray) -> np.ndarray:
        idx = checkers.bin_index(pixels)
        return np.isin(lut_class[idx], classes) & (lut_dist[idx] <= cal.distance_limit)
    return test


def _covered_calibration(image: np.ndarray, found: BoardOutline) -> Calibration:
    """The geometry alone of a partly covered board (its outline taken for the playing area, no
    colours: the two named as a first label names them): enough to draw where the board is on an
    overlay, nothing to read with."""
    outer = np.float32(found.corners)
    rotate = board_turn(outer, image.shape[1::-1])
    outer = turn_corners(outer, rotate)
    return _probe(_base(image, rotate, outer, outer, None), names=("colour0", "colour1"))  # colours not seen


def _full_size(reading: Reading, cal: Calibration, scale: float, size) -> tuple[Reading, Calibration]:
    """A reading and calibration made on the photo scaled by `scale`, given back in its own pixels."""
    if scale == 1.0:
        return reading, cal
    w, h = size
    up = 1.0 / scale
    dice = tuple(dataclasses.replace(d, box=tuple(int(round(v * up)) for v in d.box)) for d in reading.dice)
    cal = dataclasses.replace(
        cal, image_size=(w, h),
        corners=tuple((x * up, y * up) for x, y in cal.corners),
        outer=tuple((x * up, y * up) for x, y in cal.outer))
    return dataclasses.replace(reading, dice=dice), cal


def read_photo(image) -> Reading:
    """Read one photo of any board with no calibration."""
    return photo_reading(image)[0]
