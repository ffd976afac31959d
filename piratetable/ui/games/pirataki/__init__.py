"""Pirataki at the table: its painters (painters.py) and its procedural art (art.py)."""
