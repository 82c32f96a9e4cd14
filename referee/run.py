"""`bgref run`: the referee at a real table, wired as the TOML config says (camera, calibration,
pins, display, journal); resumes the match in the journal after a crash or power cut, and with
no journal may take a game already in progress from the board (`--from-board`, start = "board")."""
from __future__ import annotations

import contextlib
import logging
import os
import queue
import signal
import sys
import threading
import time
from typing import Callable, Optional

from .config import Config, load_config
from .table import BUTTONS, MATCH_OVER, BoardStart, open_table, parse_cube, run_frames

log = logging.getLogger(__name__)

CAMERA_LOST_AFTER = 5.0   # seconds without a frame from a live camera: a "camera lost" fault
DISPLAY_LOST_AFTER = 5.0  # seconds the serial display is not connected: a "display lost" fault


class Watch:
    """One part of the table: says "<name> lost" once it has failed for `lost_after` seconds
    and "<name> back" when it works again, each once, through report(what)."""

    def __init__(self, name: str, lost_after: float, clock: Callable[[], float],
                 report: Callable[[str], None]):
        self.name, self.lost_after, self.clock, self.report = name, lost_after, clock, report
        self.last_ok = clock()
        self.lost = False

    def update(self, ok: bool) -> None:
        now = self.clock()
        if ok:
            self.last_ok = now
            if self.lost:
                self.lost = False
                self.report(f"{self.name} back")
        elif not self.lost and now - self.last_ok >= self.lost_after:
            self.lost = True
            self.report(f"{self.name} lost")


class LiveFrames:
    """A live camera as a frame source: a missing frame (or a failed read) is retried rather
    than taken as the end, until stop() says so; the watch hears of every attempt."""

    def __init__(self, source, watch: Watch, stop: Callable[[], bool], *, retry: float,
                 idle: Callable[[], None] = lambda: None):
        self.source, self.watch, self.stop, self.retry, self.idle = source, watch, stop, retry, idle

    def read(self):
        while True:
            try:
                frame = self.source.read()
            except Exception as exc:  # noqa: BLE001 - a camera driver may raise anything
                log.warning("camera read failed: %s", exc)
                frame = None
            self.watch.update(frame is not None)
            if frame is not None or self.stop():
                return frame
            self.idle()
            time.sleep(self.retry)


def is_live(source: str) -> bool:
    """A camera that may skip frames (the Pi camera, a video device number), not a recording."""
    kind, _, arg = source.partition(":")
    return source == "picamera" or (kind == "video" and arg.isdigit())


class _FirstAgain:
    """A frame source that gives back one frame already read before reading on."""

    def __init__(self, first, source):
        self.first, self.source = first, source

    def read(self):
        first, self.first = self.first, None
        return first if first is not None else self.source.read()

    def close(self) -> None:
        if hasattr(self.source, "close"):
            self.source.close()


def open_camera(config: Config, *, from_board: bool = False):
    """(frame source, reader, right_half_of) as the config says. The simulated table ("render")
    renders the demo match and reads it with the vision; where the vision cannot read the
    rendered board yet, its readings come from the scenes (said in the log). With from_board
    and no calibration file, the board is calibrated from the first frame (vision.photo, any
    position on the board) and the calibration saved where the config says, so a resume reads
    the board the same way (player 0 is then whom that calibration calls player 0)."""
    source = config.camera.source
    kind, _, arg = source.partition(":")
    if kind == "render":
        from .demo import SceneSource, scripted_tape, vision_pipeline
        pipeline, how = vision_pipeline()
        log.info("simulated table: readings from %s", how)
        return SceneSource(scripted_tape(), pipeline), None, pipeline.right_half_of
    from vision import sources
    from vision.calibration import Calibration
    from vision.reader import BoardReader
    path = config.resolve(config.camera.calibration)
    calibration = Calibration.load(path) if path.exists() else None
    if calibration is None and not from_board:
        raise ValueError(f"calibration {path} does not exist; make it with `bgref calibrate` "
                         "(or start with --from-board to calibrate on the board as it stands)")
    if source == "picamera":
        frames = sources.PiCameraSource(*([tuple(calibration.image_size)] if calibration else []))
    elif kind == "video":
        frames = sources.VideoCaptureSource(int(arg) if arg.isdigit() else str(config.resolve(arg)))
    elif kind == "folder":
        frames = sources.ImageFolderSource(config.resolve(arg))
    else:
        raise ValueError(f"camera source {source!r} is not known")
    if calibration is None:
        calibration, frames = _calibrate_on_first_frame(frames, path)
    return frames, BoardReader(calibration), calibration.right_half_of


