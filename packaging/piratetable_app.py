"""The frozen app's entry point (packaging/piratetable.spec): the `piratetable` command, with multiprocessing's
freeze support first, so that the bot worker process (spawned) and `simulate --jobs N` start inside the frozen
app instead of starting the game again."""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from piratetable.cli import main
    sys.exit(main())
