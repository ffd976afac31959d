"""Pirataki (Пирататак): the rules (`rules.py`), the config (`schema.py`), the ships' scores (`scoring.py`),
its events and words (`events.py`, `words.py`), its bots (`bots.py`; the hard bot's position model `value.py`
with `value_model.json`) and the rules text shown in the app (`rules.md`)."""
