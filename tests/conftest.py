"""Shared test set-up: headless SDL before pygame is ever imported, and a private PirateTable home."""
import os

# Must happen before any test module imports pygame: no window, no sound device, on every machine.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def piratetable_home(tmp_path, monkeypatch):
    """Every test gets its own PIRATETABLE_HOME (saves, settings, user configs) in a temporary folder."""
    home = tmp_path / "piratetable_home"
    home.mkdir()
    monkeypatch.setenv("PIRATETABLE_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english_after():
    """Every test ends with the language English again, whatever it switched to (the language is the process's:
    a test that plays in Italian must not leave the next one reading Italian)."""
    yield
    from piratetable import i18n
    if i18n.language() != "en":
        i18n.set_language("en")
