"""Pirataki (Пирататак): the rules (`rules.py`), its bots (`bots.py`) and the rules text shown in the app."""
