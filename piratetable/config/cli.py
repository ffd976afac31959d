"""The designer's sub-commands of `piratetable`: `schema`, `new-variant` and `diff` (parsers and handlers).

`piratetable/cli.py` calls `add_config_commands(subparsers)`; each sub-parser carries its handler. A person's
mistake (an unknown game or variant, a file that exists, a broken file) is one line on stderr and exit status 2,
never a traceback.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from ..cliargs import HelpFormatter
from ..engine.errors import PirateTableError

NAME_PATTERN = r"[a-z0-9][a-z0-9_-]{0,39}"
SCHEMA_FOLDER = "schemas"   # in the user config folder: the JSON Schemas new-variant's files point at

SCHEMA_EPILOG = """examples:
  piratetable schema piraten_kapern > piraten_kapern.schema.json
  piratetable schema pirataki --out ~/pirataki.schema.json
In a YAML file, the first line  # yaml-language-server: $schema=piraten_kapern.schema.json  (a path relative
to the file, or absolute) gives editors with a YAML language server completion and inline errors. docs/lab.md"""

NEW_VARIANT_EPILOG = """examples:
  piratetable new-variant piraten_kapern quick
  piratetable new-variant piraten_kapern short --from classic
  piratetable new-variant piratz mine --from ./somewhere/piratz_test.yaml
The file is GAME_NAME.yaml in the user config folder; the new-game screen lists it, and the lab takes it by NAME
(--config quick). The path is printed on stdout, what to do next on stderr. docs/lab.md"""

DIFF_EPILOG = """examples:
  piratetable diff quick default --game piraten_kapern
  piratetable diff classic default --game piraten_kapern
  piratetable diff ~/my.yaml configs/piratz.yaml --json
A and B are named as for simulate --config: a shipped variant, a user config by the name the app shows for it,
its file name or user:NAME, or a path (then --game may be left out). Exit status 0 when they are the same game,
1 when they differ. docs/lab.md"""


class UsageError(PirateTableError):
    """A person's mistake on the command line: said in one line, exit status 2."""


def add_config_commands(sub) -> None:
    """Add `schema`, `new-variant` and `diff` to the `piratetable` sub-parsers."""
    class Fmt(HelpFormatter, argparse.RawDescriptionHelpFormatter):
        """Defaults shown where they mean something; the examples in the epilog kept as written."""

    p = sub.add_parser("schema", formatter_class=Fmt, epilog=SCHEMA_EPILOG,
                       help="print the JSON Schema of a game's configs (for editors)",
                       description="Print the JSON Schema (draft 2020-12) of GAME's configs, made from the schema "
                                   "`validate` checks with: keys, descriptions, ranges, choices. The checks across "
                                   "keys (ids unique, a deck big enough …) only `validate` makes.")
    p.add_argument("game", metavar="GAME", help="registered game id")
    p.add_argument("--out", metavar="FILE", default=None, help="write it to FILE instead of stdout")
    p.set_defaults(handler=cmd_schema)

    p = sub.add_parser("new-variant", formatter_class=Fmt, epilog=NEW_VARIANT_EPILOG,
                       help="start a variant of a game in your user config folder",
                       description="Write GAME_NAME.yaml into the user config folder: a copy of a config (the "
                                   "game's default unless --from names another) under a header saying what it is, "
                                   "how to check and measure it, and the line that gives editors the schema "
                                   "(written next to it, in schemas/). Never overwrites; the file is validated and "
                                   "its path printed.")
    p.add_argument("game", metavar="GAME", help="registered game id")
    p.add_argument("name", metavar="NAME", help="the variant's name: lower-case letters, digits, _ and - "
                                                "(at most 40); the lab takes it as --config NAME")
    p.add_argument("--from", dest="source", metavar="VARIANT", default=None,
                   help="the config to start from, named as for simulate --config (default: the game's default)")
    p.set_defaults(handler=cmd_new_variant)

    p = sub.add_parser("diff", formatter_class=Fmt, epilog=DIFF_EPILOG,
                       help="what differs between two configs, in the game's words",
                       description="Tell what differs from config A to config B of one game: options, values, "
                                   "counts, entries (cards, colours, suits, ranks) added, removed or changed. "
                                   "Defaults count as written: a key left out equals the key set to its default.")
    p.add_argument("a", metavar="A", help="the first config (e.g. default, classic, quick, a path)")
    p.add_argument("b", metavar="B", help="the second config")
    p.add_argument("--game", default=None, help="registered game id (may be left out when A or B is a path or a "
                                                "user config)")
    p.add_argument("--json", action="store_true", help="print the differences as JSON (paths of ids, values)")
    p.set_defaults(handler=cmd_diff)


