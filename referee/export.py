"""Export a journal's match as a .mat file (engine.write_mat), for GNU Backgammon and others."""
from __future__ import annotations

import pathlib

import engine

from .journal import read_journal
from .table import replay_journal


def export_journal(journal_path, mat_path) -> int:
    """Write the match in the journal (a torn last line is dropped) to mat_path; returns the
    number of match actions exported. A game begun from the board is left out with a comment
    (engine.write_mat); ValueError naming the journal when no game can be written."""
    records, _ = read_journal(journal_path)
    _, players, state = replay_journal(records)
    path = pathlib.Path(mat_path)
    try:
        text = engine.write_mat(state, players=tuple(players))
    except engine.MatWriteError as exc:  # every game began from the board: no file written
        raise ValueError(f"{journal_path}: {exc}") from None
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return sum(1 for r in records if r.get("action"))
