"""Piraten Kapern's painters (the table renderer draws the rest)."""