def _calibrate_on_first_frame(frames, path, attempts: int = 50):
    """(Calibration, source) from the first frame that vision.photo can calibrate on (a hand
    over the board may spoil a few); saved to path. VisionError (a ValueError) if none can."""
    from vision.errors import VisionError
    from vision.photo import calibrate_photo
    problem = "no frame"
    for _ in range(attempts):
        frame = frames.read()
        if frame is None:
            break
        try:
            calibration = calibrate_photo(frame)
        except VisionError as exc:
            problem = str(exc)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        calibration.save(path)
        log.info("no calibration: calibrated on the board as it stands, saved to %s", path)
        return calibration, _FirstAgain(frame, frames)
    if hasattr(frames, "close"):
        frames.close()
    raise ValueError(f"no calibration at {path}, and the board could not be calibrated from "
                     f"the camera: {problem}")


def open_signals(config: Config):
    """firmware_bridge.Signals and Buttons on the configured pin factory."""
    import firmware_bridge
    factory_name = config.signals.pin_factory
    factory = None
    if factory_name == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin
        factory = MockFactory(pin_class=MockPWMPin)
    elif factory_name != "default":
        os.environ["GPIOZERO_PIN_FACTORY"] = factory_name
    kwargs = {"pin_factory": factory}
    signal_pins = dict(config.signals.signal_pins)
    button_pins = dict(config.signals.button_pins)
    signals = (firmware_bridge.Signals(signal_pins, **kwargs) if signal_pins
               else firmware_bridge.Signals(**kwargs))
    buttons = None
    if hasattr(firmware_bridge, "Buttons"):
        buttons = (firmware_bridge.Buttons(button_pins, **kwargs) if button_pins
                   else firmware_bridge.Buttons(**kwargs))
    return signals, buttons


def wire_buttons(buttons, put: Callable[[str], None]) -> None:
    """Every button meaning of firmware_bridge.Buttons goes to put(name): the five presses and
    the three holds (take held = beaver, confirm held = condone, undo held = new_game)."""
    missing = [name for name in BUTTONS if not hasattr(buttons, f"when_{name}")]
    if missing:
        raise ValueError(f"the buttons have no {', '.join('when_' + n for n in missing)}")
    for name in BUTTONS:
        setattr(buttons, f"when_{name}", lambda n=name: put(n))


def open_display(config: Config):
    import firmware_bridge
    if config.display.port == "terminal":
        return firmware_bridge.TerminalDisplay(sys.stdout)
    return firmware_bridge.SerialDisplay(config.display.port)


def board_start_of(config: Config, *, from_board: Optional[bool] = None,
                   on_roll: Optional[str] = None, cube: Optional[str] = None,
                   score: Optional[tuple[int, int]] = None) -> Optional[BoardStart]:
    """The BoardStart the config's [referee] start/on_roll/cube/score ask for (the CLI flags,
    when given, win), or None when the referee waits for the set-up."""
    ref = config.referee
    if not (from_board if from_board is not None else ref.start == "board"):
        return None
    who = on_roll if on_roll is not None else ref.on_roll
    players = {"dice": None, "player0": 0, "player1": 1, "0": 0, "1": 1}
    if who not in players:
        raise ValueError(f"on roll {who!r}: expected player0, player1 or dice")
    cube_text = cube if cube is not None else ref.cube
    return BoardStart(on_roll=players[who], cube=parse_cube(cube_text) if cube_text else None,
                      score=tuple(score if score is not None else ref.score))


def run_from_config(path, *, max_frames: Optional[int] = None, clock=time.time,
                    mqtt_client_factory=None, **board) -> int:
    """Run the table until the frames end, the match is over, or SIGTERM/SIGINT.
    mqtt_client_factory builds the club publisher's paho client (tests pass a stand-in);
    board: from_board, on_roll, cube, score overriding the config (see board_start_of)."""
    config = load_config(path)
    board_start = board_start_of(config, **board)
    with contextlib.ExitStack() as parts:  # whatever was opened is closed, whatever happens
        return _run(config, parts, max_frames=max_frames, clock=clock,
                    mqtt_client_factory=mqtt_client_factory, board_start=board_start)


