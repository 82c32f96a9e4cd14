"""Images in: a BGR uint8 array from an array or a file, with a clear error when there is none;
work arrays kept for the steps that make large ones again and again; the order statistics taken
every frame (percentile, median) without numpy's overhead, which costs more than the sorting on
the short arrays they are taken of, and squared colour distances without its slow reduction."""
from __future__ import annotations

import math
import pathlib
import threading

import cv2
import numpy as np

from .errors import ImageReadError


HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1", b"avif")  # ISO BMFF brands


def unread_why(path: pathlib.Path) -> str:
    """Why OpenCV read no image at `path`: no file there, a HEIC/HEIF photo (an iPhone's own format,
    which OpenCV's builds do not read), or a file that is no image it knows (or a damaged one)."""
    if not path.exists():
        return "no file there"
    if not path.is_file():
        return "not a file"
    try:
        with open(path, "rb") as f:
            head = f.read(12)
    except OSError as exc:
        return f"the file cannot be opened ({exc.strerror or exc})"
    if (len(head) == 12 and head[4:8] == b"ftyp" and head[8:12] in HEIF_BRANDS) or \
            path.suffix.lower() in (".heic", ".heif", ".avif"):
        return ("a HEIC/HEIF photo, which OpenCV does not read: save it as JPEG or PNG (an iPhone takes "
                "JPEG with Settings > Camera > Formats > Most Compatible)")
    if not head:
        return "the file is empty"
    return "not an image OpenCV reads (or a damaged one)"


def as_image(image) -> np.ndarray:
    """A BGR uint8 image from an array or a file path (turned as its EXIF orientation says, as a
    phone stores a photo); ImageReadError if there is none, saying why."""
    if isinstance(image, (str, pathlib.Path)):
        path = pathlib.Path(image)
        data = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if data is None:
            raise ImageReadError(f"{path}: cannot read an image there: {unread_why(path)}")
        image = data
    if not isinstance(image, np.ndarray) or image.size == 0:
        raise ImageReadError("empty image")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ImageReadError(f"expected a BGR uint8 image, got shape {image.shape} {image.dtype}")
    return image


# work arrays kept (one set a thread): fresh arrays of megabytes cost more in page faults than the
# arithmetic done in them (the allocator hands such blocks back to the system when freed)
_WORK = threading.local()
WORK_KEPT = 16  # arrays kept a thread; when one more is asked for, the kept ones are let go
WORK_MOST = 1 << 22  # elements: a larger array (a whole 12-megapixel photo) is made fresh, not kept


def work_array(name: str, shape: tuple, dtype, least: int = 0):
    """A kept array of this shape and dtype for the step `name` (its contents left over from the
    last use), or None where it has fewer than `least` or more than WORK_MOST elements (OpenCV and
    numpy then make a fresh one: pass it as ``dst``/``out``). Only for arrays no result keeps."""
    size = math.prod(shape)
    if size < least or size > WORK_MOST:
        return None
    kept = getattr(_WORK, "arrays", None)
    if kept is None:
        kept = _WORK.arrays = {}
    key = (name, tuple(shape), np.dtype(dtype).str)
    out = kept.get(key)
    if out is None:
        if len(kept) >= WORK_KEPT:
            kept.clear()
        out = kept[key] = np.empty(shape, dtype)
    return out


def percentile(values, q: float) -> float:
    """np.percentile (linear) of a short array, by a sort (called per pip candidate, per point)."""
    v = np.sort(np.ravel(values))
    n = len(v)
    if n == 0:
        return float("nan")
    pos = q / 100 * (n - 1)
    lo = int(pos)
    if lo >= n - 1:
        return float(v[-1])
    return float(v[lo]) + (pos - lo) * (float(v[lo + 1]) - float(v[lo]))


def percentile_u8(values: np.ndarray, q: float) -> float:
    """np.percentile (linear) of a uint8 array of any size, from its histogram: the two order
    statistics it needs are found by counting, not sorting (a view's brightest per cent, every frame)."""
    if values.dtype != np.uint8:
        return float(np.percentile(values, q))
    counts = np.cumsum(np.bincount(values.ravel(), minlength=256))
    n = int(counts[-1])
    if n == 0:
        return float("nan")
    pos = q / 100 * (n - 1)
    lo = int(pos)
    a = int(np.searchsorted(counts, lo, side="right"))  # the value of the lo-th smallest (from 0)
    if lo >= n - 1:
        return float(a)
    b = int(np.searchsorted(counts, lo + 1, side="right"))
    return float(a) + (pos - lo) * (b - a)


def median(v: np.ndarray) -> float:
    """np.median of a 1-d array, by a partition (called for every point, layout and try)."""
    n = len(v)
    if n % 2:
        return float(np.partition(v, n // 2)[n // 2])
    p = np.partition(v, (n // 2 - 1, n // 2))
    return float((p[n // 2 - 1] + p[n // 2]) / 2)


def median_rows(rows) -> np.ndarray:
    """np.median(rows, axis=0) of a few rows of the same length, by a sort."""
    a = np.sort(np.asarray(rows), axis=0)
    n = len(a)
    return a[n // 2] if n % 2 else (a[n // 2 - 1] + a[n // 2]) / 2


def sq_dist3(a, b) -> np.ndarray:
    """((a - b) ** 2).sum(-1) exactly, for colours (a last axis of 3): the three squares added in
    the order numpy's sum adds them, at half its cost (a reduction along an axis of three is slow)."""
    d = np.subtract(a, b)
    if d.dtype.kind != "f" or d.shape[-1] != 3:  # (integers: numpy's sum widens them)
        return (d ** 2).sum(-1)
    d *= d
    return d[..., 0] + d[..., 1] + d[..., 2]
