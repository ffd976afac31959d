"""The desktop app (pygame-ce + pygame_gui): the only package that imports pygame."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any `import pygame` below this package
