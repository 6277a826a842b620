"""The stall watch of audit --ray, without a Ray runtime: no part for too long is an error."""

from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("ray")

from longtracer_integrations.ray import AuditStoppedError
from longtracer_integrations.ray._audit import write_watched


def test_a_write_that_writes_nothing_is_stopped_with_a_clear_error(tmp_path):
    """No part appears for stall_seconds: the write is stopped and the error says to resume."""
    ended = threading.Event()

    def write() -> None:
        ended.wait(30)  # a run waiting for resources no node will free

    with pytest.raises(AuditStoppedError, match=r"no rows were written for 1 s: .*--resume"):
        write_watched(write, str(tmp_path / "results"), 1.0, stop=ended.set)
    assert ended.is_set()


def test_a_write_that_keeps_writing_parts_is_left_alone(tmp_path):
    """Parts keep appearing: no stop, however long the whole write takes."""
    results = tmp_path / "results"
    results.mkdir()

    def write() -> None:
        for i in range(4):
            time.sleep(0.6)
            (results / f"part-{i}.parquet").write_bytes(b"x")

    write_watched(write, str(results), 1.0, stop=lambda: pytest.fail("stopped a live write"))
    assert len(list(results.iterdir())) == 4


def test_a_failure_that_is_not_ray_s_is_raised_as_it_is(tmp_path):
    """A bug of ours is not dressed up as a cluster problem."""

    def write() -> None:
        raise KeyError("a defect")

    with pytest.raises(KeyError):
        write_watched(write, str(tmp_path / "r"), 5.0, stop=lambda: None)
