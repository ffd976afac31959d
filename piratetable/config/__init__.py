"""YAML configs: hardened loading with line:column marks, schema validation, frozen configs (no pygame)."""
from .loader import Config, find_configs, load_config, load_config_file, user_config_dir  # noqa: F401
