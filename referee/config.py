"""The one TOML config file of `bgref run`: every key documented here, checked on load.

`SCHEMA` is the single description of the keys (section, name, type, default, meaning); loading
checks every key against it and reports each problem with its line, and `example_toml()` writes
the documented example (referee/bgref.example.toml) from it.
"""
from __future__ import annotations

import difflib
import pathlib
import re
try:
    import tomllib  # Python 3.11+ (Raspberry Pi OS Bookworm has 3.11)
except ModuleNotFoundError:  # pragma: no cover - older Pythons with the tomli backport
    import tomli as tomllib
from dataclasses import dataclass
from typing import Any, Callable

VARIANTS = ("standard", "dutch", "acey-deucey")
PIN_FACTORIES = ("default", "mock", "lgpio", "rpigpio", "pigpio", "native")
CAMERA_SOURCES = "'picamera', 'video:DEVICE_OR_FILE', 'folder:PATH' or 'render'"


class ConfigError(ValueError):
    """The config file is wrong; `problems` lists each one as 'FILE:LINE: message'."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems) if len(problems) < 3
                         else f"{problems[0]} (and {len(problems) - 1} more problems)")


@dataclass(frozen=True)
class Key:
    """One documented config key."""

    section: str
    name: str
    default: Any
    doc: str
    check: Callable[[Any], str | None]  # returns what is wrong, or None


def _int(low: int | None = None, high: int | None = None):
    def check(v):
        if not isinstance(v, int) or isinstance(v, bool):
            return f"must be an integer, got {v!r}"
        if low is not None and v < low:
            return f"must be at least {low}, got {v}"
        if high is not None and v > high:
            return f"must be at most {high}, got {v}"
        return None
    return check


def _float(low: float, high: float | None = None, *, open_low: bool = False):
    def check(v):
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            return f"must be a number, got {v!r}"
        if v < low or (open_low and v == low):
            return f"must be {'above' if open_low else 'at least'} {low}, got {v}"
        if high is not None and v > high:
            return f"must be at most {high}, got {v}"
        return None
    return check


def _bool(v):
    return None if isinstance(v, bool) else f"must be true or false, got {v!r}"


def _choice(options):
    def check(v):
        return None if v in options else f"must be one of {', '.join(map(repr, options))}, got {v!r}"
    return check


def _string(v):
    return None if isinstance(v, str) and v.strip() else f"must be a non-empty string, got {v!r}"


def _camera_source(v):
    if not isinstance(v, str):
        return f"must be a string, got {v!r}"
    if v in ("picamera", "render") or re.fullmatch(r"(video|folder):.+", v):
        return None
    return f"must be {CAMERA_SOURCES}, got {v!r}"


def _cube_text(v):
    if not isinstance(v, str):
        return f"must be a string such as '2:1', got {v!r}"
    if v:
        from .table import parse_cube
        try:
            parse_cube(v)
        except ValueError as exc:
            return str(exc)
    return None


def _score(v):
    if (not isinstance(v, list) or len(v) != 2
            or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in v)):
        return f"must be two whole numbers >= 0 such as [2, 1], got {v!r}"
    return None


def _players(v):
    if (isinstance(v, list) and len(v) == 2 and all(isinstance(n, str) and n.strip() for n in v)):
        return None
    return f"must be a list of two names, got {v!r}"


def _pin_table(v):
    if not isinstance(v, dict):
        return f"must be a table of role = GPIO number, got {v!r}"
    return None  # the roles and pins are checked by _pin_problems, each with its own line


def _pin_roles(name: str) -> tuple[tuple[str, ...], tuple[str, ...], dict]:
    """(roles, optional roles, default pins) of [signals] signal_pins or button_pins, as
    firmware_bridge.pins defines them (the same names Signals and Buttons take)."""
    from firmware_bridge import pins
    if name == "signal_pins":
        return pins.SIGNAL_ROLES, pins.OPTIONAL_SIGNAL_ROLES, dict(pins.DEFAULT_SIGNAL_PINS)
    return pins.BUTTON_ROLES, (), dict(pins.DEFAULT_BUTTON_PINS)


def _pin_problems(text: str, name: str, table: dict) -> list[tuple[int, str]]:
    """Each wrong role or pin of [signals] `name` as (line, message): role names checked against
    firmware_bridge.pins, pins 0..27 (false = not fitted, for the buzzer), no pin used twice."""
    from firmware_bridge.errors import PinConfigError
    from firmware_bridge.pins import check_pins
    roles, optional, defaults = _pin_roles(name)

    def line(role=None):
        return ((role and _line_of(text, f"signals.{name}", role))
                or _line_of(text, "signals", name) or _line_of(text, f"signals.{name}", None))
    out = []
    for role, pin in table.items():
        if pin is False and role in optional:
            pass
        elif isinstance(pin, bool) or not isinstance(pin, int) or not 0 <= pin <= 27:
            no = " (or false: not fitted)" if role in optional else ""
            out.append((line(role), f"[signals] {name}: pin {role!r} must be a GPIO number "
                                    f"0..27{no}, got {pin!r}"))
        if role not in roles:
            hint = difflib.get_close_matches(role, roles, n=1)
            out.append((line(role), f"[signals] {name}: unknown role {role!r}"
                                    + (f" (did you mean {hint[0]!r}?)" if hint else "")
                                    + f"; the roles are {', '.join(roles)}"))
    if not out:
        try:  # the rest (a pin used twice, with the defaults for roles left out) as Signals does
            check_pins(table, roles, optional, what=f"[signals] {name}", defaults=defaults)
        except PinConfigError as exc:
            both = re.search(r"used for both (\w+) and (\w+)", str(exc))
            role = next((r for r in (both.groups() if both else ()) if r in table), None)
            out.append((line(role), str(exc)
                        + ("" if role is None or all(r in table for r in both.groups())
                           else " (the other is the default wiring)")))
    return out


SCHEMA: tuple[Key, ...] = (
    Key("match", "length", 5, "points to win the match; 0 = money play (R13)", _int(0, 255)),
    Key("match", "crawford", True, "no doubling in the game after a player first reaches length-1 (R13)", _bool),
    Key("match", "jacoby", False, "money play: gammons count single while the cube is unturned (R12)", _bool),
    Key("match", "mediterranean", False, "a backgammon counts as a gammon (R12)", _bool),
    Key("match", "no_gammons", False, "gammons and backgammons count single (R12)", _bool),
    Key("match", "automatic_doubles", False, "equal opening dice double the cube, money play only (R12)", _bool),
    Key("match", "beaver", False, "money play: a taker may redouble at once and keep the cube (R12)", _bool),
    Key("match", "variant", "standard", "'standard', 'dutch' or 'acey-deucey' (R12)", _choice(VARIANTS)),
    Key("match", "players", ["Player 0", "Player 1"], "names of player 0 and player 1 (as the calibration assigns colours)", _players),
    Key("camera", "source", "picamera", f"where frames come from: {CAMERA_SOURCES}", _camera_source),
    Key("camera", "calibration", "calibration.json", "the board calibration made by `bgref calibrate` (relative to this file)", _string),
    Key("camera", "fps", 10.0, "frames read per second", _float(0.0, 120.0, open_low=True)),
    Key("signals", "pin_factory", "default", "gpiozero pin factory: " + ", ".join(PIN_FACTORIES), _choice(PIN_FACTORIES)),
    Key("signals", "signal_pins", {}, "LED/buzzer GPIO numbers by role (turn0, turn1, illegal, attention, accepted, buzzer; buzzer = false: none fitted); roles left out keep the wiring in hardware/WIRING.md", _pin_table),
    Key("signals", "button_pins", {}, "button GPIO numbers by role (double, take, pass, confirm, undo); roles left out keep the wiring in hardware/WIRING.md", _pin_table),
    Key("display", "port", "terminal", "'terminal' (print to stdout) or the display's serial port; on the Pi use its /dev/serial/by-id/usb-... path, which stays the same across replugs (/dev/ttyACM0 may not)", _string),
    Key("display", "brightness", 100, "display brightness in percent, 0..100", _int(0, 100)),
    Key("referee", "journal", "bgref-journal.jsonl", "the match journal, resumed by `bgref run` (relative to this file; on the Pi a writable path such as /var/lib/bgref/match.jsonl)", _string),
    Key("referee", "min_confidence", 0.6, "below this reading confidence a point is 'check the board', never illegal", _float(0.0, 1.0)),
    Key("referee", "settle_frames", 2, "identical readings needed before a board or dice change counts", _int(1, 30)),
    Key("referee", "start", "setup", "with no journal to resume: 'setup' waits for the start position (R1); 'board' also takes a game in progress from the board as read (after a power cut with no journal, a Pi switched on late)", _choice(("setup", "board"))),
    Key("referee", "on_roll", "dice", "start = 'board': who is on roll, 'player0', 'player1', or 'dice' (whoever first rolls into his right half, R8)", _choice(("dice", "player0", "player1"))),
    Key("referee", "cube", "", "start = 'board': the cube as VALUE[:OWNER] (e.g. '2:1' = on 2, held by player 1); '' = as the camera reads it", _cube_text),
    Key("referee", "score", [0, 0], "start = 'board': the score of player 0 and player 1 when the game in progress began", _score),
)
SECTIONS = tuple(dict.fromkeys(k.section for k in SCHEMA))


CLUB_SECTIONS = ("club", "mqtt")  # referee/club/config.py: club scorekeeping over MQTT


def _club_config(data: dict, text: str, path: pathlib.Path | None):
    """([club] and [mqtt] checked by referee.club.config.load_club_config, 'LINE: problem' or '')."""
    from .club.config import ClubConfigError, load_club_config
    try:
        return load_club_config(data, path.parent if path else None), ""
    except ClubConfigError as exc:
        message = str(exc)
    m = re.match(r"\[([\w.\-]+)\] (?:unknown key '([\w\-]+)'|(\w+))?", message)
    line = 0
    if m:
        section, key = m.group(1), m.group(2) or m.group(3)
        line = (_line_of(text, section, key) if key else 0) or _line_of(text, section, None)
        if not line and section.startswith("club"):
            line = _line_of(text, "club", "tables") or _line_of(text, "club", None)
    return None, f"{line or 1}: {message}"


@dataclass(frozen=True)
class Config:
    """A checked config: `config.section.key`, with defaults for keys left out; `config.club` is
    the [club] and [mqtt] sections (referee.club.config.ClubConfig)."""

    path: pathlib.Path | None
    values: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    club: Any = None

    def section(self, name: str) -> dict[str, Any]:
        return dict(dict(self.values)[name])

    def __getattr__(self, name: str):
        if name in SECTIONS:
            import types
            return types.SimpleNamespace(**self.section(name))
        raise AttributeError(name)

    def resolve(self, relative: str) -> pathlib.Path:
        """A path from the config, taken relative to the config file's folder."""
        p = pathlib.Path(relative).expanduser()
        if p.is_absolute() or self.path is None:
            return p
        return self.path.parent / p

    def match_options(self) -> dict[str, Any]:
        """The [match] keys as keyword arguments for engine.Settings."""
        m = self.section("match")
        return {"match_length": m["length"], **{k: m[k] for k in (
            "crawford", "jacoby", "mediterranean", "no_gammons", "automatic_doubles",
            "beaver", "variant")}}


