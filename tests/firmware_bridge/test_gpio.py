"""Signals and Buttons on gpiozero's MockFactory (MockPWMPin): pin states over time."""
from __future__ import annotations

import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from firmware_bridge import BridgeError, Buttons, PinConfigError, Signals, SignalTiming
from firmware_bridge.pins import DEFAULT_BUTTON_PINS, DEFAULT_SIGNAL_PINS

QUICK = SignalTiming(blink_on=0.03, blink_off=0.03, pulse_fade=0.2, flash=0.06, beep_on=0.02,
                     beep_off=0.02)


@pytest.fixture
def factory():
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()


@pytest.fixture
def signals(factory):
    with Signals(pin_factory=factory, timing=QUICK) as signals:
        yield signals


def pin(factory, role, pins=DEFAULT_SIGNAL_PINS):
    return factory.pin(pins[role])


def levels(p):
    """The levels a mock pin went through (its initial state first)."""
    return [state.state for state in p.states]


def intervals(p):
    """Seconds each level lasted before the next change ([0] is the initial level, [1] the first change)."""
    return [state.timestamp for state in p.states[1:]]


def test_turn_is_steady_and_exclusive(factory, signals):
    turn0, turn1 = pin(factory, "turn0"), pin(factory, "turn1")
    signals.turn(0)
    assert (turn0.state, turn1.state) == (1.0, 0.0)
    signals.turn(1)
    assert (turn0.state, turn1.state) == (0.0, 1.0)
    signals.turn(None)
    assert (turn0.state, turn1.state) == (0.0, 0.0)
    assert levels(turn0) == [0.0, 1.0, 0.0] and levels(turn1) == [0.0, 1.0, 0.0]
    with pytest.raises(BridgeError, match="player"):
        signals.turn(2)


