"""Fixtures of the UI tests (the dummy SDL drivers are set in tests/conftest.py)."""
import pytest

from piratetable.ui.app import App
from piratetable.ui.settings import Settings

from .helpers import drawn, step  # noqa: F401 (drawn: the shared fixture, also used by tests/plugins)


@pytest.fixture
def app():
    """The app at instant speed, two frames in; closed after the test."""
    a = App(settings=Settings(speed="instant"))
    step(a, 2)
    yield a
    a.close()
