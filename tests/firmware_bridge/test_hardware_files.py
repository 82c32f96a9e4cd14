"""hardware/: the docs agree with the code (pin map, camera heights), the unit file, the markers."""
from __future__ import annotations

import configparser
import importlib.util
import pathlib
import re

import cv2
import pytest

from firmware_bridge import DEFAULT_BUTTON_PINS, DEFAULT_SIGNAL_PINS

HARDWARE = pathlib.Path(__file__).resolve().parents[2] / "hardware"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"hardware_{name}", HARDWARE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pin_map_rows() -> dict[str, int]:
    """role -> BCM number from the pin map table in WIRING.md."""
    rows = {}
    for line in (HARDWARE / "WIRING.md").read_text().splitlines():
        match = re.match(r"\|[^|]+\| GPIO(\d+) \|[^|]+\|[^|]+\| `(\w+)` \|", line)
        if match:
            rows[match.group(2)] = int(match.group(1))
    return rows


def test_wiring_pin_map_matches_the_defaults():
    assert pin_map_rows() == {**DEFAULT_SIGNAL_PINS, **DEFAULT_BUTTON_PINS}


def test_camera_heights_in_wiring_match_the_computation():
    camera = load("camera_height")
    text = (HARDWARE / "WIRING.md").read_text()
    standard, wide = camera.table()
    assert round(standard[1]) == 80 and round(wide[1]) == 45
    assert f"| Camera Module 3 (standard) | {round(standard[1])} cm |" in text
    assert f"| Camera Module 3 Wide | {round(wide[1])} cm |" in text
    # the frame really holds the board plus margin at that height
    assert camera.min_height(80, 60, 66, 41) == pytest.approx(standard[1])


def test_led_resistors_keep_gpio_current_in_budget():
    for vf in (2.0, 2.1, 2.2):
        current = (3.3 - vf) / 150
        assert 0.005 < current <= 0.010
    assert (5 - 3.1 - 0.1) / 120 == pytest.approx(0.015)


def test_systemd_unit_runs_the_referee_and_restarts_on_failure():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(HARDWARE / "bgref.service")
    service = unit["Service"]
    assert service["ExecStart"].endswith("bgref run --config /etc/bgref/bgref.toml")
    assert service["ExecStart"].startswith("/opt/bgref/.venv/bin/")
    assert service["Restart"] == "on-failure"
    assert service["StandardOutput"] == "journal" and service["StandardError"] == "journal"
    assert {"video", "gpio", "dialout"} <= set(service["SupplementaryGroups"].split())
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_install_notes_cover_picamera2_venv_and_pip_install():
    text = (HARDWARE / "INSTALL.md").read_text()
    for needed in ("python3-picamera2", "--system-site-packages", "pip install", "bgref.service",
                   "systemctl enable", "journalctl -u bgref"):
        assert needed in text


def test_aruco_markers_are_detected_with_their_ids(tmp_path):
    markers = load("aruco_markers")
    assert markers.main([str(tmp_path)]) == 0
    sheet = cv2.imread(str(tmp_path / "aruco_corners_a4.png"), cv2.IMREAD_GRAYSCALE)
    assert sheet.shape == (markers.mm_to_px(297), markers.mm_to_px(210))
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = detector.detectMarkers(sheet)
    assert sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    side = cv2.norm(corners[0][0][0] - corners[0][0][1])
    assert side == pytest.approx(markers.mm_to_px(40), rel=0.03)  # printed at 300 dpi: 40 mm


def test_firmware_runs_under_real_micropython():
    """Optional: set BGREF_MPY_NODE_MODULES to a node_modules holding
    @micropython/micropython-webassembly-pyscript (see hardware/firmware/mpy_check/run.mjs)."""
    import os
    import shutil
    import subprocess

    modules = os.environ.get("BGREF_MPY_NODE_MODULES")
    if not modules or not shutil.which("node"):
        pytest.skip("MicroPython (WebAssembly, via node) not set up: BGREF_MPY_NODE_MODULES")
    result = subprocess.run(["node", str(HARDWARE / "firmware" / "mpy_check" / "run.mjs")],
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "BGREF_MPY_NODE_MODULES": modules})
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("micropython")
    assert result.stdout.rstrip().endswith("OK")
