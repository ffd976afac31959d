"""Piratz: a press-your-luck treasure-collecting card game (rules in rules.md)."""
