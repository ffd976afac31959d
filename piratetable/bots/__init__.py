"""Game-agnostic bots: they see one seat's view and their own random stream, nothing else."""
