"""Piraten Kapern: dice, pirate cards and Skull Island."""
