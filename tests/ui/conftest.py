"""Fixtures of the UI tests (the dummy SDL drivers are set in tests/conftest.py)."""
import pytest

from piratetable.ui.app import App
from piratetable.ui.settings import Settings

from .helpers import drawn, step  # noqa: F401 (drawn: the shared fixture, also used by tests/plugins)


@pytest.fixture(autouse=True)
def no_full_collection_at_let_go(monkeypatch):
    """No full pass of the collector each time a test drops a table (`App.collect_on_let_go`: about 0.1 s in a
    test process); tests/ui/test_memory.py turns it on where it checks what the pass frees."""
    monkeypatch.setattr(App, "collect_on_let_go", False)


@pytest.fixture
def app():
    """The app at instant speed, two frames in; closed after the test."""
    a = App(settings=Settings(speed="instant"))
    step(a, 2)
    yield a
    a.close()
