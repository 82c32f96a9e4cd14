"""The LEDs at the table: the real firmware_bridge.Signals on gpiozero's MockFactory pins."""
import pytest

from referee.demo import DEMO_OPTIONS, Director
from referee.simulated import RecordingDisplay, TruthPipeline
from referee.table import open_table


@pytest.fixture
def table(tmp_path):
    from gpiozero.pins.mock import MockFactory, MockPWMPin
    from firmware_bridge import Signals
    signals = Signals(pin_factory=MockFactory(pin_class=MockPWMPin))
    pipeline = TruthPipeline()
    t = open_table(tmp_path / "j.jsonl", match_options=DEMO_OPTIONS, players=("Ann", "Bob"),
                   clock=lambda: 0.0, signals=signals, display=RecordingDisplay(),
                   right_half_of=pipeline.right_half_of)
    yield Director(t, pipeline), t, signals
    signals.close()


def lights(signals):
    return {light: signals.pattern(light) for light in ("turn0", "turn1", "illegal", "attention")}


def test_turn_light_follows_the_player_and_red_goes_off_when_the_move_stands(table):
    d, t, signals = table
    d.set_up()
    d.opening(3, 1)
    assert lights(signals)["turn0"] == "steady" and lights(signals)["turn1"] == "off"
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    assert lights(signals)["turn1"] == "steady" and lights(signals)["turn0"] == "off"
    d.roll(1, 6, 4)
    d.move_to(t.state.position.play("24/18 13/8"))
    d.lift()
    assert lights(signals)["illegal"] == "blink"
    d.roll(0, 2, 1)                           # Ann rolls: the move stands, red off
    assert lights(signals) == {"turn0": "steady", "turn1": "off", "illegal": "off",
                               "attention": "off"}


def test_amber_for_a_reroll_and_a_double_goes_off_once_resolved(table):
    d, t, signals = table
    d.set_up()
    d.opening(3, 1)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    d.roll(1, 6, 4, cocked=True)
    assert lights(signals)["attention"] == "pulse"
    d.lift()
    assert lights(signals)["attention"] == "off"
    d.cube(2, "middle")
    assert t.phase == "doubled" and lights(signals)["attention"] == "pulse"
    d.cube(2, "player0")
    assert t.phase == "roll" and lights(signals)["attention"] == "off"
