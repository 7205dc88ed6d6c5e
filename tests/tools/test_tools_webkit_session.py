"""A WebKit session that never starts fails as hung, so the test reruns (tools.engines.webkit)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from tools.engines import EngineError, webkit


class FakeService:
    """A driver's service whose stop releases the session request that hangs."""

    def __init__(self) -> None:
        self.stopped = threading.Event()

    def stop(self) -> None:
        self.stopped.set()


def test_a_session_that_never_starts_fails_as_hung_and_stops_the_driver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(webkit, "SESSION_SECONDS", 0.2)
    service = FakeService()

    def hang() -> Any:
        service.stopped.wait(5)
        raise ConnectionError("the driver stopped")

    with pytest.raises(EngineError, match=webkit.HUNG):
        webkit.start_session(hang, service)  # type: ignore[arg-type]
    assert service.stopped.is_set()


def test_a_session_that_starts_is_returned_and_one_that_fails_says_why() -> None:
    made = object()
    assert webkit.start_session(lambda: made, FakeService()) is made  # type: ignore[arg-type, return-value]

    def refuse() -> Any:
        raise webkit.WebDriverException("no display")

    with pytest.raises(EngineError, match="MiniBrowser does not start: no display"):
        webkit.start_session(refuse, FakeService())  # type: ignore[arg-type]
