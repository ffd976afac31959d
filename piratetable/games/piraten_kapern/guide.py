"""How to play Piraten Kapern: three illustrated pages (the goal and a trip with the die's faces; scoring and the
end with example rolls; the pirate cards), every number from the config (target, set values, coin and diamond
points, the chest bonus, Skull Island losses, the cards, their counts and parameters)."""
from __future__ import annotations

from ...i18n import _, join_list, ngettext
from ...table.guide import Page, cards, dice
from .schema import DICE, CardDef
from .scoring import Scorer
from .words import face_count, face_name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# The pirate cards carry their own rules text: the guide draws them at this width at least and scales them down,
# so that no text is cut off.
CARD_DETAIL = 180
NBSP = "\u00a0"


def pages(game) -> list[Page]:
    return [_goal_page(game), *_cards_pages(game)]


# --- page 1: the goal, a trip, scoring and the end ------------------------------------------------------------
def _goal_page(game) -> Page:
    content, target = game.content, game.options.target
    sets = ", ".join(f"{n}{NBSP}={NBSP}{p}" for n, p in content.sets)
    paragraphs = [
        _("Reach **{target} points** first: that starts the final round, and then the highest score "
          "wins.").format(target=target),
        _("On your turn, a **trip**, turn up the top pirate card, then roll all {n} dice. After each roll, "
          "**stop** and score, or **re-roll** two or more dice that are not skulls.").format(n=DICE),
        _("**Three skulls** end the trip at once, and it scores nothing."),
        _("**Scoring**: each set of one symbol scores {sets}.").format(sets=sets),
    ]
    points = [(f, p) for f, p in content.face_points if p]
    extra = []
    if points:
        values = {p for _f, p in points}
        if len(values) == 1:
            p = values.pop()
            extra.append(ngettext("Each {faces} scores {p} more, in a set or not.",
                                  "Each {faces} scores {p} more, in a set or not.", p).format(
                faces=join_list((face_name(f) for f, _p in points), "or"), p=p))
        else:
            extra.append(_("On top of any set: {list}.").format(list=join_list(
                _("{p} per {face}").format(p=p, face=face_name(f)) for f, p in points)))
    if content.full_chest:
        extra.append(_("All {n} dice scoring: {chest} more.").format(n=DICE, chest=content.full_chest))
    if extra:
        paragraphs[-1] += " " + " ".join(extra)
    paragraphs.append(_("**The end**: once a trip ends with someone at {target} or more, everyone else takes "
                        "one last trip.").format(target=target))
    return Page(_("The goal and a trip"), tuple(paragraphs), tuple(_examples(game)))


def _examples(game) -> list:
    """Example rolls scored by the game's own scorer, with a card that changes nothing."""
    content = game.content
    scorer = Scorer(content, CardDef(id="", count=0, name=""))
    treasure = [f for f, p in content.face_points if p and f in content.faces]
    plain = [f for f in content.faces if f != "skull" and f not in treasure]
    min_set = content.sets[0][0]
    out = []

    def example(faces, title, note=""):
        points = scorer.dice_points(scorer.counts(faces), chest=False)
        text = _("{points} points").format(points=points) if points else _("nothing")
        out.append(dice(faces, title, _("{points}: {why}").format(points=text, why=note) if note else text))

    def many(face, n):
        return face_count(face, n)

    if plain and min_set <= DICE:
        example([plain[0]] * min_set, many(plain[0], min_set), _("a set"))
    if len(plain) > 1 and min_set < DICE:
        example([plain[1]] * (min_set + 1), many(plain[1], min_set + 1), _("a bigger set"))
    if treasure and min_set <= DICE:
        example([treasure[0]] * min_set, many(treasure[0], min_set), _("a set, and each one counts too"))
    if len(plain) > 2 and len(treasure) > 1 and min_set > 2:
        faces = [plain[2]] * 2 + [treasure[1]]
        example(faces, _("{pair} and {one}").format(pair=many(plain[2], 2), one=many(treasure[1], 1)),
                _("a pair is no set"))
    if "skull" in content.faces:
        out.append(dice(["skull"] * 3, many("skull", 3), _("the trip is lost")))
    return out


# --- pages 2 and 3: the pirate cards --------------------------------------------------------------------------
GROUPED = ("skulls", "sea_battle", "start_with")   # several cards of one effect: one picture
PER_PAGE = 5                                       # pictures of cards on one page


def _groups(game) -> list[list[CardDef]]:
    groups: list[list[CardDef]] = []
    for c in game.content.cards:
        if c.count <= 0:
            continue
        same = next((g for g in groups if c.effect in GROUPED and g[0].effect == c.effect), None)
        if same is not None:
            same.append(c)
        else:
            groups.append([c])
    return groups


