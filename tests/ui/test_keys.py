"""Key bindings as data (ui/keys.py): one table per scene, looked up by `handle`, labelling its buttons and its help;
and the table scene's match driver (ui/driver.py) working without a screen."""
import pygame

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.keys import TABLE_KEYS, Command, Keymap

from .helpers import press, start_table


def _key(code):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_a_keymap_finds_the_active_command_of_a_key_and_gives_a_games_key_way():
    keys = Keymap([Command("a", (pygame.K_a,), lambda: "A", lambda: "Apple"),
                   Command("b", (pygame.K_a, pygame.K_b), lambda: "B", lambda: "Banana", game_first=True)])
    assert keys.find(_key(pygame.K_a)) == "a"                                     # the first of a shared key
    assert keys.find(_key(pygame.K_a), active=lambda name: name != "a") == "b"    # … the first active one
    assert keys.find(_key(pygame.K_b), taken=lambda code: code == pygame.K_b) is None   # the game's own key wins
    assert keys.find(_key(pygame.K_c)) is None
    assert keys.label("b") == "Banana  [B]" and keys.badge("a") == "Apple [A]" and keys.help("a") == "Apple"
    assert keys.help_lines(["a"]) == ["A: Apple"]


def test_the_tables_buttons_and_help_come_from_its_keys(app):
    match = Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Bot", "easy")], 3)
    table = start_table(app, match)
    assert table.hint_button.text == TABLE_KEYS.label("hint") == "Hint  [H]"
    assert table.rules_button.text == TABLE_KEYS.label("rules") and table.menu_button.text == "Menu  [Esc]"
    for line in TABLE_KEYS.help_lines(["rules", "coach", "hint", "odds"]):
        assert line in table.menu_button.tool_tip_text        # the menu button's tooltip: the table's keys
    shown = table.driver.coach_shown
    press(app, TABLE_KEYS["coach"].keys[0])                   # F2, as the table says
    assert table.driver.coach_shown is not shown


def test_the_driver_decides_the_hand_over_without_a_screen():
    """Two people at a game that hides cards: the driver plays the first person's move, says the move is shown on
    the public table and the screen is then handed to the next person, behind the curtain."""
    from piratetable.ui.driver import MatchDriver
    from piratetable.ui.settings import Settings

    class Renderer:          # what the driver asks of the renderer: is a move being shown, who thinks
        thinking = None

        def busy(self):
            return False

    match = Match(load_config("petrangola"), [Seat("Ann"), Seat("Bo"), Seat("Cy", "easy")], 4)
    driver = MatchDriver(match, Renderer(), Settings(speed="instant"))
    assert driver.hotseat_hidden and driver.screen_seat == 0
    assert driver.start() and driver.awaiting_curtain and not driver.my_turn     # the curtain before Ann's cards
    driver.curtain_done()
    assert driver.my_turn
    nxt = driver.play(match.legal()[0])                    # Ann decides about the widow: Bo is next
    assert match.current == 1 and nxt is not None and nxt.reveal is None
    assert nxt.before is not None and nxt.before.viewer == 0     # the public table, laid out for Ann
    assert all(c.card is None for c in nxt.before.me.items[0].cards)   # Ann's own cards face down in it
    assert driver.handing_to == 1 and driver.screen_seat == 0 and not driver.my_turn
    assert driver.hand_over() and driver.screen_seat == 1 and driver.awaiting_curtain
    driver.curtain_done()
    assert driver.my_turn and driver.play(match.legal()[0]) is not None