def usage_errors(handler):
    """Run `handler`; a PirateTableError is a person's mistake: one line on stderr, exit status 2."""
    def run(args) -> int:
        try:
            return handler(args)
        except PirateTableError as exc:
            print(f"piratetable {args.command}: error: {exc}", file=sys.stderr)
            return 2
    return run


def _game(game_id: str):
    from ..engine.registry import game_class
    return game_class(game_id)   # an unknown id: PirateTableError naming the registered ones


def _write_text(path: Path, text: str, what: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {what} {path}: {exc.strerror or exc}") from None


@usage_errors
def cmd_schema(args) -> int:
    from .json_schema import config_json_schema
    _game(args.game)
    text = json.dumps(config_json_schema(args.game), indent=2, ensure_ascii=False) + "\n"
    if args.out:
        _write_text(Path(args.out).expanduser(), text, "the schema to")
        print(f"written: {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _strip_header(text: str) -> str:
    """The config text without its leading comment lines (the source's own header: the new one replaces it)."""
    lines = text.splitlines(keepends=True)
    start = 0
    while start < len(lines) and (not lines[start].strip() or lines[start].lstrip().startswith("#")):
        start += 1
    return "".join(lines[start:])


def variant_header(game_id: str, name: str, path: Path, source: str, baseline: str, players: int,
                   game_name: str, maker: str = "`piratetable new-variant`") -> str:
    """The comment a new variant starts with: the schema line first (editors look for it there), what the file
    is (`maker`: what made it), and the commands that check and measure it."""
    shown = str(path) if str(path).isprintable() else path.name
    base = baseline if re.fullmatch(r"[\w:.-]+", baseline) else json.dumps(baseline)
    return (f"# yaml-language-server: $schema={SCHEMA_FOLDER}/{game_id}.schema.json\n"
            f"# Your variant {name!r} of {game_name}, made by {maker} from {source}.\n"
            f"# The new-game screen lists it; the lab and diff take it as {name} (or user:{name}).\n"
            f"# The line above gives an editor with a YAML language server (VS Code's YAML extension, …) completion,\n"
            f"# descriptions and inline errors (the schema: piratetable schema {game_id}).\n"
            f"# Change what you like (the title first), then:\n"
            f"#   piratetable validate {shown}\n"
            f"#   piratetable diff {base} {name} --game {game_id}\n"
            f"#   piratetable simulate --game {game_id} --config {name} --baseline {base} --players {players} "
            f"--games 1000\n\n")


@usage_errors
def cmd_new_variant(args) -> int:
    from ..engine.errors import ConfigError
    from ..lab.configs import resolve_config, shipped_variants
    from .json_schema import config_json_schema
    from .loader import load_config_file, user_config_dir, user_config_path

    game_id, name = args.game, args.name
    _game(game_id)
    if not re.fullmatch(NAME_PATTERN, name):
        raise UsageError(f"{name!r} cannot name a variant: use lower-case letters, digits, _ and - (at most 40, "
                         f"starting with a letter or a digit), e.g. quick")
    if name in shipped_variants(game_id):
        raise UsageError(f"{game_id} ships a variant named {name!r}: choose another name")
    folder = user_config_dir()
    path = folder / f"{game_id}_{name}.yaml"
    existing = user_config_path(name, game_id)
    if path.exists() or existing is not None:
        raise UsageError(f"{existing or path} exists already: choose another name, or edit that file "
                         f"(new-variant never overwrites)")
    source = resolve_config(game_id, args.source, what="--from")
    baseline = args.source or "default"
    if "/" in baseline or "\\" in baseline:
        baseline = str(Path(baseline).expanduser().resolve())
    said = f"{args.source or 'default'} ({source.title})"
    text = variant_header(game_id, name, path, said, baseline, source.players_min, _game(game_id).name) \
        + _strip_header(source.text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as out:   # "x": never over a file made meanwhile
            out.write(text)
    except FileExistsError:
        raise UsageError(f"{path} exists already: choose another name (new-variant never overwrites)") from None
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    schema = folder / SCHEMA_FOLDER / f"{game_id}.schema.json"
    _write_text(schema, json.dumps(config_json_schema(game_id), indent=2, ensure_ascii=False) + "\n",
                "the schema to")
    try:
        cfg = load_config_file(path, "user:" + name)
    except ConfigError as exc:   # cannot happen with a valid source; said plainly if it does
        print(str(exc), file=sys.stderr)
        print(f"piratetable new-variant: error: {path} was written but does not validate", file=sys.stderr)
        return 1
    print(path)
    print(f"ok   {path.name}: {cfg.game} – {cfg.title} (a copy of {said}); its name: {name}\n"
          f"schema for editors: {schema}\n"
          f"next: edit it, then  piratetable diff {baseline} {name} --game {game_id}  and  piratetable simulate "
          f"--game {game_id} --config {name} --baseline {baseline}", file=sys.stderr)
    return 0


def _resolve_pair(a: str, b: str, game_id: str | None):
    """The configs A and B: with no --game, the game is the one of whichever of them names a file."""
    from ..lab.configs import resolve_config
    if game_id is not None:
        _game(game_id)
        return resolve_config(game_id, a, what="A:"), resolve_config(game_id, b, what="B:")
    found = {}
    for label, name in (("A", a), ("B", b)):
        try:
            found[label] = resolve_config(None, name, what=f"{label}:")
        except PirateTableError:
            continue
    if not found:
        raise UsageError(f"name the game (--game GAME): neither {a!r} nor {b!r} is a path or a file of your user "
                         f"config folder")
    game_id = next(iter(found.values())).game
    cfg_a = found.get("A") or resolve_config(game_id, a, what="A:")
    cfg_b = found.get("B") or resolve_config(game_id, b, what="B:")
    return cfg_a, cfg_b


@usage_errors
def cmd_diff(args) -> int:
    from .diff import diff_configs

    cfg_a, cfg_b = _resolve_pair(args.a, args.b, args.game)
    if cfg_a.game != cfg_b.game:
        raise UsageError(f"A is a config of {cfg_a.game}, B of {cfg_b.game}: diff compares two configs of one game")
    changes = diff_configs(cfg_a, cfg_b)
    if args.json:
        side = [{"variant": c.variant, "path": c.path, "title": c.title} for c in (cfg_a, cfg_b)]
        print(json.dumps({"game": cfg_a.game, "a": side[0], "b": side[1],
                          "changes": [c.as_json() for c in changes]}, indent=1, ensure_ascii=False))
    else:
        print(f"{cfg_a.game}: {cfg_a.variant} ({cfg_a.path}) → {cfg_b.variant} ({cfg_b.path})")
        if not changes:
            print("no differences: the two configs make the same game (comments, order and defaults aside)")
        else:
            print(f"{len(changes)} {'difference' if len(changes) == 1 else 'differences'}:")
            for change in changes:
                print(f"  {change.text}")
    return 1 if changes else 0
