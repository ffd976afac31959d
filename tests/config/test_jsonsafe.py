"""The position-keeping JSON reader (saves are checked like configs): the same values as `json.loads`, and each
value and key marked where it was written."""
from __future__ import annotations

import json
import math
import random

import pytest

from piratetable.config.jsonsafe import MAX_DEPTH, MarkError, mark_json
from piratetable.config.schema import OPTIONAL, Anything, Key, Map, Problems, Refused
from piratetable.config.yamlsafe import Node, from_plain


def some_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return rng.randrange(-10 ** 20, 10 ** 20)
    if kind == 1:
        return rng.choice([1.5, -0.0, 1e300, 2.5e-7, 3.0, -12.25])
    if kind == 2:
        return "".join(rng.choice('ab"\\\n\u00e9\U0001F600 \x01/\u2028') for _ in range(rng.randrange(6)))
    if kind in (3, 4):
        return rng.choice([True, False, None, 7, "x"])
    if kind in (5, 6):
        return {f"{some_value(rng, 5)}{i}": some_value(rng, depth + 1) for i in range(rng.randrange(4))}
    return [some_value(rng, depth + 1) for _ in range(rng.randrange(4))]


def first_char(lines: list[str], node: Node) -> str:
    return lines[node.line - 1][node.column - 1]


def check_marks(lines: list[str], node: Node) -> int:
    """Every node's mark is where its value starts; every key's mark is its opening quote. Returns the count."""
    expected = {dict: "{", list: "[", str: '"'}.get(type(node.value))
    char = first_char(lines, node)
    assert char == expected if expected else char in "-0123456789tfnNI", (node.line, node.column, node.value)
    count = 1
    if isinstance(node.value, dict):
        for key, child in node.value.items():
            line, column = node.key_marks[key]
            assert lines[line - 1][column - 1] == '"'
            count += check_marks(lines, child)
    elif isinstance(node.value, list):
        count += sum(check_marks(lines, child) for child in node.value)
    return count


@pytest.mark.parametrize("layout", [{}, {"indent": 1}, {"indent": 2, "ensure_ascii": False},
                                    {"separators": (",", ":")}])
def test_the_values_are_json_loads_values_and_each_is_marked_where_it_starts(layout):
    rng = random.Random(27)
    marked = 0
    for _ in range(1000):
        text = json.dumps(some_value(rng), **layout)
        if rng.random() < 0.3:
            text = " \n\t" + text + "\r\n "
        node = mark_json(text, "f.json")
        assert node.plain() == json.loads(text)
        marked += check_marks(text.split("\n"), node)
    assert marked > 1500


def test_the_special_numbers_read_as_json_reads_them():
    node = mark_json('[NaN, Infinity, -Infinity, 1E5, -2e-3, 0, -0]', "f.json")
    values = node.plain()
    assert math.isnan(values[0]) and values[1:] == [math.inf, -math.inf, 100000.0, -0.002, 0, 0]
    assert [type(v) for v in values[3:]] == [float, float, int, int]


def test_a_key_written_twice_and_nesting_too_deep_are_refused_with_their_place():
    with pytest.raises(MarkError) as err:
        mark_json('{\n "a": 1,\n "b": {"a": 2},\n "a": 3\n}', "f.json")
    assert (err.value.where, err.value.reason) == ("f.json:4:2", "duplicate key 'a', first at line 2")
    deep = "[" * (MAX_DEPTH + 1) + "[]" + "]" * (MAX_DEPTH + 1)
    with pytest.raises(MarkError) as err:
        mark_json(deep, "f.json")
    assert err.value.where == f"f.json:1:{MAX_DEPTH + 2}" and "nested too deeply" in err.value.reason
    assert mark_json(deep[1:-1], "f.json").plain() == json.loads(deep[1:-1])


def test_a_value_with_no_mark_says_its_file_alone():
    node = from_plain({"a": [1]}, "data")
    assert node.where() == node.value["a"].value[0].where() == node.key_where("a") == "data"


def test_an_optional_key_left_out_is_left_out_and_a_refused_key_says_why():
    schema = Map({"a": Key(Anything(), OPTIONAL), "b": Key(Refused("b is not allowed here"), None)})
    problems = Problems()
    assert schema.check(mark_json('{"c": 1}', "f.json"), "", problems) is not None
    assert problems.items == ["f.json:1:2: c: unknown key (valid keys: a, b)"]
    problems = Problems()
    assert schema.check(mark_json('{}', "f.json"), "", problems) == {"b": None}
    problems = Problems()
    schema.check(mark_json('{"a": 1, "b": 2}', "f.json"), "", problems)
    assert problems.items == ["f.json:1:15: b: b is not allowed here"]
