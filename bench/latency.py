"""Referee latency and memory on the simulated table.

1. The median time from the frame in which the dice are lifted to the LED verdict: the frame
   goes through vision.BoardReader (when the vision reads the rendered board), the observer, the
   table and engine.check_play, to the Signals call on gpiozero mock pins. Target: <= 60 ms here.
2. The resident memory (peak RSS) of `bgref run` on the simulated table (camera.source =
   "render", mock pins, the terminal display). Target: <= 150 MB.
"""
from __future__ import annotations

import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LATENCY_TARGET_MS = 60.0
MEMORY_TARGET_MB = 150.0


class TimedSignals:
    """Signals that note when a verdict light was set (perf_counter)."""

    def __init__(self, inner):
        self.inner = inner
        self.last_verdict_at = None

    def __getattr__(self, name):
        target = getattr(self.inner, name)
        if name in ("accepted", "illegal", "attention"):
            def timed(*args, **kwargs):
                result = target(*args, **kwargs)
                self.last_verdict_at = time.perf_counter()
                return result
            return timed
        return target


def measure_latency():
    from referee.demo import (DEMO_OPTIONS, DEMO_PLAYERS, SceneSource, make_signals, random_tape,
                              scripted_tape, vision_pipeline)
    from referee.simulated import RecordingDisplay
    from referee.table import open_table

    pipeline, how = vision_pipeline()
    signals = TimedSignals(make_signals(time.time))
    tapes = [scripted_tape()] + [random_tape(seed, turns=40) for seed in (1, 2, 3)]
    times, shares = [], []  # lift -> LED; of which the referee (observer, table, engine)
    with tempfile.TemporaryDirectory() as tmp:
        for number, tape in enumerate(tapes):
            table = open_table(pathlib.Path(tmp) / f"bench{number}.jsonl",
                               match_options=DEMO_OPTIONS, players=DEMO_PLAYERS, clock=time.time,
                               signals=signals, display=RecordingDisplay(),
                               right_half_of=pipeline.right_half_of, settle_frames=1)
            camera = getattr(pipeline, "camera", None)
            source = SceneSource(tape, None, press=table.press)
            while True:
                scene_reading = source.read()
                if scene_reading is None:
                    break
                scene = source.tape[source.index - 1]
                frame = camera.render(_as_drawn(pipeline, scene)) if camera is not None else None
                verdicts = len(table.verdicts)
                start = time.perf_counter()  # the camera's work (rendering) is not the referee's
                reading = _read(pipeline, frame, scene)
                read_at = time.perf_counter()
                table.feed(reading)
                new = table.verdicts[verdicts:]
                if any(v["type"] == "verdict" and v.get("frame") is not None for v in new):
                    times.append((signals.last_verdict_at - start) * 1000)  # a lift judged
                    shares.append((signals.last_verdict_at - read_at) * 1000)
            table.journal.close()
    signals.close()
    return times, shares, how


def _as_drawn(pipeline, scene):
    """The scene as the pipeline has it drawn (the board-only pipeline leaves out dice and cube)."""
    import dataclasses
    from referee.simulated import BoardOnlyPipeline
    if isinstance(pipeline, BoardOnlyPipeline):
        scene = dataclasses.replace(scene, dice=(), cube=(64, "middle"))
    return pipeline.drawn(scene) if hasattr(pipeline, "drawn") else scene


def _read(pipeline, frame, scene):
    """The pipeline's reading of an already rendered frame (so rendering is not timed)."""
    from referee.simulated import BoardOnlyPipeline, SceneReading, truth_reading
    if frame is None:
        return truth_reading(scene)
    reading = pipeline.reader.read(frame)
    if isinstance(pipeline, BoardOnlyPipeline):
        if reading.hand_in_view:
            return SceneReading(True, None)
        truth = truth_reading(scene)
        return SceneReading(False, reading.sides, truth.dice, truth.cube, reading.confidence)
    return reading


def measure_vision_read():
    """Where the vision does not yet read the rendered board right: the time BoardReader.read
    takes on rendered frames with dice lifted (its share of the latency), median ms, or None."""
    import engine
    from referee import adapters
    from referee.demo import DEMO_STYLES
    from referee.simulated import Camera, Scene
    from vision.calibration import Calibration
    from vision.reader import BoardReader
    start = Scene(sides=adapters.sides_of(engine.Position.start()))
    after = Scene(sides=adapters.sides_of(engine.Position.start().play("8/5 6/5")))
    for style in DEMO_STYLES:
        camera = Camera(style=style, seed=5)
        try:
            reader = BoardReader(Calibration.from_image(camera.render(start)))
        except ValueError:
            continue
        frames = [camera.render(after) for _ in range(15)]
        times = []
        for frame in frames:
            t = time.perf_counter()
            reader.read(frame)
            times.append((time.perf_counter() - t) * 1000)
        return statistics.median(times), style
    return None, None