def _freeze(v):
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, _freeze(x)) for k, x in v.items())
    return v


def _line_of(text: str, section: str | None, key: str | None) -> int:
    """The 1-based line where [section] key (or the section header) is written; 0 if not found."""
    current = None
    header_line = 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        m = re.match(r"^\[\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]", stripped)
        if m and not stripped.startswith("[["):
            current = m.group(1).strip("\"' ")
            if current == section and key is None:
                return number
            if current == section:
                header_line = number
            continue
        if key is not None and current == section:
            if re.match(rf"^[\"']?{re.escape(key)}[\"']?\s*=", stripped):
                return number
        if key is not None and section is None and current is None:
            if re.match(rf"^[\"']?{re.escape(key)}[\"']?\s*=", stripped):
                return number
    return header_line


def parse_config(text: str, path: pathlib.Path | None = None) -> tuple[Config | None, list[str]]:
    """Check config text against SCHEMA: (the Config or None, the problems as 'FILE:LINE: msg')."""
    name = str(path) if path else "<config>"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = m.group(1) if m else "?"
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        return None, [f"{name}:{line}: TOML syntax: {message}"]
    problems: list[str] = []
    by_section = {s: {k.name: k for k in SCHEMA if k.section == s} for s in SECTIONS}
    values = []
    for key, value in data.items():
        if key in CLUB_SECTIONS:
            continue  # checked below by the club's own checker
        if key not in by_section:
            hint = difflib.get_close_matches(key, SECTIONS + CLUB_SECTIONS, n=1)
            where = _line_of(text, key, None) if isinstance(value, dict) else _line_of(text, None, key)
            problems.append(f"{name}:{where}: unknown section [{key}]"
                            + (f" (did you mean [{hint[0]}]?)" if hint else
                               f"; the sections are {', '.join('[' + s + ']' for s in SECTIONS + CLUB_SECTIONS)}"))
        elif not isinstance(value, dict):
            problems.append(f"{name}:{_line_of(text, None, key)}: {key} must be a [{key}] table")
    for section in SECTIONS:
        given = data.get(section, {})
        if not isinstance(given, dict):
            given = {}
        keys = by_section[section]
        for key, value in given.items():
            if key not in keys:
                hint = difflib.get_close_matches(key, keys, n=1)
                problems.append(f"{name}:{_line_of(text, section, key)}: unknown key '{key}' in [{section}]"
                                + (f" (did you mean '{hint[0]}'?)" if hint else ""))
                continue
            wrong = keys[key].check(value)
            if wrong:
                problems.append(f"{name}:{_line_of(text, section, key)}: [{section}] {key} {wrong}")
            elif keys[key].check is _pin_table:
                problems += [f"{name}:{line}: {msg}" for line, msg in _pin_problems(text, key, value)]
        merged = tuple((k, _freeze(given.get(k, spec.default))) for k, spec in keys.items())
        values.append((section, merged))
    club, problem = _club_config(data, text, path)
    if problem:
        problems.append(f"{name}:{problem}")
    config = Config(path, tuple(values), club)
    if not problems:
        m = config.section("match")
        if m["variant"] == "acey-deucey" and m["automatic_doubles"]:
            problems.append(f"{name}:{_line_of(text, 'match', 'automatic_doubles')}: "
                            "[match] automatic_doubles has no meaning in acey-deucey (no cube)")
        if m["length"] > 0 and m["jacoby"]:
            problems.append(f"{name}:{_line_of(text, 'match', 'jacoby')}: "
                            "[match] jacoby applies to money play only (length = 0)")
        if m["length"] > 0 and m["beaver"]:
            problems.append(f"{name}:{_line_of(text, 'match', 'beaver')}: "
                            "[match] beaver applies to money play only (length = 0)")
        if m["length"] > 0 and m["automatic_doubles"]:
            problems.append(f"{name}:{_line_of(text, 'match', 'automatic_doubles')}: "
                            "[match] automatic_doubles are not used in matches (R13); set length = 0")
    return (None if problems else config), problems


