"""`bgref run`'s wiring: the buttons' held meanings, faults in the journal, the club publisher."""
from __future__ import annotations

import queue
import time

import pytest

from referee.run import wire_buttons


@pytest.fixture
def buttons():
    from gpiozero.pins.mock import MockFactory
    from firmware_bridge import Buttons
    factory = MockFactory()
    with Buttons(pin_factory=factory, bounce_time=0.01, hold_time=0.5) as b:
        b.factory = factory
        yield b


def _pin(buttons, role: str):
    from firmware_bridge.pins import DEFAULT_BUTTON_PINS
    return buttons.factory.pin(DEFAULT_BUTTON_PINS[role])


def _press(buttons, role: str, presses: queue.Queue) -> str:
    """Press and release well inside hold_time; what the table was told."""
    _pin(buttons, role).drive_low()
    time.sleep(0.03)
    _pin(buttons, role).drive_high()
    return presses.get(timeout=3.0)


def _hold(buttons, role: str, presses: queue.Queue) -> str:
    """Keep the button down until the table is told something (the hold fires while held)."""
    _pin(buttons, role).drive_low()
    try:
        return presses.get(timeout=3.0)
    finally:
        _pin(buttons, role).drive_high()


@pytest.mark.parametrize("role, meaning", [("take", "beaver"), ("confirm", "condone"),
                                           ("undo", "new_game")])
def test_run_wires_the_held_meanings_of_the_buttons(buttons, role, meaning):
    presses: queue.Queue = queue.Queue()
    wire_buttons(buttons, presses.put)
    assert _press(buttons, role, presses) == role
    assert _hold(buttons, role, presses) == meaning  # held past hold_time: the second meaning
    time.sleep(0.05)
    assert presses.empty()                           # and the release says nothing more


def test_buttons_without_a_held_meaning_are_refused():
    class FiveButtons:
        when_double = when_take = when_pass = when_confirm = when_undo = None
    with pytest.raises(ValueError, match="when_beaver, when_condone, when_new_game"):
        wire_buttons(FiveButtons(), print)


def _journal(path):
    import json
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_run_starts_the_club_publisher_when_club_table_is_set(tmp_path):
    from referee.run import run_from_config
    from tests.referee.club.test_club_publisher import FakeClient
    clients = []

    def factory(settings, client_id, **kwargs):
        clients.append(FakeClient(settings, client_id))
        clients[-1].client_id = client_id
        return clients[-1]
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "render"\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "match.jsonl"\nsettle_frames = 1\n'
                      '[club]\nname = "oxford"\ntable = "t1"\n[mqtt]\nhost = "club.local"\n')
    assert run_from_config(config, max_frames=12, mqtt_client_factory=factory) == 0
    assert len(clients) == 1 and clients[0].client_id == "bgref-oxford-t1"
    records = _journal(tmp_path / "match.jsonl")
    events = [event for _, event in clients[0].events()]
    assert [e["seq"] for e in events] == [r["seq"] for r in records] and len(records) > 2
    assert all(e["id"].startswith("t1:") and e["club"] == "oxford" for e in events)
    assert (tmp_path / "match.jsonl.cursor").exists()  # what the broker acknowledged


def test_run_without_club_table_publishes_nothing(tmp_path):
    from referee.run import run_from_config
    made = []
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "render"\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "match.jsonl"\n[mqtt]\nhost = "club.local"\n')
    assert run_from_config(config, max_frames=2, mqtt_client_factory=made.append) == 0
    assert made == [] and not (tmp_path / "match.jsonl.cursor").exists()


class _FakeDisplay:
    """A display whose serial link the test unplugs and plugs back in."""

    def __init__(self):
        import types
        self.stats = types.SimpleNamespace(connected=True)
        self.states = []

    def show(self, state):
        self.states.append(state)

    def close(self):
        pass


def test_faults_go_into_the_journal(tmp_path, monkeypatch):
    """A live camera giving no frame for a while is "camera lost" (and "camera back" when frames
    come again); the serial display's link going and coming is "display lost"/"display back"."""
    import referee.run as run
    from tests.referee.readings import FakeReading
    now = [0.0]
    display = _FakeDisplay()
    # each read: (frame or None, display connected); 2 s of clock a read
    script = ([(FakeReading(), True)] * 3 + [(None, True)] * 4 + [(FakeReading(), False)] * 5
              + [(FakeReading(), True)] * 2)

    class Camera:
        def read(self):
            now[0] += 2.0
            frame, display.stats.connected = script.pop(0)
            return frame

        def close(self):
            pass
    monkeypatch.setattr(run, "open_camera", lambda config: (Camera(), None,
                                                            lambda p: "right half"))
    monkeypatch.setattr(run, "open_display", lambda config: display)
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "video:0"\nfps = 100\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "m.jsonl"\n')
    assert run.run_from_config(config, max_frames=10, clock=lambda: now[0]) == 0
    assert not script
    faults = [r for r in _journal(tmp_path / "m.jsonl") if r["type"] == "fault"]
    assert [f["what"] for f in faults] == ["camera lost", "camera back", "display lost",
                                          "display back"]
    assert faults[0]["time"] >= 6.0 + run.CAMERA_LOST_AFTER  # the last frame came at 6 s
    assert all("position" in f and "table" in f for f in faults)  # what the club page shows


def test_a_recording_ending_is_the_end_not_a_lost_camera(tmp_path, monkeypatch):
    import referee.run as run
    from tests.referee.readings import FakeReading
    frames = [FakeReading()] * 2

    class Recording:
        def read(self):
            return frames.pop(0) if frames else None

        def close(self):
            pass
    monkeypatch.setattr(run, "open_camera", lambda config: (Recording(), None,
                                                            lambda p: "right half"))
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "video:game.mp4"\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "m.jsonl"\n')
    assert run.run_from_config(config) == 0
    assert not any(r["type"] == "fault" for r in _journal(tmp_path / "m.jsonl"))
