"""Pig for PirateTable: roll a die as often as you dare; a 1 loses the turn's points; first to the target wins."""
