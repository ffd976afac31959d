"""The lab's functions stay readable: radon grades none of them E or F (cyclomatic complexity above 30)."""
from pathlib import Path

import pytest

LAB = Path(__file__).resolve().parents[2] / "piratetable" / "lab"


def test_no_function_of_the_lab_is_graded_e_or_f():
    complexity = pytest.importorskip("radon.complexity", reason="needs radon")
    bad = []
    for path in sorted(LAB.glob("*.py")):
        for block in complexity.cc_visit(path.read_text(encoding="utf-8")):
            if complexity.cc_rank(block.complexity) in "EF":
                bad.append(f"{path.name}:{block.lineno} {block.name} {block.complexity}")
    assert not bad, "\n".join(bad)