def measure_false_alarms(games: int = 3, turns: int = 40):
    """Random legal games; every move judged on its own from the board the vision reads (no
    cascade from an earlier misread). Returns the verdict counts and the commonest reasons."""
    import collections
    import random
    import engine
    from referee import adapters
    from referee.demo import vision_pipeline
    from referee.simulated import Scene
    from referee.table import judge
    pipeline, _ = vision_pipeline()
    counts = {"legal": 0, "illegal": 0, "misread": 0}
    reasons = collections.Counter()
    for seed in range(games):
        rng = random.Random(seed)
        position = engine.Position.start(turn=seed % 2)
        for _ in range(turns):
            dice = engine.Dice(rng.randint(1, 6), rng.randint(1, 6))
            plays = list(position.legal_plays(dice))
            if not plays:
                position = position.swapped()
                continue
            after = position.play(rng.choice(plays))  # the opponent on roll
            reading = pipeline.read(Scene(sides=adapters.sides_of(after)))
            sides = None if reading.hand_in_view else reading.sides
            confident = reading.confidence is None or min(min(c) for c in reading.confidence) >= 0.6
            verdict = judge(position, dice, sides, confident, position.turn)
            counts[verdict["verdict"]] += 1
            if verdict["verdict"] != "legal":
                reasons[verdict["reason"].split(":")[0]] += 1
            if after.borne_off[1] == 15:
                break
            position = after
    return counts, ", ".join(f"{r} ({n})" for r, n in reasons.most_common(3))


def measure_memory():
    with tempfile.TemporaryDirectory() as tmp:
        config = pathlib.Path(tmp) / "bgref.toml"
        config.write_text('[camera]\nsource = "render"\n[signals]\npin_factory = "mock"\n'
                          '[referee]\njournal = "bench.jsonl"\nsettle_frames = 1\n'
                          '[match]\nlength = 3\n')
        # a small Python in between starts `bgref run` and reports its peak: a child's peak resident
        # memory counts what it held before it became `bgref run` (on Linux, a forked child shares
        # this process's pages until exec, and this process has read many frames by now)
        proc = subprocess.run([sys.executable, "-c", _PEAK, sys.executable, "-m", "referee.cli", "run", "-c",
                               str(config)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            return None, proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed"
        return int(proc.stdout.split()[-1]) / 1024.0, ""


_PEAK = """import resource, subprocess, sys
proc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
if proc.returncode != 0:
    sys.stderr.write(proc.stderr)
    sys.exit(proc.returncode)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def main() -> int:
    times, shares, how = measure_latency()
    if times:
        median = statistics.median(times)
        print(f"dice lifted -> LED verdict: median {median:.1f} ms, max {max(times):.1f} ms over "
              f"{len(times)} verdicts (target <= {LATENCY_TARGET_MS:.0f} ms); readings from {how}; "
              f"of which the referee after the reading: median {statistics.median(shares):.1f} ms; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if not how.startswith("vision"):
            read, style = measure_vision_read()
            if read is not None:
                print(f"  + BoardReader.read of a rendered {style} frame: median {read:.1f} ms; "
                      f"estimated dice lifted -> LED: {median + read:.1f} ms "
                      f"(target <= {LATENCY_TARGET_MS:.0f} ms)")
    else:
        print("dice lifted -> LED verdict: no verdicts measured")
    alarms, reasons = measure_false_alarms()
    judged = sum(alarms.values())
    print(f"false alarms, each legal move of random games judged from its rendered board: "
          f"{alarms['illegal']} illegal, {alarms['misread']} 'check the board' of {judged} "
          f"(target 0 illegal)" + (f"; most common: {reasons}" if reasons else ""))
    memory, problem = measure_memory()
    if memory is None:
        print(f"bgref run on the simulated table: could not run ({problem})")
    else:
        print(f"bgref run on the simulated table: peak resident memory {memory:.0f} MB "
              f"(target <= {MEMORY_TARGET_MB:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
