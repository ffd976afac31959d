"""The Workshop, headless, step by step as a designer goes: open it from the title, change values with its
controls (keys and clicks), see a validator's message beside its field, undo, see what changed, save as a user
variant (comments kept; asked before replacing one's own), try it at the table, measure it against its base in a
worker process (progress, Cancel, results drawn), and follow the config folder."""
from __future__ import annotations

import time

import pygame
import pygame_gui

from piratetable.config.loader import load_config_file, user_config_dir
from piratetable.folder_watch import Batch, Change
from piratetable.ui.outcomes import OpenWorkshop
from piratetable.ui.scenes.message import MessageScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.scenes.workshop import WorkshopScene

from .helpers import click, press, run_until, step


def ctrl(app, key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    step(app, 2)


def open_workshop(app) -> WorkshopScene:
    assert isinstance(app.top, TitleScene)
    press(app, pygame.K_w)
    assert isinstance(app.top, WorkshopScene)
    return app.top


def choose(scene, dotted: str) -> None:
    scene.list.chosen = scene.model.fields.index(scene.model.field(dotted))


def hit_of(scene, dotted: str, action: str):
    field = scene.model.field(dotted)
    return next(h for h in scene.hits if h.field == field and h.action == action)


def test_the_title_opens_the_workshop_and_its_controls_change_values(app):
    assert app.top.buttons["workshop"].text.startswith("Workshop")
    scene = open_workshop(app)
    model = scene.model
    target = model.field("rules.target")
    choose(scene, "rules.target")
    press(app, pygame.K_RIGHT)                       # a stepper: one round step up
    assert model.value(target) == 8100
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert model.value(target) == 7900
    choose(scene, "cards.pirate.count")            # (the list scrolls to the chosen field)
    app.dirty = True
    step(app, 1)
    click(app, hit_of(scene, "cards.pirate.count", "+").rect.center)    # a click on a card's +
    assert model.value(model.field("cards.pirate.count")) == 5
    guardian = model.field("rules.guardian_saves_third_skull")
    choose(scene, "rules.guardian_saves_third_skull")
    app.dirty = True
    step(app, 1)
    click(app, hit_of(scene, "rules.guardian_saves_third_skull", "next").rect.center)   # a toggle
    assert model.value(guardian) is True
    assert [c.text for c in model.changes()] == [
        "option target (the score that starts the final round): 8000 → 7900",
        "option guardian_saves_third_skull (the Guardian may re-roll the third skull): false → true",
        "card Pirate (pirate): 4 → 5 cards"]
    press(app, pygame.K_d)                           # What changed: the diff, in a message
    assert isinstance(app.top, MessageScene)
    assert "card Pirate (pirate): 4 → 5 cards" in app.top.text
    press(app, pygame.K_RETURN)
    assert app.top is scene


def test_a_problem_shows_beside_its_field_and_undo_takes_changes_back(app):
    scene = open_workshop(app)
    model = scene.model
    choose(scene, "players.max")
    for _ in range(3):
        press(app, pygame.K_LEFT)                    # 5 → 2 seats at most
    choose(scene, "players.min")
    press(app, pygame.K_RIGHT)                       # 3 at least: more than the most
    assert model.problems_of(model.field("players.min")) == ["min (3) is above max (2)"]
    rows = scene.list.rows()
    at = next(i for i, r in enumerate(rows) if r[0] == "field" and r[1] == model.field("players.min"))
    assert rows[at + 1] == ("problem", model.field("players.min"), "min (3) is above max (2)"), "under its field"
    for name in ("try", "measure"):
        assert not scene.foot_buttons[name].is_enabled
    assert not scene.save_button.is_enabled
    press(app, pygame.K_t)
    assert app.top is scene, "an invalid variant cannot be tried"
    ctrl(app, pygame.K_z)
    assert model.valid and model.value(model.field("players.min")) == 2
    press(app, pygame.K_z)
    assert model.value(model.field("players.max")) == 2, "Z alone is not Undo"
    for _ in range(3):
        ctrl(app, pygame.K_z)
    assert not model.dirty and model.text() == model.base.text


def test_save_as_writes_the_variant_only_then_and_asks_before_replacing_it(app):
    scene = open_workshop(app)
    model = scene.model
    choose(scene, "rules.target")
    press(app, pygame.K_LEFT)
    assert not user_config_dir().exists() or not list(user_config_dir().glob("*.yaml"))
    scene.name_entry.set_text("quick")
    ctrl(app, pygame.K_s)
    path = user_config_dir() / "piraten_kapern_quick.yaml"
    text = path.read_text(encoding="utf-8")
    assert "target: 7900                       # the score that starts the final round" in text, "comments kept"
    assert load_config_file(path).rules.target == 7900
    assert model.saved == path and not model.unsaved
    press(app, pygame.K_LEFT)
    scene.run("save")
    step(app, 2)
    assert isinstance(app.top, MessageScene) and "piraten_kapern_quick.yaml" in app.top.text
    press(app, pygame.K_ESCAPE)                      # keep it: nothing written
    assert load_config_file(path).rules.target == 7900
    scene.run("save")
    step(app, 2)
    click(app, app.top.buttons["replace"].rect.center)   # Replace it
    assert load_config_file(path).rules.target == 7800


def test_try_it_plays_the_unsaved_variant_and_the_workshop_keeps_the_changes(app):
    scene = open_workshop(app)
    model = scene.model
    choose(scene, "rules.target")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_t)
    assert isinstance(app.top, TableScene)
    match = app.top.match
    assert match.game.config.text == model.text() and match.game.config.rules.target == 7900
    assert [s.bot for s in match.seats] == [None, "normal"]
    assert not list(user_config_dir().glob("*.yaml")), "nothing saved to try it"
    app.go(OpenWorkshop())
    step(app, 2)
    assert isinstance(app.top, WorkshopScene) and app.top.model is model and model.value(
        model.field("rules.target")) == 7900