def wait_for_changes(p, count, timeout=3.0):
    """Wait until the pin has changed level at least count times (robust on a loaded machine)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and len(p.states) <= count:
        time.sleep(0.005)


def test_illegal_blinks_red_at_the_blink_rate_and_beeps_twice(factory, signals):
    red, buzzer = pin(factory, "illegal"), pin(factory, "buzzer")
    signals.illegal()
    wait_for_changes(red, 6)
    wait_for_changes(buzzer, 4)
    signals.clear()
    seen = levels(red)
    assert seen[:7] == [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    assert red.state == 0.0
    phases = intervals(red)[1:6]  # on 0.03 s, off 0.03 s, ...
    assert min(phases) >= 0.025  # never faster than asked
    assert sorted(phases)[len(phases) // 2] == pytest.approx(0.03, abs=0.02)  # typically on time
    time.sleep(0.05)
    assert levels(buzzer) == [0.0, 1.0, 0.0, 1.0, 0.0]  # two beeps, then quiet
    assert signals.pattern("illegal") == "off"


def test_blink_is_not_restarted_by_a_second_illegal(factory, signals, monkeypatch):
    from gpiozero import PWMLED

    started = []
    original = PWMLED.blink
    monkeypatch.setattr(PWMLED, "blink", lambda led, *a, **k: started.append(1) or original(led, *a, **k))
    signals.illegal(sound=False)
    time.sleep(0.01)
    signals.illegal(sound=False)  # restarting would make the first "on" phase too long
    signals.clear()
    assert started == [1]


def test_attention_pulses_amber_up_and_down(factory, signals):
    amber = pin(factory, "attention")
    signals.attention()
    wait_for_changes(amber, 14)  # 0.2 s up and 0.2 s down at 25 steps/s
    signals.clear()
    seen = levels(amber)
    top = seen.index(max(seen))
    rising, falling = seen[1:top + 1], seen[top:top + 5]
    assert len(rising) >= 4 and 0.0 < rising[0] < 1.0  # a fade, not a switch
    assert rising == sorted(rising) and falling == sorted(falling, reverse=True)
    assert amber.state == 0.0


def test_accepted_flashes_green_once_and_puts_out_red_and_amber(factory, signals):
    green, red, amber = pin(factory, "accepted"), pin(factory, "illegal"), pin(factory, "attention")
    signals.illegal(sound=False)
    signals.attention()
    signals.accepted()
    assert red.state == 0.0 and amber.state == 0.0
    wait_for_changes(green, 2)
    time.sleep(0.05)
    assert levels(green) == [0.0, 1.0, 0.0]
    assert 0.055 <= intervals(green)[1] < 0.3  # how long it was on (0.06 s asked)


def test_every_pattern_by_name_and_bad_names(factory, signals):
    green = pin(factory, "accepted")
    signals.show("accepted", "steady")
    assert green.state == 1.0
    signals.show("accepted", "off")
    assert green.state == 0.0
    with pytest.raises(BridgeError, match="pattern"):
        signals.show("accepted", "disco")
    with pytest.raises(BridgeError, match="light"):
        signals.show("blue", "steady")


@pytest.mark.parametrize("off", [None, False])
def test_no_buzzer_is_allowed(factory, off):
    with Signals({"buzzer": off}, pin_factory=factory, timing=QUICK) as signals:
        signals.illegal()  # no beep, no error
        signals.buzz(3)
    assert levels(factory.pin(DEFAULT_SIGNAL_PINS["buzzer"])) == [False]  # never driven


def test_a_partial_pin_map_overrides_only_what_it_names(factory):
    with Signals({"accepted": 12}, pin_factory=factory, timing=QUICK) as signals:
        signals.show("accepted", "steady")
        assert factory.pin(12).state == 1.0
        signals.turn(0)
        assert factory.pin(DEFAULT_SIGNAL_PINS["turn0"]).state == 1.0
    with Buttons({"undo": 16}, pin_factory=factory, bounce_time=0.01) as buttons:
        pressed = []
        buttons.when_undo = lambda: pressed.append("undo")
        factory.pin(16).drive_low()
        time.sleep(0.03)
        factory.pin(16).drive_high()
        time.sleep(0.05)
        assert pressed == ["undo"]


@pytest.mark.parametrize("pins, message", [
    ({**DEFAULT_SIGNAL_PINS, "blue": 4}, "unknown role"),
    ({**DEFAULT_SIGNAL_PINS, "illegal": 17}, "both turn0 and illegal"),
    ({**DEFAULT_SIGNAL_PINS, "accepted": 40}, "accepted"),
    ({"turn0": 27}, "both turn0 and turn1"),  # a partial map still clashes with the defaults
    ({"illegal": True}, "illegal"),
    ({"turn0": None}, "turn0"),  # only the buzzer may be left out
])
def test_bad_pin_maps_name_the_problem(factory, pins, message):
    with pytest.raises(PinConfigError, match=message):
        Signals(pins, pin_factory=factory)


def test_close_releases_pins(factory):
    signals = Signals(pin_factory=factory, timing=QUICK)
    signals.turn(0)
    signals.close()
    with Signals(pin_factory=factory, timing=QUICK) as again:  # the pins are free again
        again.turn(1)


# ---- buttons ------------------------------------------------------------------------------


@pytest.fixture
def buttons(factory):
    with Buttons(pin_factory=factory, bounce_time=0.02, hold_time=0.15) as buttons:
        calls = []
        for name in ("double", "take", "pass", "confirm", "undo", "beaver", "condone", "new_game"):
            setattr(buttons, f"when_{name}", lambda name=name: calls.append(name))
        buttons.calls = calls
        yield buttons


def button_pin(factory, role):
    return factory.pin(DEFAULT_BUTTON_PINS[role])


def press(factory, role, seconds=0.06):
    p = button_pin(factory, role)
    p.drive_low()  # the button pulls the pin to ground
    time.sleep(seconds)
    p.drive_high()


def hold(factory, buttons, role, until, timeout=2.0):
    """Keep the button down until the callback `until` has fired (or timeout), then let go."""
    p = button_pin(factory, role)
    p.drive_low()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and until not in buttons.calls:
        time.sleep(0.005)
    fired_while_held = until in buttons.calls
    time.sleep(0.03)
    p.drive_high()
    return fired_while_held


def settle(buttons, expected, timeout=1.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and len(buttons.calls) < len(expected):
        time.sleep(0.005)
    time.sleep(0.05)  # and nothing more arrives
    return buttons.calls


@pytest.mark.parametrize("role", ["double", "take", "pass", "confirm", "undo"])
def test_each_button_press_calls_its_callback_once(factory, buttons, role):
    assert button_pin(factory, role).state  # pulled up when idle
    press(factory, role)
    assert settle(buttons, [role]) == [role]


def test_bouncing_contacts_count_once(factory, buttons):
    p = button_pin(factory, "double")
    for _ in range(5):  # contact chatter on press, each bounce 2 ms
        p.drive_low()
        time.sleep(0.002)
        p.drive_high()
        time.sleep(0.002)
    p.drive_low()
    time.sleep(0.06)
    for _ in range(3):  # and on release
        p.drive_high()
        time.sleep(0.002)
        p.drive_low()
        time.sleep(0.002)
    p.drive_high()
    assert settle(buttons, ["double"]) == ["double"]


def test_a_glitch_shorter_than_bounce_time_is_ignored(factory, buttons):
    p = button_pin(factory, "pass")
    p.drive_low()
    time.sleep(0.003)
    p.drive_high()
    assert settle(buttons, ["never"], timeout=0.1) == []


@pytest.mark.parametrize("role, meaning", [("take", "beaver"), ("confirm", "condone"), ("undo", "new_game")])
def test_hold_gives_the_second_meaning_and_not_the_first(factory, buttons, role, meaning):
    start = time.monotonic()
    assert hold(factory, buttons, role, meaning)  # fires while still held: the player sees it at once
    assert time.monotonic() - start >= 0.15  # not before hold_time
    assert settle(buttons, [meaning, "extra"], timeout=0.1) == [meaning]


def test_hold_on_a_button_without_second_meaning_is_a_press(factory, buttons):
    press(factory, "double", seconds=0.25)
    assert settle(buttons, ["double"]) == ["double"]


def test_press_then_hold_are_told_apart(factory, buttons):
    press(factory, "take")
    settle(buttons, ["take"])
    assert hold(factory, buttons, "take", "beaver")
    assert settle(buttons, ["take", "beaver"]) == ["take", "beaver"]


def test_a_failing_callback_is_logged_not_raised(factory, buttons, caplog):
    buttons.when_undo = lambda: 1 / 0
    press(factory, "undo")
    time.sleep(0.1)
    assert "when_undo callback failed" in caplog.text
    press(factory, "pass")
    assert settle(buttons, ["pass"]) == ["pass"]


def test_button_pins_are_checked(factory):
    with pytest.raises(PinConfigError, match="unknown role"):
        Buttons({**DEFAULT_BUTTON_PINS, "resign": 4}, pin_factory=factory)
    with pytest.raises(PinConfigError, match="both"):
        Buttons({**DEFAULT_BUTTON_PINS, "undo": 5}, pin_factory=factory)
