"""Runs the table loop over the demo tape in a child process, to be killed (SIGKILL) mid-turn.

    python -m tests.referee.table_child JOURNAL START [--render] [--delay S]

Prints "frame N" (flushed) before judging tape item N, so the parent knows how far it got.
"""
import sys
import time

from referee.demo import DEMO_OPTIONS, DEMO_PLAYERS, SceneSource, scripted_tape
from referee.simulated import RecordingDisplay, RecordingSignals, TruthPipeline
from referee.table import open_table


def main(argv):
    journal, start = argv[0], int(argv[1])
    delay = float(argv[argv.index("--delay") + 1]) if "--delay" in argv else 0.0
    render = "--render" in argv
    pipeline = TruthPipeline()
    table = open_table(journal, match_options=DEMO_OPTIONS, players=DEMO_PLAYERS, clock=time.time,
                       signals=RecordingSignals(), display=RecordingDisplay(),
                       right_half_of=pipeline.right_half_of)
    pipeline = TruthPipeline()
    if render:  # rendered frames through the vision (as far as it reads them: see the demo)
        from referee.demo import vision_pipeline
        pipeline, _ = vision_pipeline()
        table.right_half_of = pipeline.right_half_of
    tape = scripted_tape()
    source = SceneSource(tape, pipeline, press=table.press, start=start)
    while True:
        print(f"frame {source.index}", flush=True)
        item = source.read()
        if item is None:
            break
        table.feed(item)
        time.sleep(delay)
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
