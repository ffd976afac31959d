"""Each game's painters (`<game id>/painters.py`, its art in `<game id>/art.py`): what the one table renderer
(`piratetable/ui/table/`) does not draw itself."""
