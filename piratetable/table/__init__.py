"""The table model (what a seat's screen shows, as data), picking and narrowing, and event-driven staging."""
