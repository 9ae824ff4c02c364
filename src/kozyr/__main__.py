"""``python -m kozyr``: the command line."""

from kozyr.cli import entry

if __name__ == "__main__":
    entry()
