"""Petrangola: the sentences of its insight part's reasons and odds (`insight.py`), told in the game's words.

The game's `insight_words` part (found by `Game.part`): `reason_text(game, reason)` and `odds_text(game, odds)`
give the sentence for one of this game's typed values, or None for a value they do not know;
`piratetable.insight.words.reason_text / odds_text` call them and fall back to the shared sentences.
`coach_text(game, tip, seats)` is the first-game tip's line (the table's coach), from the same analysis.
"""
from __future__ import annotations

from ... import i18n
from ...i18n import _, ngettext
from ...insight.words import about, percent
from ...table.standard import coach_line as _fit
from ...table.standard import seat_label
from . import insight as pe
from .insight import shown
from .scoring import PETRANGOLONE, classify


def lowest_chance(p) -> str:
    """An estimated chance of holding the lowest hand, as the table prints it: the bots' estimate through its
    measured calibration (`insight.shown`), never "about 100%" (sampled deals are never a certainty: the estimates
    printed over 90 % came true some 96 % of the time, docs/insight.md)."""
    q = shown(p)
    return about(0.99 if 0.99 < q else q)     # "about 99%", not "about >99%" nor "about 100%"


_chance = lowest_chance


def _threshold(limit) -> str:
    """A bot's threshold on that estimate, on the same printed scale."""
    return percent(shown(limit))


def _alike(a, b) -> bool:
    """Two estimated chances that print alike (a sentence must not compare them as if they differed)."""
    return _chance(a) == _chance(b)


def _limit_text(risk, limit, widow: bool) -> str:
    """"About 5% chance that your hand is the lowest after the others' turns, below the 10% the bot accepts" (the
    two compared as they are; "just below" when they print alike)."""
    below, alike = risk < limit, _threshold(risk) == _threshold(limit)
    if widow:
        if below:
            text = (_("{risk} chance that the widow is the lowest hand after the others' turns, just below the "
                      "{limit} the bot accepts.") if alike else
                    _("{risk} chance that the widow is the lowest hand after the others' turns, below the {limit} "
                      "the bot accepts."))
        else:
            text = (_("{risk} chance that the widow is the lowest hand after the others' turns, not below the "
                      "{limit} the bot accepts.") if alike else
                    _("{risk} chance that the widow is the lowest hand after the others' turns, above the {limit} "
                      "the bot accepts."))
    elif below:
        text = (_("{risk} chance that your hand is the lowest after the others' turns, just below the {limit} the "
                  "bot accepts.") if alike else
                _("{risk} chance that your hand is the lowest after the others' turns, below the {limit} the bot "
                  "accepts."))
    else:
        text = (_("{risk} chance that your hand is the lowest after the others' turns, not below the {limit} the "
                  "bot accepts.") if alike else
                _("{risk} chance that your hand is the lowest after the others' turns, above the {limit} the bot "
                  "accepts."))
    return text.format(risk=_chance(risk), limit=_threshold(limit))


def _petrangola_swap(r) -> str:
    if not _alike(r.before, r.after):
        if r.later:
            if r.after < r.before:
                text = _("After the others' turns, the chance that your hand is the lowest falls from {before} to "
                         "{after}.")
            else:
                text = _("After the others' turns, the chance that your hand is the lowest rises from {before} to "
                         "{after}.")
        elif r.after < r.before:
            text = _("The chance that your hand is the lowest now falls from {before} to {after}.")
        else:
            text = _("The chance that your hand is the lowest now rises from {before} to {after}.")
        return text.format(before=_chance(r.before), after=_chance(r.after))
    if r.later and not _alike(r.before_now, r.after_now):
        if r.after_now < r.before_now:
            text = _("After the others' turns, the chance that your hand is the lowest stays at {after}; now it "
                     "falls from {before_now} to {after_now}.")
        else:
            text = _("After the others' turns, the chance that your hand is the lowest stays at {after}; now it "
                     "rises from {before_now} to {after_now}.")
        return text.format(after=_chance(r.after), before_now=_chance(r.before_now), after_now=_chance(r.after_now))
    if r.later:
        text = (_("The chance that your hand is the lowest stays at {after} after the others' turns and {now} now; "
                  "the new hand is stronger.") if r.stronger else
                _("The chance that your hand is the lowest stays at {after} after the others' turns and {now} now."))
    else:
        text = (_("The chance that your hand is the lowest stays at {after}; the new hand is stronger.")
                if r.stronger else _("The chance that your hand is the lowest stays at {after}."))
    return text.format(after=_chance(r.after), now=_chance(r.after_now))


