import pytest

from tests.referee import fake_match


@pytest.fixture(autouse=True)
def match_flow(monkeypatch):
    """engine's match flow, or the stand-in while engine has none yet."""
    fake_match.install(monkeypatch)
