"""`bgref replay`: the referee over recorded frames (a folder of images or a video), for a club
checking a disputed game: every verdict the referee would have given, journalled and listed."""
from __future__ import annotations

import logging
import pathlib
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from .config import default_config, load_config
from .progress import Progress
from .simulated import RecordingDisplay, RecordingSignals
from .table import Table, open_table, run_frames

log = logging.getLogger(__name__)


@dataclass
class ReplayResult:
    frames: int
    journal: pathlib.Path
    table: Table
    verdicts: list = field(default_factory=list)
    mat: Optional[pathlib.Path] = None

    def summary(self) -> str:
        counts: dict = {}
        for v in self.verdicts:
            counts[v.get("verdict", v["type"])] = counts.get(v.get("verdict", v["type"]), 0) + 1
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) or "no verdicts"
        score = self.table.state.score
        return (f"{self.frames} frames: {kinds}; score {score[0]}-{score[1]} ({self.table.phase});"
                f" journal {self.journal}" + (f"; match {self.mat}" if self.mat else ""))


def open_frames(path: str | pathlib.Path):
    """A folder of images (natural order) or a video file."""
    from vision.sources import ImageFolderSource, VideoCaptureSource
    path = pathlib.Path(path)
    if path.is_dir():
        return ImageFolderSource(path)
    if path.is_file():
        return VideoCaptureSource(path)
    raise ValueError(f"{path}: neither a folder of frames nor a video file")


def replay(frames, *, calibration, config=None, journal=None, mat=None,
           on_verdict: Optional[Callable[[dict], None]] = None, progress: bool = True,
           clock: Callable[[], float] = time.time) -> ReplayResult:
    """Run the referee over recorded frames into a fresh journal (and optionally a .mat)."""
    from vision.calibration import Calibration
    from vision.reader import BoardReader
    cfg = load_config(config) if config else default_config()
    cal = Calibration.load(calibration)
    source = open_frames(frames)
    journal_path = pathlib.Path(journal) if journal else pathlib.Path(str(frames).rstrip("/") + ".jsonl")
    if journal_path.exists():
        log.info("replacing %s", journal_path)
        journal_path.unlink()
    table = open_table(journal_path, match_options=cfg.match_options(),
                       players=tuple(cfg.match.players), clock=clock,
                       signals=RecordingSignals(), display=RecordingDisplay(),
                       right_half_of=cal.right_half_of,
                       min_confidence=cfg.referee.min_confidence,
                       settle_frames=cfg.referee.settle_frames)
    table.on_verdict = on_verdict
    total = len(source) if hasattr(source, "__len__") else None
    bar = Progress("replay", total) if progress else None
    try:
        count = run_frames(table, source, BoardReader(cal),
                           on_frame=bar.update if bar else None)
    finally:
        if bar:
            bar.close()
        source.close()
        table.journal.close()
    result = ReplayResult(count, journal_path, table, list(table.verdicts))
    if mat:
        from .export import export_journal
        export_journal(journal_path, mat)
        result.mat = pathlib.Path(mat)
    return result