def test_measure_plays_in_a_worker_shows_progress_and_results_and_cancel_stops_it(app):
    scene = open_workshop(app)
    choose(scene, "rules.target")
    for _ in range(40):
        scene.change(-1)
    press(app, pygame.K_m)
    assert scene.measuring and scene.measure_buttons["go"].text == "Start"
    assert scene.baseline().variant == "default", "compared with the game's default unless another is chosen"
    click(app, scene.measure_buttons["against"].rect.center)
    assert scene.baseline().variant == "classic" and "Piraten Kapern" in scene.measure_buttons["against"].text
    click(app, scene.measure_buttons["against"].rect.center)
    assert scene.baseline().variant == "default"
    scene.measure.games = 6
    scene.measure.level = "easy"
    click(app, scene.measure_buttons["go"].rect.center)
    job = scene.job
    # six quick games may be over before this line on a busy machine; while the job runs the button offers Cancel
    assert job is not None and (scene.measure_buttons["go"].text == "Cancel" or not job.alive())
    run_until(app, lambda: job.state != "running" or (time.sleep(0.01) or False), frames=6000)
    assert job.state == "done", job.problem
    result = job.result
    assert result.games == 6 and len(result.seats) == 2
    assert result.length is not None and result.length.value < result.length.base
    step(app, 2)
    assert scene.measure_buttons["go"].text == "Start"
    scene.measure.games = 1000
    click(app, scene.measure_buttons["go"].rect.center)
    big = scene.job
    assert big.alive()
    click(app, scene.measure_buttons["go"].rect.center)          # Cancel
    assert big.state == "cancelled" and not big.alive()
    press(app, pygame.K_ESCAPE)
    assert not scene.measuring and app.top is scene


def test_the_workshop_follows_its_file_in_the_config_folder(app):
    scene = open_workshop(app)
    scene.name_entry.set_text("mine")
    choose(scene, "rules.target")
    press(app, pygame.K_LEFT)
    scene.run("save")
    path = user_config_dir() / "piraten_kapern_mine.yaml"
    scene.open(load_config_file(path, "user:mine"))
    step(app, 2)
    assert scene.model.base.path == str(path)
    path.write_text(path.read_text(encoding="utf-8").replace("target: 7900", "target: 4000"), encoding="utf-8")
    scene.configs_changed(Batch((Change(path, "changed", None),)))
    step(app, 2)
    assert app.top.model.base.rules.target == 4000, "read again: nothing was changed here"


