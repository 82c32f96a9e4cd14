"""The board label format of ../shared/data/README.md: load, dump, build and compare labels.

A label is a plain dict (JSON object) with "top" and "bottom" (12 [colour, count] each, left to
right after turning the image by "rotate"), "bar", "dice", "cube", "hand_in_view", "uncertain".
"""
from __future__ import annotations

import itertools
import json
import pathlib
import re
from dataclasses import dataclass

from .errors import LabelError

ROWS = ("top", "bottom")
_UNCERTAIN = re.compile(r"^\s*(top|bottom)\s+(\d+)\b")


def _check_row(label: dict, row: str, where: str) -> None:
    points = label.get(row)
    if not isinstance(points, list) or len(points) != 12:
        raise LabelError(f"{where}: {row!r} must be a list of 12 [colour, count] pairs")
    for i, point in enumerate(points, 1):
        if not (isinstance(point, (list, tuple)) and len(point) == 2):
            raise LabelError(f"{where}: {row} {i} is not a [colour, count] pair: {point!r}")
        colour, count = point
        if not isinstance(count, int) or count < 0:
            raise LabelError(f"{where}: {row} {i} has a bad count {count!r}")
        if (colour is None) != (count == 0):
            raise LabelError(f"{where}: {row} {i}: colour {colour!r} does not fit count {count}")


def validate(label: dict, where: str = "label") -> dict:
    """Check the parts of a label that the vision uses; return it unchanged."""
    if not isinstance(label, dict):
        raise LabelError(f"{where}: a label must be a JSON object")
    if label.get("hand_in_view") and label.get("top") is None:
        return label
    for row in ROWS:
        _check_row(label, row, where)
    rotate = label.get("rotate", 0)
    if rotate not in (0, 90, 180, 270):
        raise LabelError(f"{where}: rotate must be 0, 90, 180 or 270, not {rotate!r}")
    return label


def load(path: str | pathlib.Path) -> dict:
    """Read and check one label file (NAME.jpg.json)."""
    path = pathlib.Path(path)
    try:
        label = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise LabelError(f"{path}: not JSON ({exc})") from exc
    return validate(label, str(path))


_PAIR = re.compile(r"\[\s+(null|\"[^\"]*\"),\s+(\d+)\s+\]")
_NUMBERS = re.compile(r"\[\s+(-?[\d.]+(?:,\s+-?[\d.]+)*)\s+\]")


def dumps(label: dict) -> str:
    """The label as JSON text, one point per line for reading by eye."""
    text = _PAIR.sub(r"[\1, \2]", json.dumps(label, indent=1))
    return _NUMBERS.sub(lambda m: "[" + ", ".join(v.strip() for v in m.group(1).split(",")) + "]", text)


def colours(label: dict) -> list[str]:
    """The checker colours named in a label, in order of first appearance (top row, then bottom)."""
    seen: list[str] = []
    for row in ROWS:
        for colour, count in label.get(row) or ():
            if colour is not None and colour not in seen:
                seen.append(colour)
    for colour in (label.get("bar") or {}):
        if colour not in seen:
            seen.append(colour)
    return seen


def uncertain_points(label: dict) -> set[tuple[str, int]]:
    """The (row, index 0..11) of the points a label marks as uncertain (not scored)."""
    out = set()
    for text in label.get("uncertain") or ():
        match = _UNCERTAIN.match(str(text))
        if match:
            out.add((match.group(1), int(match.group(2)) - 1))
    return out


@dataclass(frozen=True)
class PointScore:
    """How a reading compares with a label: points scored and right, and whether the board is."""

    scored: int
    right: int
    wrong: tuple[str, ...]  # "top 3: read red 2, label red 3"

    @property
    def board_right(self) -> bool:
        return self.right == self.scored


def colour_mapping(read: dict, truth: dict) -> dict:
    """Map the reader's colour names to the label's by the best match over the points."""
    read_names = colours(read)
    true_names = colours(truth)
    best, best_hits = {}, -1
    if not read_names:
        return {}
    pad = true_names + [None] * max(0, len(read_names) - len(true_names))
    for perm in itertools.permutations(pad, len(read_names)):
        mapping = dict(zip(read_names, perm))
        hits = sum(
            mapping.get(r[0]) == t[0]
            for row in ROWS
            for r, t in zip(read[row], truth[row])
            if r[0] is not None and t[0] is not None
        )
        if hits > best_hits:
            best, best_hits = mapping, hits
    return best


def as_image_shows(read: dict) -> dict:
    """A reading's rows as the unturned image shows them (a landscape board read turned by 180
    degrees has its rows swapped and reversed), to compare with a label of the image as it is."""
    if read.get("rotate", 0) % 360 == 180:
        return dict(read, top=[list(x) for x in read["bottom"][::-1]], bottom=[list(x) for x in read["top"][::-1]])
    return read


def bar_right(read: dict, truth: dict) -> bool:
    """Whether a reading has the label's checkers on the bar, colour by colour (the reader's colour
    names mapped to the label's as the points match them)."""
    mapping = colour_mapping(read, truth)
    got: dict = {}
    for colour, n in (read.get("bar") or {}).items():
        name = mapping.get(colour, colour)
        got[name] = got.get(name, 0) + n
    return all(got.get(c, 0) == n for c, n in (truth.get("bar") or {}).items())


def compare(read: dict, truth: dict) -> PointScore:
    """Score the 24 points of a reading against a label (uncertain points are not scored)."""
    mapping = colour_mapping(read, truth)
    skip = uncertain_points(truth)
    scored = right = 0
    wrong = []
    for row in ROWS:
        for i, (r, t) in enumerate(zip(read[row], truth[row])):
            if (row, i) in skip:
                continue
            scored += 1
            colour = mapping.get(r[0]) if r[0] is not None else None
            if colour == t[0] and r[1] == t[1]:
                right += 1
            else:
                wrong.append(f"{row} {i + 1}: read {r[0]} {r[1]}, label {t[0]} {t[1]}")
    return PointScore(scored, right, tuple(wrong))