def _knock_note(r) -> str:
    """What knocking instead would risk, beside a pass or swap in the turns before a knock (nothing when no knock
    is possible): the figure the bots weigh against their limit before they wait."""
    if r.knock_risk is None or r.knock_limit is None:
        return ""
    if r.knock_risk < r.knock_limit:
        text = _("Knocking now would be safe enough: {risk} chance that your hand is the lowest after the others' "
                 "last turns, under the bots' limit of {limit}.")
    else:
        text = _("Knocking now is too risky: {risk} chance that your hand is the lowest after the others' last "
                 "turns, against the bots' limit of {limit}.")
    return " " + text.format(risk=_chance(r.knock_risk), limit=_chance(r.knock_limit))


def _petrangola_pass(r) -> str:
    if r.best_swap is None:
        return _("No swap is possible: {risk} chance that your hand is the lowest.").format(risk=_chance(r.before))
    if r.best_after < r.before:
        if _alike(r.best_after, r.before):
            text = (_("{risk} chance that your hand is the lowest after the others' turns; the best swap would "
                      "leave about the same ({after}).") if r.later else
                    _("{risk} chance that your hand is the lowest now; the best swap would leave about the same "
                      "({after})."))
        else:
            text = (_("{risk} chance that your hand is the lowest after the others' turns; the best swap would "
                      "make it {after}.") if r.later else
                    _("{risk} chance that your hand is the lowest now; the best swap would make it {after}."))
        return text.format(risk=_chance(r.before), after=_chance(r.best_after))
    if r.among:
        return ngettext("Of the {n} swap safest now, not one lowers the chance that your hand is the lowest after "
                        "the others' turns ({risk}).",
                        "Of the {n} swaps safest now, not one lowers the chance that your hand is the lowest after "
                        "the others' turns ({risk}).", r.among).format(n=r.among, risk=_chance(r.before))
    if r.later:
        return _("No swap lowers the chance that your hand is the lowest after the others' turns ({risk}).").format(
            risk=_chance(r.before))
    return _("No swap lowers the chance that your hand is the lowest now ({risk}).").format(risk=_chance(r.before))


def _shares(a: float, b: float) -> tuple[str, str]:
    """Two shares as percentages with the fewest decimals (1 to 3) that tell them apart."""
    for digits in (1, 2, 3):
        x, y = i18n.percent(a, digits), i18n.percent(b, digits)    # the language's way: 12,5 % in Russian
        if x != y:
            break
    return x, y


def _petrangola_search(game, r) -> str:
    text = _petrangola_endings(game, r)
    if r.knock_lowest is None:
        return text
    return text + " " + _("Knocking instead, your hand would be the lowest in {knock} of them.").format(
        knock=round(r.knock_lowest * r.endings))


def _petrangola_endings(game, r) -> str:
    n, mine = r.endings, round(r.lowest * r.endings)
    if r.rival is None:
        return ngettext("In {n} sampled ending of this hand, your hand is the lowest in {mine}.",
                        "In {n} sampled endings of this hand, your hand is the lowest in {mine}.", n).format(
            n=n, mine=mine)
    theirs, rival = round(r.rival_lowest * n), game.words().action(r.rival)
    if r.kept:
        share, rival_share = _shares(r.value, r.rival_value)
        return ngettext("In {n} sampled ending of this hand, your hand is the lowest in {mine} with this move and "
                        "in {theirs} with the next best choice ({rival}).",
                        "In {n} sampled endings of this hand, your hand is the lowest in {mine} with this move and "
                        "in {theirs} with the next best choice ({rival}).", n).format(
            n=n, mine=mine, theirs=theirs, rival=rival) + " " + _(
            "That choice keeps a share of the table's tokens of {rival_share} against {share}: too close to tell "
            "apart on these endings, so the bot keeps its first choice.").format(share=share, rival_share=rival_share)
    if mine <= theirs:
        return ngettext("In {n} sampled ending of this hand, your hand is the lowest in {mine} with this move and "
                        "in {theirs} with the next best choice ({rival}).",
                        "In {n} sampled endings of this hand, your hand is the lowest in {mine} with this move and "
                        "in {theirs} with the next best choice ({rival}).", n).format(
            n=n, mine=mine, theirs=theirs, rival=rival)
    share, rival_share = _shares(r.value, r.rival_value)
    if share == rival_share:
        text = ngettext("In {n} sampled ending of this hand, this move keeps as large a share of the table's tokens "
                        "yours as the next best choice ({rival}): {share}; your hand is the lowest in {mine} of "
                        "them against {theirs}.",
                        "In {n} sampled endings of this hand, this move keeps as large a share of the table's "
                        "tokens yours as the next best choice ({rival}): {share}; your hand is the lowest in {mine} "
                        "of them against {theirs}.", n)
    else:
        text = ngettext("In {n} sampled ending of this hand, this move keeps the larger share of the table's tokens "
                        "yours ({share} against {rival_share} with the next best choice, {rival}), though your hand "
                        "is the lowest in {mine} of them against {theirs}.",
                        "In {n} sampled endings of this hand, this move keeps the larger share of the table's tokens "
                        "yours ({share} against {rival_share} with the next best choice, {rival}), though your hand "
                        "is the lowest in {mine} of them against {theirs}.", n)
    return text.format(n=n, mine=mine, theirs=theirs, rival=rival, share=share, rival_share=rival_share)


