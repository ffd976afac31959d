"""Pirataki bots (filled in later)."""
