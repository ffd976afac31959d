"""The explorer's tests use the example plug-in installed as pip would install it (tests/plugins/conftest.py)."""
from ..plugins.conftest import pig_installed  # noqa: F401  (a fixture, used by name)