def test_a_name_typed_takes_the_letters_keys(app):
    scene = open_workshop(app)
    scene.name_entry.focus()
    app.manager.set_focus_set(scene.name_entry)
    step(app, 1)
    press(app, pygame.K_t, unicode="t")
    assert app.top is scene, "T typed into the name does not start a game"
    ev = pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=scene.name_entry, text="")
    scene.handle(ev)
    step(app, 2)
    assert isinstance(app.top, MessageScene), "Enter in an empty name asks for one"


def test_ctrl_s_saves_while_the_name_is_typed(app):
    scene = open_workshop(app)
    choose(scene, "rules.target")
    press(app, pygame.K_LEFT)
    click(app, scene.name_entry.rect.center)
    assert app.text_entry_focused()
    for key, letter in ((pygame.K_m, "m"), (pygame.K_y, "y")):     # M is Measure, but not while a name is typed
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        press(app, key, unicode=letter)
    assert scene.name_entry.get_text() == "my" and app.top is scene
    ctrl(app, pygame.K_s)
    assert (user_config_dir() / "piraten_kapern_my.yaml").is_file()


def test_the_pointer_over_a_changed_value_says_what_it_was_and_over_a_card_its_count(app):
    from piratetable.ui.workshop_view import draw_tip
    scene = open_workshop(app)
    choose(scene, "rules.target")
    press(app, pygame.K_LEFT)
    app.dirty = True
    step(app, 1)
    hit = hit_of(scene, "rules.target", "select")
    assert hit.tip == "the score that starts the final round  (was 8,000)"
    card = next(h for h in scene.hits if h.field == scene.model.field("cards.pirate.count") and h.action == "select"
                and h.tip.startswith("Pirate:"))
    assert card.tip == "Pirate: 4 cards"
    said = []
    text = app.text
    real = type(text).render
    try:
        type(text).render = lambda self, words, *a, **kw: said.append(words) or real(self, words, *a, **kw)
        draw_tip(app.screen, scene.hits, hit.rect.center, text, 1.0)
    finally:
        type(text).render = real
    assert said == [hit.tip]


def test_another_game_asks_before_dropping_changes_not_saved(app):
    scene = open_workshop(app)
    choose(scene, "rules.target")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_g)
    assert isinstance(app.top, MessageScene) and app.top.title == "Drop your changes?"
    press(app, pygame.K_ESCAPE)                      # keep editing
    assert app.top is scene and scene.game_id == "piraten_kapern" and scene.model.dirty
    press(app, pygame.K_g)
    click(app, app.top.buttons["drop"].rect.center)
    assert scene.game_id == "piratz" and not scene.model.dirty and app.workshop is scene.model
    press(app, pygame.K_g)                           # nothing changed: no question
    assert app.top is scene and scene.game_id == "pirataki"


def test_a_die_face_and_an_item_are_named_in_the_language_shown_never_by_their_config_id(app, drawn):
    """In Italian the faces of Piraten Kapern's die read "teschio", "scimmia" (as the table names them), not the
    config's ids `skull`, `monkey`; a Piratz card's item likewise. The value stays the id (what a save writes)."""
    app.set_language("it")
    scene = open_workshop(app)
    face = scene.model.field("dice.faces.0")
    choose(scene, "dice.faces.0")
    app.dirty = True
    step(app, 1)
    assert scene.model.value(face) == "skull"
    assert "‹ teschio ›" in drawn and "‹ scimmia ›" in drawn
    assert not any(t in drawn for t in ("‹ skull ›", "‹ monkey ›"))
    scene.next_game()                                   # Piratz: a card's items
    step(app, 2)
    item = next(f for f in scene.model.fields if f.kind == "choice" and f.path[-2] == "items")
    scene.list.chosen = scene.model.fields.index(item)
    drawn.clear()
    app.dirty = True
    step(app, 1)
    assert any(t.startswith("‹ ") for t in drawn)
    assert not any(f"‹ {c} ›" in drawn for c in ("ring", "coin", "pearl", "crown", "goblet", "necklace", "rat"))
