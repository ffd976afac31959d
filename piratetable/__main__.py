"""`python -m piratetable` does what the `piratetable` command does."""
import sys

from .cli import main

sys.exit(main())
