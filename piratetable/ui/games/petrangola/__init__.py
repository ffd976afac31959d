"""Petrangola's drawing: its painters (`painters.py`) and its procedural art (`art.py`)."""
