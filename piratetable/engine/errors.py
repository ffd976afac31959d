"""Errors a person can cause; each carries one clear message and never needs a traceback."""


class PirateTableError(Exception):
    """Base of every error shown to a person as one message."""


class IllegalAction(PirateTableError):
    """An action refused by the rules; the message names the rule broken."""


class ActionSyntaxError(IllegalAction):
    """An action text that does not follow the game's notation."""


class ConfigError(PirateTableError):
    """A config file that cannot be used: `file:line:column: key.path: message` per problem."""

    def __init__(self, problems):
        if isinstance(problems, str):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class RigError(PirateTableError):
    """A rigged chance outcome that the game cannot produce (card not in the pile, unknown die face)."""


class SaveError(PirateTableError):
    """A save file that cannot be read or replayed."""


class NoPublicView(PirateTableError):
    """A game that gives no view to a spectator (its view needs a seat, and every seat hides something)."""


class ScenarioError(PirateTableError):
    """A scenario file that is malformed (not a failed expectation)."""