def _cards_pages(game) -> list[Page]:
    content = game.content
    groups = _groups(game)
    total = sum(c.count for g in groups for c in g)
    pictures = []
    for group in groups:
        title, text = _describe(game, group)
        n = sum(c.count for c in group)
        pictures.append(cards([c.id for c in group], _("{name} ×{n}").format(name=title, n=n), text))
    intro = ngettext("The deck holds {n} pirate card. One is turned up for every trip and counts for that trip "
                     "only.",
                     "The deck holds {n} pirate cards. One is turned up for every trip and counts for that trip "
                     "only.", total).format(n=total)
    more = []
    if any(c.skull_island for g in groups for c in g):
        loss = content.skull_island_loss
        more.append(ngettext(
            "**Skull Island**: four or more skulls on your first roll. You score nothing, but roll again and "
            "again while new skulls come up; each skull costs every other player {loss} point.",
            "**Skull Island**: four or more skulls on your first roll. You score nothing, but roll again and "
            "again while new skulls come up; each skull costs every other player {loss} points.",
            loss).format(loss=loss))
    magic = [c for g in groups for c in g if c.extra]
    if magic:
        more.append(_("**Pirate magic**: nine of a kind ({n} dice and the {cards} card) wins the game at "
                      "once.").format(n=DICE, cards=join_list((_(c.name) for c in magic), "or")))
    if len(pictures) <= PER_PAGE + 1:
        return [Page(_("The pirate cards"), (intro, *more), tuple(pictures))]
    half = (len(pictures) + 1) // 2
    return [Page(_("The pirate cards"), (intro,), tuple(pictures[:half])),
            Page(_("More pirate cards"), tuple(more), tuple(pictures[half:]))]


def _times(factor: int) -> str:
    return _("doubled") if factor == 2 else _("tripled") if factor == 3 else \
        _("multiplied by {n}").format(n=factor)


def _describe(game, group: list[CardDef]) -> tuple[str, str]:
    """(title, text) of the caption of a picture of one card, or of several cards with one effect."""
    c = group[0]
    name = _(c.name)
    e = c.effect
    if e == "treasure_island":
        return name, _("Dice you put on the island are safe: they still score if three skulls end the trip.")
    if e == "double":
        return name, _("Your points are {times}, and so are the others' losses on Skull Island.").format(
            times=_times(c.factor))
    if e == "guardian":
        if game.options.guardian_saves_third_skull:
            return name, _("Once per trip, re-roll one skull, even the third.")
        return name, _("Once per trip, re-roll one skull (it cannot undo a third skull).")
    if e == "start_with":
        names = join_list(_(x.name) for x in group)
        what = join_list((_("a {face}").format(face=face_name(f)) if n == 1 else face_count(f, n)
                          for x in group for f, n in x.extra), "or")
        return names, _("You start with {what}: it scores and counts in its set.").format(what=what)
    if e == "pool":
        return name, _("{faces} count together as one set.").format(
            faces=_cap(join_list(face_name(f, 2) for f in c.pool)))
    if e == "skulls":
        counts = sorted({x.skulls for x in group})
        title = name if len(group) == 1 else _("Skull cards")
        return title, ngettext("You start with {n} skull.", "You start with {n} skulls.", counts[-1]).format(
            n=join_list((str(k) for k in counts), "or"))
    if e == "sea_battle":
        ships = sorted(group, key=lambda x: x.battle_sabers)
        title = name if len(group) == 1 else _("Pirate ships")
        sabers = join_list((str(x.battle_sabers) for x in ships), "or")
        bonus = join_list((str(x.battle_bonus) for x in ships), "or")
        return title, _("Stop with {sabers} sabers or more to win {bonus} more; fall short and lose it.").format(
            sabers=sabers, bonus=bonus)
    if e == "peace":
        return name, ngettext("Stop with no saber showing: points {times}. Each saber costs {p} point.",
                              "Stop with no saber showing: points {times}. Each saber costs {p} points.",
                              c.peace_penalty).format(times=_times(c.factor), p=c.peace_penalty)
    if e == "zombie":
        return name, _("Roll on until all dice are skulls or sabers. {n} sabers or more win {points}; else the "
                       "others share it.").format(n=c.zombie_sabers, points=c.zombie_points)
    if e == "shipwreck":
        worth = [p for _f, p in game.content.face_points if p]
        each = c.factor * max(worth or [0])
        return name, _("Two rolls at most; skulls never end it. Only coins and diamonds score, {each} "
                       "each.").format(each=each)
    return name, _("No special effect.")