def load_config(path: str | pathlib.Path) -> Config:
    """Read and check a config file; raise ConfigError listing every problem with its line."""
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError([f"{path}: not UTF-8 text ({exc.reason})"]) from None
    config, problems = parse_config(text, path)
    if problems:
        raise ConfigError(problems)
    return config


def default_config() -> Config:
    """Every key at its default (used by the demo)."""
    config, problems = parse_config("")
    assert not problems
    return config


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }" if v else "{}"
    return repr(v)


def example_toml() -> str:
    """The documented example config, every key at its default with its meaning above it."""
    out = ["# bgref config: `bgref run --config FILE`; check it with `bgref config --check FILE`.",
           "# Every key is optional; the values shown are the defaults."]
    for section in SECTIONS:
        out.append("")
        out.append(f"[{section}]")
        for key in (k for k in SCHEMA if k.section == section):
            out.append(f"# {key.doc}")
            out.append(f"{key.name} = {_toml_value(key.default)}")
    from .club.config import CONFIG_EXAMPLE
    out += ["", "# Club scorekeeping (referee/club/README.md): with [club] table set, `bgref run` also",
            "# publishes its journal to the club's MQTT broker (as `bgref publish` does on its own).",
            "# Checked by referee/club/config.py; the values shown are the defaults.", ""]
    return "\n".join(out) + "\n" + CONFIG_EXAMPLE


EXAMPLE_PATH = pathlib.Path(__file__).with_name("bgref.example.toml")
