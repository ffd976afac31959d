"""The Petrangola table through the one table renderer, headless (SDL dummy driver): bots to the results, the hotseat
curtain, a swap made by clicking cards or by the keys 1–6, refusals with their reasons, the showdown held on the
screen with every hand face up, and the renderer never being handed another seat's hidden cards."""
from __future__ import annotations

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.games.petrangola.table import kind_of
from piratetable.table.model import Pick, Zone
from piratetable.table.stage import HOLD
from piratetable.ui.app import App
from piratetable.ui.games.petrangola.painters import Painters as PetrangolaPainters
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.showdown import ShowdownScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.settings import Settings

from ..games.petrangola.test_table import cards_of
from .helpers import click, click_element, press, run_until, start_table, step


def pg_match(seats, seed=3, dealer=None):
    return Match(load_config("petrangola"), seats, seed, {"dealer": dealer} if dealer is not None else None)


def record_draws(table) -> list:
    """Wrap the renderer's draw: every table it draws, with the seat at the screen, whether the curtain is up and
    that seat's view at that moment."""
    drawn = []
    original = table.renderer.draw

    def draw(surface, rect, score_rect, k):
        seat = table.screen_seat
        drawn.append((seat, table.driver.awaiting_curtain, table.renderer.displayed, table.match.view(seat)))
        return original(surface, rect, score_rect, k)

    table.renderer.draw = draw
    return drawn


def seen(game, view) -> set:
    """What the seat of `view` may see: the cards of the hand it has seen, the hands shown at the last showdown."""
    shown = {c for h in view["showdown_hands"] or [] for c in h or []} | set(view["showdown_monte"] or [])
    return set(game.seen_cards(view)) | shown


def hidden_ok(game, seat, table, view) -> bool:
    """The table is the seat's own, holds only cards it may see, and other hands are backs except the cards seen
    taken from the monte (until a showdown shows them all)."""
    if table.viewer != seat or cards_of(table) - seen(game, view):
        return False
    if view["phase"] in ("rebuy", "over"):
        return True
    for s in range(view["players"]):
        zone = table.zone(f"hand:{s}")
        if s != seat and zone is not None:
            public = set(c for c in view["public_cards"][s] if c)
            if any(cv.card is not None and cv.card not in public for cv in zone.cards):
                return False
    return True


def target(table, pick):
    return next(t for t in table.renderer.look.targets if t.pick == pick)


def bar_labels(table) -> list[str]:
    return [label for _g, label, _e, _t in table.action_bar.entries]


