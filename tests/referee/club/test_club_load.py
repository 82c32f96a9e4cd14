"""50 simulated tables through a real mosquitto, restarted in the middle: every event once."""
from __future__ import annotations

from referee.club.loadrun import run_load


def test_fifty_tables_with_a_broker_restart_store_every_event_exactly_once(broker, tmp_path):
    result = run_load(tmp_path, broker, tables=50, seconds=8.0, step_every=0.5,
                      restart_at=(3.0,), down=1.0, drain_timeout=15.0)
    assert result.restarts == 1 and result.least_connects >= 2, "the restart was not felt"
    assert result.events > 400, "too few events to mean anything"
    assert not result.missing, f"{len(result.missing)} events lost, e.g. {result.missing[:3]}"
    assert not result.unexpected, f"stored but never written: {result.unexpected[:3]}"
    assert result.exactly_once


def test_fifty_tables_with_a_broker_crash_store_every_event_exactly_once(broker, tmp_path):
    """SIGKILL: the broker loses what it had acknowledged but not delivered; the tables see the
    server's stored mark stay behind and send that part of their journals again."""
    result = run_load(tmp_path, broker, tables=50, seconds=6.0, step_every=0.5,
                      restart_at=(3.0,), down=0.5, crash=True, resync_after=1.0,
                      drain_timeout=20.0)
    assert result.restarts == 1 and result.least_connects >= 2
    assert not result.missing, f"{len(result.missing)} events lost, e.g. {result.missing[:3]}"
    assert result.exactly_once