def _petrangola_rule(game, r) -> str:
    words = game.words()
    hand = words.hand(r.kind, r.value)
    points = (ngettext("{n} point", "{n} points", r.points).format(n=r.points) if r.points is not None else "")
    gain = r.gain if r.gain is not None else 1
    if r.verb == "keep":
        return _("The widow holds {hand}; the easy bot keeps a widow of at least {points}.").format(
            hand=hand, points=points)
    if r.verb == "reject":
        return _("The widow holds {hand}; the easy bot keeps only a widow of at least {points}.").format(
            hand=hand, points=points)
    if r.verb == "knock":
        return _("Your hand holds {hand}; the easy bot knocks with at least {points}.").format(
            hand=hand, points=points)
    if r.verb == "swapall":
        return _("The monte holds {hand}, more than your hand; the easy bot takes a monte of at least "
                 "{points}.").format(hand=hand, points=points)
    if r.verb == "swap":
        return _("The best swap of one card: it makes {hand}.").format(hand=hand)
    if r.verb == "pass":
        if gain <= 1:
            text = (_("Your hand holds {hand}, less than the {points} the easy bot knocks with, and no swap of one "
                      "card makes it stronger.") if points else
                    _("Your hand holds {hand}, and no swap of one card makes it stronger."))
            return text.format(hand=hand, points=points)
        text = (ngettext("Your hand holds {hand}, less than the {points} the easy bot knocks with, and no swap of "
                         "one card makes it {n} point stronger.",
                         "Your hand holds {hand}, less than the {points} the easy bot knocks with, and no swap of "
                         "one card makes it {n} points stronger.", gain) if points else
                ngettext("Your hand holds {hand}, and no swap of one card makes it {n} point stronger.",
                         "Your hand holds {hand}, and no swap of one card makes it {n} points stronger.", gain))
        return text.format(hand=hand, points=points, n=gain)
    return _("The strongest hand on offer: {hand}.").format(hand=hand)


def reason_text(game, r) -> str | None:
    """The sentence of a Petrangola reason (None: not one of this game's)."""
    if isinstance(r, pe.Despite):
        inner = reason_text(game, r.reason) or ""
        if r.better is None:
            return inner
        return inner + " " + _("On these figures the bot would choose: {action}.").format(
            action=game.words().action(r.better))
    if isinstance(r, pe.KnockNow):
        if r.hand and classify(game.deck, r.hand)[0] == PETRANGOLONE:
            return _("Petrangolone never loses.")
        return _limit_text(r.risk, r.limit, False)
    if isinstance(r, pe.WidowChoice):
        return _limit_text(r.risk, r.limit, True)
    if isinstance(r, pe.SwapLowersRisk):
        return _petrangola_swap(r) + _knock_note(r)
    if isinstance(r, pe.StandPat):
        return _petrangola_pass(r) + _knock_note(r)
    if isinstance(r, pe.SearchChoice):
        return _petrangola_search(game, r)
    if isinstance(r, pe.RuleOfThumb):
        return _petrangola_rule(game, r)
    if isinstance(r, pe.RebuyChoice):
        if r.rebuy:
            return ngettext("Back in the game for a stake of {stake} chip.",
                            "Back in the game for a stake of {stake} chips.", r.stake).format(stake=r.stake)
        return ngettext("Out of the game rather than paying {stake} chip.",
                        "Out of the game rather than paying {stake} chips.", r.stake).format(stake=r.stake)
    return None