def my_swap_turn(app, seed=6):
    match = pg_match([Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")], seed=seed, dealer=2)
    table = start_table(app, match)
    run_until(app, lambda: match.current == 0 and table.my_turn and not table.renderer.busy(), frames=600)
    step(app, 2)
    assert table.view["phase"] in ("play", "final")
    return match, table


def test_the_table_is_drawn_by_the_one_renderer_with_petrangolas_painters_around_an_oval(app):
    match = pg_match([Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")])
    table = start_table(app, match)
    assert type(table) is TableScene and isinstance(table.renderer.painters, PetrangolaPainters)
    t = table.renderer.table
    assert t.seat_style == "ring" and t.me.seat == 0 and [a.seat for a in t.seats] == [1, 2]
    look = table.renderer.look
    assert {"hand:1", "hand:2", "hand:0"} <= set(look.zones) and "deck" in look.zones
    me_zone = look.zones["hand:0"]
    assert me_zone.bottom > look.zones["hand:1"].bottom and me_zone.bottom > look.zones["hand:2"].bottom


def test_a_game_of_bots_plays_through_to_the_results_screen(app):
    match = pg_match([Seat("Ben", "easy"), Seat("Cleo", "normal"), Seat("Dario", "easy")], seed=5)
    start_table(app, match)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=6000)
    assert match.over and match.game.winners(match.state)


def test_three_humans_get_the_curtain_between_turns_and_nothing_is_drawn_behind_it(app):
    names = ["Anna", "Ben", "Cleo"]
    match = pg_match([Seat(n) for n in names], seed=4, dealer=0)
    app.reset_to(TableScene(app, match))
    step(app, 3)
    table = app.stack[0]
    drawn = record_draws(table)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Anna"
    press(app, pygame.K_RETURN)
    assert app.top is table and table.view["seat"] == 0 and table.view["widow"][0] is not None
    widow = table.renderer.table.zone("widow")
    assert [c.card for c in widow.cards] == table.view["widow"]
    press(app, pygame.K_r)                      # Anna rejects the widow
    assert match.history[-1].action == "reject"
    step(app, 2)
    assert app.top is table and table.driver.handing_to == 1 and table.renderer.table.viewer == 0
    press(app, pygame.K_RETURN)                 # Anna has seen her move: she passes the screen on
    assert isinstance(app.top, CurtainScene) and app.top.name == "Ben"
    curtain_frames = len(drawn)
    step(app, 5)
    assert len(drawn) == curtain_frames          # the table draws nothing while the curtain is up
    press(app, pygame.K_RETURN)
    assert app.top is table and table.view["seat"] == 1 and table.renderer.table.viewer == 1
    press(app, pygame.K_p)                       # Ben passes
    step(app, 2)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Cleo"
    press(app, pygame.K_RETURN)
    step(app, 2)
    assert drawn and all(not behind for _, behind, _, _ in drawn)
    assert all(hidden_ok(match.game, seat, t, view) for seat, _, t, view in drawn)
    assert {seat for seat, *_ in drawn} == {0, 1, 2}
    # the log the table shows to each seat names no hidden card: Anna's and Cleo's hands stay unnamed to Ben
    words = match.game.words()
    hidden = set(match.state.hands[0]) | set(match.state.hands[2])
    assert not any(words.card(card) in line for line in match.log(1) for card in hidden)


def _three_people(app):
    """Anna, Ben and Cleo at one screen (Anna deals), the table opened behind its curtain: (match, table)."""
    step(app, 2)
    match = pg_match([Seat(n) for n in ("Anna", "Ben", "Cleo")], seed=4, dealer=0)
    app.reset_to(TableScene(app, match))
    step(app, 3)
    return match, app.stack[0]


def test_the_movers_hand_turns_face_down_as_soon_as_the_move_is_played(drawn):
    """Three people: from the frame Ben's pass is played on, the screen (the table, the move being shown, the log,
    "Pass the screen to Cleo") holds none of Ben's cards — his hand lies face down like everybody's."""
    app = App(settings=Settings(speed="normal"))
    try:
        match, table = _three_people(app)
        press(app, pygame.K_RETURN)                 # Anna at the screen
        press(app, pygame.K_r)                      # she rejects the widow
        run_until(app, lambda: table.driver.handing_to == 1 and not table.renderer.busy(), frames=600)
        press(app, pygame.K_RETURN)
        press(app, pygame.K_RETURN)                 # Ben at the screen
        run_until(app, lambda: table.my_turn and not table.renderer.busy(), frames=600)
        ben = set(match.state.hands[1])
        words = match.game.words()
        assert ben <= cards_of(table.renderer.table)                 # his own table shows them
        frames = []
        original = table.renderer.draw

        def draw(surface, rect, score_rect, k):
            frames.append((match.moves, table.renderer.displayed, list(drawn)))
            drawn.clear()
            return original(surface, rect, score_rect, k)

        table.renderer.draw = draw
        moves = match.moves
        drawn.clear()
        press(app, pygame.K_p, frames=1)            # Ben passes
        assert match.moves == moves + 1 and table.driver.handing_to == 2
        run_until(app, lambda: not table.renderer.busy(), frames=600)
        step(app, 3)
        after = [(t, texts) for n, t, texts in frames if n > moves]
        assert after                                # the pass was shown
        for shown, texts in after:
            assert not cards_of(shown) & ben, sorted(cards_of(shown) & ben)
            assert not [line for line in texts for c in ben if words.card(c) in line]
        zone = table.renderer.table.zone("hand:1")
        assert table.renderer.table.viewer == 1 and [c.card for c in zone.cards] == [None] * 3
        assert [b[1] for b in table.action_bar.entries] == ["Pass the screen to Cleo  [Enter]"]
        press(app, pygame.K_RETURN)
        assert isinstance(app.top, CurtainScene) and app.top.name == "Cleo"
    finally:
        app.close()


def test_a_swap_is_made_by_clicking_a_hand_card_and_a_monte_card(app):
    match, table = my_swap_turn(app)
    view = table.view
    renderer = table.renderer
    give, take = view["hands"][0][1], view["monte"][2]
    click(app, target(table, Pick("hand", give)).rect.center)
    assert renderer.selection.pending == Pick("hand", give)
    assert target(table, Pick("hand", give)).rect.y < target(table, Pick("hand", view["hands"][0][0])).rect.y   # lifted
    click(app, target(table, Pick("monte", take)).rect.center)
    assert renderer.selection.pairs == [frozenset({Pick("hand", give), Pick("monte", take)})]
    after = [take if c == give else c for c in view["hands"][0]]
    assert f"Swap 1 pair: {kind_of(match.game, after)}  [S]" in bar_labels(table)
    before = len(match.history)
    press(app, pygame.K_s)
    assert len(match.history) > before          # (the bots may already have played after it)
    entry = match.history[before]
    assert entry.seat == 0 and entry.action == str(match.game.parse_action(f"swap {give} {take}"))


def test_keys_pair_cards_and_a_third_pair_is_refused_with_a_reason(app):
    match, table = my_swap_turn(app)
    renderer = table.renderer
    played = len(match.history)
    for key in (pygame.K_1, pygame.K_4, pygame.K_2, pygame.K_5):
        press(app, key)
    hand = [cv.card for cv in table.renderer.table.zone("hand:0").cards]     # as drawn: the game's order
    monte = table.view["monte"]
    assert set(renderer.selection.pairs) == {frozenset({Pick("hand", hand[0]), Pick("monte", monte[0])}),
                                             frozenset({Pick("hand", hand[1]), Pick("monte", monte[1])})}
    assert any(lb.startswith("Swap 2 pairs: ") for lb in bar_labels(table))
    press(app, pygame.K_3)
    assert len(renderer.selection.pairs) == 2 and renderer.selection.pending is None
    assert table.message and "At most two pairs" in table.message[0] and table.message[1]
    press(app, pygame.K_6)
    assert len(renderer.selection.pairs) == 2 and "At most two pairs" in table.message[0]
    press(app, pygame.K_c)
    assert renderer.selection.empty and len(match.history) == played and table.my_turn


def test_the_odds_line_follows_the_swap_picked(app):
    """With Odds on, pairing cards shows the chance of the hand the swap would make; half a pair or none, the
    chance of the hand as it is."""
    app.settings.odds = True
    match, table = my_swap_turn(app)
    plain = table.driver.odds_line()
    assert "chance that your hand is the lowest" in plain and not plain.startswith("With the swap")
    press(app, pygame.K_1)
    assert table.driver.odds_line() == plain          # half a pair: no swap yet
    press(app, pygame.K_4)
    picked = table.driver.odds_line()
    assert picked.startswith("With the swap you picked: ") and "chance that your hand is the lowest" in picked
    press(app, pygame.K_c)
    assert table.driver.odds_line() == plain


def test_refusals_say_why(app):
    match, table = my_swap_turn(app)
    press(app, pygame.K_s)                      # nothing paired yet
    assert "Pair cards first" in table.message[0]
    other = next(t for t in table.renderer.look.targets if t.key.startswith("hand:1/") or
                 (t.pick is None and t.why.startswith("Only your own")))
    click(app, other.rect.center)
    assert "Only your own cards and the monte" in table.message[0]
    assert "Swap chosen  [S]" in bar_labels(table) and "Pass  [P]" in bar_labels(table)


def test_the_dealer_deciding_is_told_to_keep_or_reject_first(app):
    match = pg_match([Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")], seed=2, dealer=0)
    table = start_table(app, match)
    assert table.view["phase"] == "widow" and table.my_turn
    back = next(t for t in table.renderer.look.targets if t.key == "hand:0/0")
    click(app, back.rect.center)
    assert "First keep (K) or reject (R) the widow" in table.message[0]
    press(app, pygame.K_5)                      # a card of the widow by its key
    assert "Keep the widow (K) or reject it (R)" in table.message[0] and not match.history
    assert bar_labels(table) == ["Keep the widow (knock)  [K]", "Reject the widow  [R]"]
    press(app, pygame.K_k)
    assert match.history[0].action == "keep"


def _to_the_showdown(app, table, frames=20000):
    """Play every person's turn (reject the widow, pass, rebuy), passing the screen and lifting the curtain, until
    the showdown is on the screen."""
    for _ in range(frames):
        top = app.top
        if isinstance(top, ShowdownScene):
            return top
        if isinstance(top, CurtainScene) or (top is table and table.driver.handing_to is not None
                                             and not table.renderer.busy()):
            press(app, pygame.K_RETURN, frames=1)
        elif top is table and table.my_turn and not table.renderer.busy():
            press(app, pygame.K_r if table.view["phase"] in ("widow", "rebuy") else pygame.K_p, frames=1)
        step(app)
    raise AssertionError("no showdown")


def test_esc_on_the_curtain_opens_the_menu_without_showing_the_seat(app):
    """Found playing: to stop a hotseat game a person had to show the next seat first (or close the window). Esc on
    the curtain opens the table's menu over the curtain; nothing of the table is drawn; Resume is the curtain
    again, and Quit to title leaves with the seat never shown."""
    from piratetable.ui.scenes.pause import PauseScene
    from piratetable.ui.scenes.title import TitleScene
    match = pg_match([Seat(n) for n in ("Anna", "Ben", "Cleo")], seed=4, dealer=0)
    app.reset_to(TableScene(app, match))
    step(app, 3)
    table = app.stack[0]
    drawn = record_draws(table)
    curtain = app.top
    assert isinstance(curtain, CurtainScene) and curtain.name == "Anna"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene) and app.top.table is table and app.stack[-2] is curtain
    step(app, 3)
    assert not drawn                             # the menu sits on the curtain: the table is not drawn
    press(app, pygame.K_ESCAPE)                  # Resume: the curtain again
    assert app.top is curtain
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_q)                       # Quit to title: Anna's seat was never shown
    step(app, 3)
    assert isinstance(app.top, TitleScene) and not drawn


def test_three_people_see_the_showdown_together_and_it_waits_for_continue_then_the_curtain(drawn):
    """Every hand face up, large, with what it makes; the lowest marked in words; what each costs, the pot and
    what comes next — until someone presses Continue; then the curtain before anyone's next cards."""
    app = App(settings=Settings(speed="normal"))
    try:
        match, table = _three_people(app)
        frames = record_draws(table)
        shown = _to_the_showdown(app, table)
        assert table.driver.revealing and not table.my_turn and match.state.ctx.stages == 1
        public = match.events_for(None)
        assert shown.reveal == match.game.reveal(public, table.seat_info)     # from the events, for everybody
        assert len(shown.reveal.hands) == 3 and {h.seat for h in shown.reveal.hands} == {0, 1, 2}
        drawn_before = len(frames)
        drawn.clear()
        step(app, 600)                                  # ten seconds: it waits
        assert app.top is shown and shown.settled and len(frames) == drawn_before   # the table draws nothing
        for _hand, panel, rects in shown.panels:
            assert len(rects) == 3 and all(r.width >= 60 and panel.contains(r) for r in rects)   # large cards
        last = match.history[-1].events
        results = next(e for e in last if type(e).__name__ == "Showdown").results
        assert [sorted(r.cards, key=match.game.deck.index.get) for r in results] == \
            [list(h.cards) for h in shown.reveal.hands]                 # each hand in the game's order
        losers = [h for h in shown.reveal.hands if h.tone == "bad"]
        assert losers and all(h.mark == "Lowest hand" and "loses a token" in h.outcome for h in losers)
        for h in shown.reveal.hands:              # on the screen: names, what each hand makes and costs
            assert h.name in drawn and h.caption in drawn and h.outcome in drawn
        assert "Lowest hand" in drawn and any("pot holds 3 chips" in x for x in drawn)
        assert shown.go.text.startswith("Continue")
        press(app, pygame.K_RETURN)
        nxt = match.current
        assert isinstance(app.top, CurtainScene) and app.top.name == match.seats[nxt].name
        assert not table.driver.revealing and len(frames) == drawn_before     # no one's cards before the curtain
        press(app, pygame.K_RETURN)
        assert app.top is table and table.view["seat"] == nxt
    finally:
        app.close()


def test_one_person_with_bots_sees_the_showdown_until_continue_and_no_curtain(app):
    match = pg_match([Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")], seed=4, dealer=1)
    table = start_table(app, match)
    shown = _to_the_showdown(app, table)
    moves = match.moves
    step(app, 120)
    assert app.top is shown and match.moves == moves         # the bots wait too
    click_element(app, shown.go)
    assert app.top is table and not table.driver.revealing
    run_until(app, lambda: match.moves > moves or table.my_turn, frames=600)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_the_showdown_screen_fits_every_window_text_size_and_seat_count(size, tmp_path, monkeypatch):
    """3 and 12 hands, text 85–150 %, English and Russian: the panels inside the felt, apart; each hand's cards
    inside its panel; what it makes and costs printed whole (never under 12 px); the "Lowest hand" stamp clear of
    the name and the cards; Continue clear of everything."""
    from piratetable.engine.events import for_viewer
    from piratetable.table.standard import SeatInfo

    from .test_layout import finished
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(speed="instant"))
    window = pygame.Rect((0, 0), size)
    try:
        step(app, 2)
        for n in (3, 12):
            match = finished("petrangola", n)
            infos = [SeatInfo(s.name, s.bot) for s in match.seats]
            for lang in ("en", "ru"):
                app.set_language(lang)
                reveals = [match.game.reveal(for_viewer(e.events, None), infos) for e in match.history]
                reveal = max((r for r in reveals if r is not None), key=lambda r: (len(r.hands), len(r.lines)))
                for scale in (0.85, 1.0, 1.5):
                    app.set_ui_scale(scale)
                    app.reset_to(ShowdownScene(app, match.game, reveal))
                    step(app, 2)
                    shown, t = app.top, app.text
                    where = (n, lang, scale)
                    assert len(shown.panels) == len(reveal.hands) == n
                    sizes = (shown.caption_size, shown.outcome_size, shown.name_size, shown.line_size)
                    assert min(sizes) >= 12, where
                    felt, go = shown.felt, shown.go.rect
                    assert window.contains(go) and window.contains(felt) and not go.colliderect(felt), where
                    for i, (hand, panel, rects) in enumerate(shown.panels):
                        assert felt.contains(panel), (where, hand.name)
                        assert all(not panel.colliderect(o) for _h, o, _r in shown.panels[i + 1:]), where
                        assert len(rects) == 3 and all(panel.contains(r) for r in rects), where
                        room = panel.width - 2 * shown.pad if shown.kind == "stack" else \
                            panel.right - shown.pad - rects[-1].right - shown.pad
                        assert t.width(hand.caption, shown.caption_size, True) <= room, (where, hand.caption)
                        assert t.width(hand.outcome, shown.outcome_size) <= room, (where, hand.outcome)
                    for text, _colour in shown.lines:
                        assert shown.margin + t.width(text, shown.line_size) <= go.x, (where, text)
                    # "Lowest hand" is stamped in its name's row: inside the panel, clear of the name and the cards
                    assert shown.settled and len(shown.stamps) == sum(1 for x in reveal.hands if x.mark) > 0, where
                    marked = [(panel, rects) for hand, panel, rects in shown.panels if hand.mark]
                    for (name, stamp), (panel, rects) in zip(shown.stamps, marked):
                        assert panel.contains(stamp) and not stamp.colliderect(name), where
                        assert not any(stamp.colliderect(r) for r in rects), where
    finally:
        app.close()


def test_a_game_of_bots_still_holds_the_showdown_on_the_table_with_every_hand_face_up():
    app = App(settings=Settings(speed="normal"))
    try:
        step(app, 2)
        match = pg_match([Seat("Anna", "easy"), Seat("Ben", "easy"), Seat("Cleo", "easy"), Seat("Dario", "easy")],
                         seed=7, dealer=3)
        table = start_table(app, match)
        held = None
        for _ in range(20000):
            st = table.renderer.stages[0] if table.renderer.stages else None
            if st is not None and st.kind == HOLD and "Showdown" in st.banner:
                held = st
                break
            if table.my_turn and not table.renderer.busy():
                press(app, pygame.K_r if table.view["phase"] in ("widow", "rebuy") else pygame.K_p, frames=1)
            step(app)
        assert held is not None
        hands = [held.table.zone(f"hand:{s}") for s in range(4)]
        assert all(z is not None and len(z.cards) == 3 and None not in [c.card for c in z.cards] for z in hands
                   if z.cards)
        assert sum(1 for z in hands if z.cards) >= 2
        assert any(delta < 0 for delta in held.deltas.values())
        assert "loses a token" in held.banner or "lose a token" in held.banner
        step(app, int(held.duration * 60) // 2)
        assert table.renderer.stages and table.renderer.stages[0] is held   # still on the screen
        # the plates tell the token lost while the hold lasts: the staged score card has the new totals
        renderer, look = table.renderer, table.renderer.look
        assert look.table is held.table
        loser = next(seat for seat, delta in held.deltas.items() if delta < 0)
        zone = held.table.zone(f"hand:{loser}")
        tokens, delta = renderer.painters._change(look, zone, zone.payload.tokens)
        staged = next(r for r in held.table.score.rows if r.seat == loser)
        assert delta == held.deltas[loser] < 0 and tokens == int(staged.total) == zone.payload.tokens + delta
    finally:
        app.close()


def test_the_renderer_is_never_handed_another_seats_hidden_cards(app):
    match = pg_match([Seat("Anna")] + [Seat(f"Bot {i}", "easy") for i in range(1, 4)], seed=8)
    table = start_table(app, match)
    drawn = record_draws(table)
    keys = {"widow": pygame.K_r, "play": pygame.K_p, "final": pygame.K_p, "rebuy": pygame.K_r}
    showdowns = 0
    for _ in range(8000):
        if isinstance(app.top, ResultsScene):
            break
        if isinstance(app.top, ShowdownScene):      # every showdown waits for Continue
            showdowns += 1
            press(app, pygame.K_RETURN, frames=1)
        if app.top is table and table.my_turn:
            press(app, keys[table.view["phase"]], frames=1)   # Anna: reject, pass, rebuy
        step(app)
    assert isinstance(app.top, ResultsScene) and showdowns >= 2
    assert len(drawn) > 20
    assert all(seat == 0 and t.viewer == 0 for seat, _, t, _ in drawn)
    assert all(hidden_ok(match.game, 0, t, view) for _, _, t, view in drawn)
    backs = [cv for _, _, t, view in drawn if view["phase"] == "play"
             for cv in t.zone("hand:1").cards if cv.card is None]
    assert backs and all(cv.key.startswith("hand:1/") for cv in backs)
    assert any(isinstance(e, Zone) and e.id == "monte" for _, _, t, _ in drawn for e in t.elements())


@pytest.mark.parametrize("players", [3, 4])
def test_with_few_seats_the_monte_is_drawn_nearly_as_large_as_the_hand(app, players):
    """Up to four seats every plate sits on the upper half of the ring, and the table top reaches down to the
    viewer's area, so the monte (the cards a swap takes) is drawn large: it was a third of the hand's width at
    1280×720 while the table top kept the height a crowded ring leaves it."""
    seats = [Seat("Anna")] + [Seat(name, "easy") for name in ("Ben", "Cleo", "Dan")[:players - 1]]
    match = pg_match(seats, seed=6, dealer=players - 1)
    table = start_table(app, match)
    run_until(app, lambda: match.current == 0 and table.my_turn and not table.renderer.busy(), frames=600)
    step(app, 2)
    targets = table.renderer.look.targets
    monte = [t.rect for t in targets if t.pick is not None and t.pick.kind == "monte"]
    hand = [t.rect for t in targets if t.pick is not None and t.pick.kind == "hand"]
    assert len(monte) == 3 and len(hand) == 3
    assert min(r.width for r in monte) >= 0.6 * max(r.width for r in hand), (monte, hand)


def test_the_last_hand_panel_shows_every_hand_shown_and_no_other_card(tmp_path, monkeypatch):
    """Twelve seats at 960×600, after a showdown: "Last hand [L]" at the right end of the action bar opens the
    last showdown again — who knocked, every hand shown with its points or its kind, who lost a token — drawn
    with only the cards turned face up at that showdown; Esc (or L) goes back to the table. The cut "Last hand:
    …" line of the header is gone."""
    import random

    from piratetable.engine.events import CardsShown
    from piratetable.games.petrangola.events import Knocked, Showdown

    from .test_layout import NAMES, _app_at
    match = Match(load_config("petrangola"), [Seat(NAMES[0])] + [Seat(n, "easy") for n in NAMES[1:12]], 5)
    rng = random.Random(5)
    assert match.game.last_reveal(lambda i: match.events_for(None, i), match.moves, []) is None
    while not (match.state.hand_number == 2 and match.state.ctx.phase == "widow"):
        legal = match.legal()
        match.play(legal[rng.randrange(len(legal))])
    at = max(i for i in range(match.moves) if any(isinstance(e, Showdown) for e in match.events_for(None, i)))
    shown = {c for e in match.events_for(None, at) if isinstance(e, CardsShown) for c in e.cards}
    show = next(e for e in match.events_for(None, at) if isinstance(e, Showdown))
    app = _app_at((960, 600), 1.0, "en", monkeypatch, tmp_path)
    try:
        table = TableScene(app, match)
        app.reset_to(table)
        step(app, 3)
        assert "Last hand" not in table.renderer.table.status
        button = table.action_bar.last_button
        assert button.visible and button.text == "Last hand  [L]" and table.bar_rect.contains(button.rect)
        faces: list[str] = []
        original = PetrangolaPainters.card_face
        monkeypatch.setattr(PetrangolaPainters, "card_face",
                            lambda self, cid, size: faces.append(cid) or original(self, cid, size))
        press(app, pygame.K_l, frames=3)
        panel = app.top
        assert isinstance(panel, ShowdownScene) and panel.recall and panel.settled
        reveal = panel.reveal
        assert reveal.title == "Last hand · hand 1"
        assert [h.seat for h in reveal.hands] == [r.seat for r in show.results]
        assert [h.caption for h in reveal.hands] == [kind_of(match.game, list(r.cards)) for r in show.results]
        assert [h.name for h in reveal.hands] == [NAMES[r.seat] for r in show.results]
        assert any(h.mark == "Lowest hand" for h in reveal.hands)
        knocks = [e.seat for i in range(at + 1) for e in match.events_for(None, i) if isinstance(e, Knocked)]
        assert reveal.lead.startswith(f"{NAMES[knocks[-1]]} knocked  ·  " if knocks else "Everyone passed in a row.")
        app.draw()
        assert faces and set(faces) == shown            # every hand shown, and only those cards
        assert len(panel.panels) == len(show.results) and all(len(rects) == 3 for _h, _p, rects in panel.panels)
        assert panel.go.text.startswith("Back")
        press(app, pygame.K_ESCAPE)
        assert app.top is table
        click_element(app, button)
        assert isinstance(app.top, ShowdownScene) and app.top.recall
        press(app, pygame.K_l)
        assert app.top is table
    finally:
        app.close()


def test_twelve_score_rows_at_the_largest_text_in_the_smallest_window_stay_above_the_action_bar(tmp_path,
                                                                                               monkeypatch):
    """960×600, text 150 %, twelve seats: the score card ends above the action bar and each of its rows inside it,
    printed smaller to fit (it ran 50 px off the bottom of the window, its last rows under the buttons)."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=(960, 600), settings=Settings(speed="instant", ui_scale=1.5))
    try:
        step(app, 2)
        match = pg_match([Seat("Anna")] + [Seat(f"Bot {i}", "easy") for i in range(11)], seed=4)
        table = start_table(app, match)
        step(app, 2)
        assert table.score_rect.bottom <= table.bar_rect.top
        rows = table.renderer.score_rows
        assert len(rows) == 12 and all(table.score_rect.contains(r) for r in rows.values())
    finally:
        app.close()
