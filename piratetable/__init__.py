"""PirateTable: four pirate-themed tabletop games on one desktop table."""

__version__ = "0.1.0"