def odds_text(game, o) -> str | None:
    """The sentence of Petrangola odds (None: not this game's)."""
    if not isinstance(o, pe.LowestOdds):
        return None
    if o.kind == PETRANGOLONE:
        return _("Petrangolone never loses.")
    if o.phase == "widow":
        text = _("{risk} chance that the widow is the lowest hand after the others' turns (an estimate from "
                 "{samples} sample deals).")
        return text.format(risk=_chance(o.final), samples=o.samples)
    picked = o.picked is not None       # a swap picked on the table: the chances of the hand it makes
    if o.to_come == 0:
        text = (_("With the swap you picked: {now} chance that your hand is the lowest at the showdown (an "
                  "estimate from {samples} sample deals).") if picked else
                _("{now} chance that your hand is the lowest at the showdown (an estimate from {samples} sample "
                  "deals)."))
    elif _alike(o.now, o.final):
        text = (_("With the swap you picked: {now} chance that your hand is the lowest, now and after the others' "
                  "turns (an estimate from {samples} sample deals).") if picked else
                _("{now} chance that your hand is the lowest, now and after the others' turns (an estimate from "
                  "{samples} sample deals)."))
    else:
        text = (_("With the swap you picked: {now} chance that your hand is the lowest now, {final} after the "
                  "others' turns (an estimate from {samples} sample deals).") if picked else
                _("{now} chance that your hand is the lowest now, {final} after the others' turns (an estimate "
                  "from {samples} sample deals)."))
    return text.format(now=_chance(o.now), final=_chance(o.final), samples=o.samples)


# --- the coach: the first-game tip of a decision ----------------------------------------------------------------
def coach_text(game, tip: pe.PGTip | None, seats=()) -> str:
    """The coach's line for `tip` (`insight.coach`): what this decision is and what each option does, with this
    hand's figures — the analysis's (what the widow or the hand makes, the tokens left, what a rebuy costs and
    brings back), the ones the odds and the reasons state; `seats` name the knocker ("" for no tip)."""
    if tip is None:
        return ""
    facts = tip.facts
    words = game.words()
    tokens = facts.tokens
    left = ngettext("You have {n} token left.", "You have {n} tokens left.", tokens).format(n=tokens)
    if facts.phase == "widow":
        line = _("Keep it as your hand and you knock: the others get one last turn. Reject it: it goes face up "
                 "as the monte, and you see your own hand.")
        if facts.widow is not None:
            hand = words.hand(facts.widow.kind, facts.widow.value)
            line = _("Your widow holds {hand}.").format(hand=hand) + " " + line
        return _fit(line, left)
    if facts.phase == "rebuy":
        return _rebuy(facts)
    hold = _("You hold {hand}.").format(hand=words.hand(facts.hand.kind, facts.hand.value)) if facts.hand else ""
    if facts.phase == "final":
        who = seat_label(seats, facts.knocker) if facts.knocker is not None else ""
        line = _("{who} knocked: your last turn before the showdown, where the lowest hand loses a token.").format(
            who=who) if who else _("Your last turn before the showdown, where the lowest hand loses a token.")
        return _fit(line, hold, _("Swap one or two cards with the monte, all three, or pass."))
    if tip.knock:
        line = _("Swap 1 or 2 cards with the monte to build three of a suit; knock when your hand is good: "
                 "the others get one last turn.")
    else:
        line = _("Swap 1 or 2 cards with the monte to build three of a suit; swapping all three knocks: "
                 "the others get one last turn.")
    return _fit(hold + " " + line if hold else line, _("The lowest hand loses a token."), left)


def _rebuy(facts: pe.PGAnalysis) -> str:
    """Out of tokens: what a rebuy costs and brings back, and that declining leaves for good."""
    stake, back = facts.stake, facts.rebuy_tokens
    count = ngettext("{n} token", "{n} tokens", back).format(n=back)
    if stake:
        line = ngettext("Out of tokens: rebuy for {stake} chip to come back with {tokens} (as many as the "
                        "poorest player still in), once per game; declining leaves for good.",
                        "Out of tokens: rebuy for {stake} chips to come back with {tokens} (as many as the "
                        "poorest player still in), once per game; declining leaves for good.", stake)
    else:
        line = _("Out of tokens: rebuy to come back with {tokens} (as many as the poorest player still in), "
                 "once per game; declining leaves for good.")
    return line.format(stake=stake, tokens=count)
