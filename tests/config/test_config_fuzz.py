"""Random mutations of the shipped configs never raise anything but ConfigError (hypothesis)."""

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piratetable.config.loader import load_config_text, shipped_config_dir
from piratetable.engine.errors import ConfigError

SHIPPED = sorted(shipped_config_dir().glob("*.yaml"))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                    st.text(max_size=8), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=4),
                                                                                               st.integers(), max_size=2))


def paths_of(tree, prefix=()):
    """Every path (tuple of keys/indices) into a plain tree."""
    yield prefix
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from paths_of(v, prefix + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from paths_of(v, prefix + (i,))


def mutate(tree, path, kind, value):
    if not path:
        return value if kind == "replace" else tree
    parent = tree
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    if kind == "replace":
        parent[last] = value
    elif kind == "delete":
        del parent[last]
    elif kind == "add" and isinstance(parent, dict):
        parent[f"{last}_x"] = value
    elif kind == "add" and isinstance(parent, list):
        parent.append(value)
    return tree


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
@settings(max_examples=int(__import__("os").environ.get("FUZZ_EXAMPLES", "60")), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_shipped_config_gives_a_config_error_or_loads(path, data):
    tree = yaml.safe_load(path.read_text(encoding="utf-8"))
    all_paths = list(paths_of(tree))
    for _ in range(data.draw(st.integers(1, 3))):
        target = data.draw(st.sampled_from(all_paths))
        kind = data.draw(st.sampled_from(["replace", "delete", "add"]))
        try:
            tree = mutate(tree, target, kind, data.draw(SCALARS))
        except (KeyError, IndexError, TypeError):
            continue
        all_paths = list(paths_of(tree))
    text = yaml.safe_dump(tree, allow_unicode=True)
    try:
        load_config_text(text, path.name)
    except ConfigError as exc:
        for line in str(exc).splitlines():
            assert line.startswith(path.name + ":"), line


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=80))
def test_arbitrary_text_gives_a_config_error_never_a_crash(text):
    try:
        load_config_text(text, "junk.yaml")
    except ConfigError as exc:
        assert str(exc).startswith("junk.yaml:")