def start_publisher(config: Config, journal_path, parts: contextlib.ExitStack,
                    client_factory=None):
    """With [club] table set: the club publisher of this journal, polling on a thread of its
    own until the run ends (then it waits briefly for the broker's acks); else None."""
    club = config.club
    if club is None or not club.table:
        return None
    from .club.publisher import Publisher
    publisher = Publisher(journal_path, club=club.club, table=club.table, mqtt=club.mqtt,
                          cursor_path=club.cursor or None, client_factory=client_factory).start()
    done = threading.Event()
    thread = threading.Thread(target=publisher.run, args=(done.is_set,), name="club publisher",
                              daemon=True)
    thread.start()
    log.info("publishing %s to %s:%d as table %s", journal_path, club.mqtt.host,
             club.mqtt.port, club.table)

    def stop() -> None:
        done.set()
        thread.join(timeout=5.0)
        publisher.close()
    parts.callback(stop)
    return publisher


def _closing(parts: contextlib.ExitStack, thing):
    if thing is not None and hasattr(thing, "close"):
        parts.callback(thing.close)
    return thing


def _run(config: Config, parts: contextlib.ExitStack, *, max_frames, clock,
         mqtt_client_factory=None, board_start: Optional[BoardStart] = None) -> int:
    source_kind = config.camera.source.partition(":")[0]
    source, reader, right_half_of = (open_camera(config, from_board=True) if board_start is not None
                                     else open_camera(config))
    _closing(parts, source)
    journal_path = config.resolve(config.referee.journal)
    signals, buttons = open_signals(config)
    _closing(parts, signals)
    _closing(parts, buttons)
    display = _closing(parts, open_display(config))
    presses: "queue.Queue[str]" = queue.Queue()
    if hasattr(source, "press"):  # the simulated table presses its buttons too
        source.press = presses.put
    if buttons is not None:
        wire_buttons(buttons, presses.put)

    def table_for(path):
        table = open_table(path, match_options=config.match_options(),
                           players=tuple(config.match.players), clock=clock, signals=signals,
                           display=display, right_half_of=right_half_of,
                           min_confidence=config.referee.min_confidence,
                           settle_frames=config.referee.settle_frames,
                           brightness=config.display.brightness, board_start=board_start)
        parts.callback(table.journal.close)
        return table
    table = table_for(journal_path)
    if table.phase == MATCH_OVER:  # keep the finished match's journal and start the next match
        table.journal.close()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(clock()))
        kept = journal_path.with_name(f"{journal_path.stem}-{stamp}{journal_path.suffix}")
        journal_path.rename(kept)
        log.info("the match in %s is over: kept as %s; a new match starts", journal_path, kept)
        table = table_for(journal_path)
    start_publisher(config, journal_path, parts, mqtt_client_factory)
    stopping = []
    previous = signal.signal(signal.SIGTERM, lambda *a: stopping.append(1))
    parts.callback(signal.signal, signal.SIGTERM, previous)
    paced = source_kind in ("picamera", "video")
    period = 1.0 / config.camera.fps
    last = [time.monotonic()]
    stop = lambda: bool(stopping) or table.phase == MATCH_OVER  # noqa: E731
    display_watch = None
    if hasattr(display, "stats"):  # the serial display says whether its port is open
        display_watch = Watch("display", DISPLAY_LOST_AFTER, clock, table.fault)

    def watch_display() -> None:
        if display_watch is not None:
            display_watch.update(bool(display.stats.connected))

    if is_live(config.camera.source):
        source = LiveFrames(source, Watch("camera", CAMERA_LOST_AFTER, clock, table.fault), stop,
                            retry=min(period, 0.1), idle=watch_display)

    def take_presses() -> None:
        while not presses.empty():
            table.press(presses.get_nowait())

    def between_frames(count: int) -> None:
        watch_display()
        if paced:
            time.sleep(max(0.0, period - (time.monotonic() - last[0])))
            last[0] = time.monotonic()

    frames = run_frames(table, source, reader, on_frame=between_frames, after_read=take_presses,
                        stop=stop, max_frames=max_frames)
    log.info("%d frames; %s", frames, table.text)
    return 0
