"""The app: one window, one pygame_gui UIManager, a scene stack, a 60 fps loop that rests when idle."""
from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from ..i18n import _, language, set_language
from . import art, flow, heap, sound, text
from .app_icon import window_icon
from .keys import APP_KEYS
from .outcomes import Ask, Outcome, ToTitle
from .paths import theme_data
from .settings import Settings, load_settings, save_settings
from .text import TEXT
from .watch import WATCH_EVENT, ConfigWatch

FPS = 60
WINDOW = (1280, 720)
MIN_WINDOW = (960, 600)
IDLE_AFTER = 1.0      # seconds without events or motion before the loop waits for events
TIP_DELAY = 0.6       # seconds resting on a disabled button before its reason shows
ACTIVE_AFTER_EVENT = 0.6  # keep drawing this long after an event (hover fades, clicks)
COLLECTOR_AFTER = 1.0     # seconds of app time after which a start without the garbage collector switches it on
GIVE_BACK_EVERY = 30.0    # seconds of app time between two returns of the C heap's free pages during a game


def window_surface() -> pygame.Surface:
    """The window's surface (a display mode is set: `App._set_mode`)."""
    surface = pygame.display.get_surface()
    assert surface is not None, "no display mode set"
    return surface


def _plain_framebuffer() -> None:
    """On X11 the window's pixels go to the X server straight (shared memory), as SDL does on WSL, not through an
    OpenGL texture: the program draws in software anyway, and where there is no GPU driver (Xvfb, a virtual
    machine, a remote desktop) the texture path loads Mesa's software OpenGL and LLVM, about 95 MiB for nothing.
    Only X11 (other drivers may have no plain framebuffer), and a choice in the environment
    (SDL_FRAMEBUFFER_ACCELERATION=1) wins. SDL reads the hint when the window's surface is made (set_mode)."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    """Owns the window, the UIManager and the scene stack; `step` runs one frame (tests call it directly)."""

    # A full pass of the collector when a game's scene leaves (`_drop`): about 40 ms at a 12-seat table (headless,
    # 53,000 objects); in a test process of a million objects about 0.1 s at every table dropped, so the UI tests and
    # the screen explorer turn it off (tests/ui/conftest.py), but for the memory test that checks it.
    collect_on_let_go = True

    def __init__(self, size=WINDOW, fullscreen: bool | None = None, settings: Settings | None = None):
        heap.hold_big_blocks_apart()   # a screen's worth of pixels freed goes back to the system (ui/heap.py)
        pygame.display.init()  # no pygame.init(): the mixer is opened by ui/sound.py, quietly, only if it can be
        _plain_framebuffer()
        pygame.font.init()  # the UIManager needs fonts initialised first (else a misleading FileNotFoundError)
        if settings is None:
            settings, problem = load_settings()
        else:
            problem = None
        self.settings = settings
        sound.init(settings)   # no audio device: the app plays silently
        self.windowed_size = tuple(size)
        self.fullscreen = settings.fullscreen if fullscreen is None else fullscreen
        pygame.display.set_icon(window_icon())   # before the window exists: some platforms read it only then
        self.screen = self._set_mode()
        pygame.display.set_caption("PirateTable")
        set_language(settings.language)
        self.manager = self._make_manager()
        self.text = TEXT
        TEXT.fit(self.ui_scale)
        self.stack: list = []
        self._pending: list[Callable[[], None]] = []
        self._let_go = False      # a scene holding a game left the stack: collect and give the heap back (_drop)
        self._given_back = 0.0    # when the heap's free pages last went back during a game (`_give_back_now_and_then`)
        self.running = True
        self.exit_status = 0
        self.dirty = True
        self.clock = pygame.time.Clock()
        self.now = 0.0                 # seconds of app time (sum of frame dts)
        self._last_event = 0.0
        self._last_draw = -1.0
        self.frames = 0
        self.draws = 0
        self._toast: tuple[str, float] | None = None
        self._tip: tuple | None = None   # (disabled button under the mouse, since when)
        self._resized = False
        self.last_setup: dict | None = None   # the set-up the last new game started from (this session)
        self.workshop: Any = None             # the Workshop's config being changed (kept until the app closes)
        self.configs = ConfigWatch()          # the user config folder, followed by the scenes (ui/watch.py)
        # the autosave's full check reads the game's rules and config: it runs once the title is drawn
        # (`_check_autosave`), unless Resume (which checks it in full) came first
        self.autosave_check_due = True
        self.collector_off = False    # `run`: the start ran without the garbage collector (`_collector_on`)
        self.go(ToTitle())
        if problem:
            self.message(problem, title=_("Settings"))
        self._apply_pending()

    # --- window -----------------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def ui_scale(self) -> float:
        """1 at 1280x720 with the UI scale setting at 100%; text and table parts grow with a bigger window or full
        screen, and with the setting."""
        w, h = self.size
        return max(0.85, min(2.5, w / WINDOW[0], h / WINDOW[1])) * self.settings.ui_scale

    def _make_manager(self) -> pygame_gui.UIManager:
        """A UIManager for the current language (pygame_gui's own translations and the language's font) and UI
        scale (the theme's font sizes)."""
        return pygame_gui.UIManager(self.size, theme_data(self.settings.ui_scale, language()),
                                    enable_live_theme_updates=False, starting_language=language())

    def set_language(self, code: str) -> None:
        """Switch the language now ("" = the system's): every scene is built again in it, nothing restarts."""
        set_language(code)
        self.settings.language = code
        self._rebuild_ui()

    def set_ui_scale(self, scale: float) -> None:
        """Text and controls bigger or smaller (the UI scale setting), applied at once."""
        self.settings.ui_scale = scale
        self._rebuild_ui()

    def _rebuild_ui(self) -> None:
        from . import sprites
        problem = save_settings(self.settings)
        covered = [s.root is not None and not s.root.visible for s in self.stack]
        for scene in self.stack:
            scene.leave()
            scene.language_changed()
        self.manager = self._make_manager()
        TEXT.clear()
        TEXT.fit(self.ui_scale)
        sprites.clear()
        for scene, hidden in zip(self.stack, covered):
            scene.enter()
            if hidden:
                scene.cover()
        self._tip = None
        self.dirty = True
        if problem:
            self.notify(problem)

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a resizable window and full screen (F11); remembered in the settings."""
        if on == self.fullscreen:
            return
        self.fullscreen = on
        self.screen = self._set_mode()
        self.settings.fullscreen = self.fullscreen
        problem = save_settings(self.settings)
        if problem:
            self.notify(problem)
        self._after_resize()

    def _after_resize(self) -> None:
        self.screen = window_surface()
        self.manager.set_window_resolution(self.size)
        TEXT.fit(self.ui_scale)
        for scene in self.stack:
            scene.resize()
        self.dirty = True

    # --- scene stack (operations queue up and apply between frames) ------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene, on_result: Callable | None = None) -> None:
        def op():
            if self.stack:
                self.stack[-1].cover()
            scene.on_result = on_result
            self.stack.append(scene)
            scene.enter()
        self._pending.append(op)

    def pop(self, result=None, scene=None) -> None:
        def op():
            if not self.stack or (scene is not None and self.stack[-1] is not scene):
                return
            old = self.stack.pop()
            self._drop(old)
            if self.stack:
                self.stack[-1].uncover()
            if old.on_result is not None:
                old.on_result(result)
        self._pending.append(op)

    def replace(self, scene) -> None:
        """Swap the top scene for `scene`."""
        def op():
            if self.stack:
                self._drop(self.stack.pop())
            self.stack.append(scene)
            scene.enter()
        self._pending.append(op)

    def reset_to(self, scene) -> None:
        """Clear the whole stack and show `scene` (e.g. back to the title)."""
        def op():
            while self.stack:
                self._drop(self.stack.pop())
            self.stack.append(scene)
            scene.enter()
        self._pending.append(op)

    def _drop(self, scene) -> None:
        """A scene leaves the stack for good."""
        scene.leave()
        self._let_go = self._let_go or scene.holds_a_game

    def _apply_pending(self) -> None:
        while self._pending:
            ops, self._pending = self._pending, []
            for op in ops:
                op()
            if self._let_go:
                # A game's scene is gone (the table for its results, the results for the next game or the title):
                # its match, its screens and their pixels are freed now, not at a full pass of the collector
                # hundreds of moves into the next game, and the C heap gives the pages back before the next
                # screen is drawn. Without this the heap peaked with both games in it and kept that peak as
                # free space (a step of 6 MiB after the first game; docs/benchmarks.md, "Memory").
                self._let_go = False
                TEXT.clear()        # what the finished game said (scores, counts, notes) is not drawn again
                art.cached.clear()  # its cards at the sizes of its table: the next screen draws its own
                text.clear_fonts()  # and its fonts at those sizes
                if self.collect_on_let_go:
                    gc.collect()
                heap.give_back()
            # A killed or hidden text field may stay in pygame_gui's focus set and swallow the shortcuts; it
            # also leaves its key repeat on (a text field turns it on while focused, and is killed without being
            # unfocused): a key held at the table would then repeat, and skip the move it just played.
            self.manager.set_focus_set(None)
            pygame.key.set_repeat(0)
            self.dirty = True

    def go(self, outcome: Outcome, then: Callable | None = None) -> None:
        """Show what a scene asks for next (`ui/outcomes.py`); the flow (`ui/flow.py`) decides which scene and how it
        stacks. `then` receives the value a modal scene closes with."""
        flow.go(self, outcome, then)

    def message(self, text: str, title: str | None = None) -> None:
        """A modal message with an OK button (errors a person caused: bad save, bad settings…)."""
        self.go(Ask(title or _("Note"), text))

    def notify(self, text: str, seconds: float = 4.0) -> None:
        """A short note at the bottom of the window (e.g. "Saved to …")."""
        self._toast = (text, self.now + seconds)
        self.dirty = True

    def quit(self, status: int = 0) -> None:
        self.running = False
        self.exit_status = status

    # --- one frame ----------------------------------------------------------------------------------------
    def text_entry_focused(self) -> bool:
        focus = self.manager.get_focus_set() or ()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) and e.alive() and e.visible
                   for e in focus)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.windowed_size = (max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h))
            self._resized = True
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = True
        if event.type == pygame.MOUSEMOTION:
            self._hover_disabled(event.pos)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            sound.play("click")
        if self.manager.process_events(event):
            return
        if event.type == pygame.KEYDOWN:
            if APP_KEYS.find(event) == "fullscreen":
                self.set_fullscreen(not self.fullscreen)
                return
            if self.text_entry_focused() and event.key not in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                                pygame.K_KP_ENTER, pygame.K_TAB,
                                                                pygame.K_UP, pygame.K_DOWN) \
                    and not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                return  # typing a name: letters are not shortcuts (Tab and Up/Down move the focus on; Ctrl+S is)
        if self.top is not None:
            self.top.handle(event)

    def step(self, dt: float = 1 / FPS, events: list | None = None) -> None:
        """One frame: apply stack changes, route events, update the top scene and pygame_gui, draw if needed."""
        self.frames += 1
        self.now += dt
        self._apply_pending()
        # (the folder's watch posts WATCH_EVENT only to wake the loop: what it reported is taken below)
        events = [e for e in list(events or []) + pygame.event.get() if e.type != WATCH_EVENT]
        if events:
            self._last_event = self.now
        for event in events:
            self.handle_event(event)
            if not self.running:
                return
        if self._resized:
            self._resized = False
            if window_surface().get_size() != self.windowed_size:
                pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._after_resize()
        self._apply_pending()
        if self.autosave_check_due and self.draws:
            self._check_autosave()
        if self.configs.pump():   # files of the user config folder changed: the scenes following it are told
            self._apply_pending()
        moving = self.top.update(dt) if self.top is not None else False
        self.manager.update(dt)
        if self._toast and self.now > self._toast[1]:
            self._toast = None
            self.dirty = True
        if self._tip and self._tip[1] is not None and self.now - self._tip[1] >= TIP_DELAY:
            self._tip = (self._tip[0], None)   # its reason shows from now on
            self.dirty = True
        self._moving = moving
        if self.dirty or moving or self.now - self._last_event < ACTIVE_AFTER_EVENT \
                or (self.now - self._last_draw > 0.5 and self.text_entry_focused()):  # the text cursor blinks
            self.draw()
        if self.collector_off and self.now >= COLLECTOR_AFTER:
            self._collector_on()
        self._give_back_now_and_then()

    def _give_back_now_and_then(self) -> None:
        """During a game, every `GIVE_BACK_EVERY` seconds, the C heap's free pages go back to the system
        (`heap.give_back`, 0.1-1.4 ms of CPU): a game's moves free and allocate surfaces and texts of every size,
        and the holes they leave in the heap kept 1.5 MiB more of it resident by the end of a 12-seat game."""
        if self.now - self._given_back >= GIVE_BACK_EVERY and self.top is not None and self.top.holds_a_game:
            self._given_back = self.now
            heap.give_back()

    def _collector_on(self) -> None:
        """The app is up (a second in: the title, or a game Resume opened at once): switch the garbage collector
        on, with what the start made frozen out of its passes (`gc.freeze`: modules, classes, fonts, the
        screens — some 50,000 objects that live as long as the app, and a few hundred that were garbage)."""
        self.collector_off = False
        gc.freeze()
        gc.enable()

    def _check_autosave(self) -> None:
        """(The frame after the first.) Remove what a killed write left and check the autosave without replaying
        it (the check never raises): a damaged one is set aside, the scenes are built again (the title's Resume
        goes off) and a message says what and where."""
        from .saves import check_autosave_at_start
        self.autosave_check_due = False
        damaged = check_autosave_at_start()
        if damaged:
            for scene in self.stack:
                scene.resize()
            self.message(damaged, title=_("Cannot resume"))
            self._apply_pending()

    @property
    def idle(self) -> bool:
        return not self._pending and not self.dirty and not getattr(self, "_moving", False) \
            and self.now - self._last_event > IDLE_AFTER and not (self.top is not None and self.top.working())

    def draw(self) -> None:
        surface = self.screen
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for i, scene in enumerate(self.stack[first:], start=first):
            if i > first:
                scene.draw_veil(surface)
            scene.draw(surface)
        self.manager.draw_ui(surface)
        if self._tip and self._tip[1] is None:
            self._draw_disabled_tip(surface, self._tip[0])
        if self._toast:
            self._draw_toast(surface, self._toast[0])
        pygame.display.flip()
        self.dirty = False
        self._last_draw = self.now
        self.draws += 1

    # --- why a button is disabled --------------------------------------------------------------------------------
    def _hover_disabled(self, pos) -> None:
        """pygame_gui shows no tooltip on a disabled button; ours shows its reason (its tooltip text) instead."""
        button = self.disabled_button_at(pos)
        if button is None:
            if self._tip is not None:
                self._tip = None
                self.dirty = True
        elif self._tip is None or self._tip[0] is not button:
            self._tip = (button, self.now)

    def disabled_button_at(self, pos):
        """The visible, disabled button with a reason (tooltip text) under `pos` in the top scene, if any."""
        root = self.top.root if self.top is not None else None
        todo = [root] if root is not None and root.visible else []
        while todo:
            element = todo.pop()
            for child in getattr(element, "elements", ()):
                if not child.visible:
                    continue
                if isinstance(child, pygame_gui.elements.UIButton):
                    if not child.is_enabled and child.tool_tip_text and child.rect.collidepoint(pos):
                        return child
                elif hasattr(child, "elements"):
                    todo.append(child)
        return None

    def _draw_disabled_tip(self, surface: pygame.Surface, button) -> None:
        if not button.alive() or not button.visible or button.is_enabled or not button.tool_tip_text:
            self._tip = None
            return
        w, h = surface.get_size()
        lines = self.text.wrap(button.tool_tip_text, 15, min(420, w - 40))[:4]
        surfs = [self.text.render(line, 15, (250, 240, 215)) for line in lines]
        box = pygame.Rect(0, 0, max(s.get_width() for s in surfs) + 20, sum(s.get_height() for s in surfs) + 12)
        box.midbottom = (button.rect.centerx, button.rect.y - 6)
        if box.y < 4:
            box.top = button.rect.bottom + 6
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (20, 30, 40), box, border_radius=6)
        pygame.draw.rect(surface, (150, 130, 100), box, 1, border_radius=6)
        y = box.y + 6
        for s in surfs:
            surface.blit(s, (box.x + 10, y))
            y += s.get_height()

    def _draw_toast(self, surface: pygame.Surface, text: str) -> None:
        w, h = surface.get_size()
        lines = self.text.wrap(text, 16, min(900, w - 80))[:3]
        surfs = [self.text.render(line, 16, (250, 240, 215)) for line in lines]
        bw = max(s.get_width() for s in surfs) + 32
        bh = sum(s.get_height() for s in surfs) + 16
        box = pygame.Rect(0, 0, bw, bh)
        box.midbottom = (w // 2, h - 96)
        pygame.draw.rect(surface, (20, 30, 40), box, border_radius=8)
        pygame.draw.rect(surface, (217, 164, 65), box, 2, border_radius=8)
        y = box.y + 8
        for s in surfs:
            surface.blit(s, (box.x + 16, y))
            y += s.get_height()

    # --- the loop ---------------------------------------------------------------------------------------------
    def run(self, smoke_frames: int | None = None) -> int:
        """Run until Quit (or for `smoke_frames` frames); rests in `event.wait` when nothing moves."""
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            events = []
            if smoke_frames is None and self.idle:
                first = pygame.event.wait(500)  # sleep until something happens: ~0 % CPU at rest
                if first.type != pygame.NOEVENT:
                    events.append(first)
                dt += self.clock.tick() / 1000.0
            try:
                self.step(min(dt, 0.25), events)
            except Exception:  # a bug: keep the window alive, say where the details are
                if smoke_frames is not None:
                    raise
                self._report_crash()
            if smoke_frames is not None and self.frames >= smoke_frames:
                break
        return self.exit_status

    def _report_crash(self) -> None:
        import traceback  # only here: it costs the start ~30 ms

        from ..home import app_home
        path = app_home() / "crash.log"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(time.strftime("%Y-%m-%d %H:%M:%S ") + traceback.format_exc() + "\n")
        except OSError:
            pass
        traceback.print_exc()
        self._pending.clear()
        self.go(ToTitle())
        self.message(_("Something went wrong inside PirateTable; your game is in the autosave (Resume). "
                       "Details: {path}").format(path=path), title=_("Sorry"))

    def close(self) -> None:
        """Stop the bot worker and close the window (font objects die with pygame: drop the caches too)."""
        from . import bots, insight, sprites, text
        from .saves import AUTOSAVER
        AUTOSAVER.flush()        # the last move's save is on disk before the app is gone
        self.configs.stop()      # no thread looks at the folder (nor posts an event) once the window is gone
        bots.shutdown()
        insight.shutdown()
        text.clear_fonts()
        text.TEXT.clear()
        sprites.clear()
        sound.shutdown()
        pygame.quit()


def run(smoke_frames: int | None = None, fullscreen: bool = False, resume: bool = False) -> int:
    """Start the app (the `piratetable` command); with `smoke_frames` run that many frames and return 0; with
    `resume`, go on with the autosave's unfinished game at once (the title's Resume, its messages included)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        app = App(fullscreen=True if fullscreen else None)
    except pygame.error as exc:
        gc.enable()
        print(f"error: cannot open a window: {exc}", file=sys.stderr)
        return 1
    app.collector_off = not gc.isenabled()   # the command started without it (cli.py): on once the app is up
    try:
        if resume:
            flow.resume_now(app)
        status = app.run(smoke_frames)
    finally:
        if app.collector_off:
            app._collector_on()
        app.close()
    return 0 if smoke_frames is not None else status
