"""Fixtures of the UI tests (the dummy SDL drivers are set in tests/conftest.py)."""
import pytest

from piratetable.ui.app import App
from piratetable.ui.settings import Settings
from piratetable.ui.text import TextCache

from .helpers import step


@pytest.fixture
def app():
    """The app at instant speed, two frames in; closed after the test."""
    a = App(settings=Settings(speed="instant"))
    step(a, 2)
    yield a
    a.close()


@pytest.fixture
def drawn(monkeypatch):
    """Every text the app renders from now on, in order."""
    texts: list[str] = []
    render = TextCache.render

    def recording(self, text, size, colour=(240, 230, 210), bold=False):
        texts.append(text)
        return render(self, text, size, colour, bold)

    monkeypatch.setattr(TextCache, "render", recording)
    return texts
