import pathlib

import cv2
import pytest

# make test runs two pytest workers on two cores: OpenCV's own threads (one per core by default)
# would make four compete for them; the Pi's reader and the benches run on one core too
cv2.setNumThreads(1)

ROOT = pathlib.Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> pathlib.Path:
    """The real photos in ../shared/data (read in place, never copied)."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not beside the project")
    return SHARED_DATA
