"""The one cap on the length of a game, shared by every caller of the play loop (and light to import)."""

MAX_ACTIONS = 5000   # decisions; a game still running then counts as "no result"
