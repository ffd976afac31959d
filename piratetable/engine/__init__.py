"""Game-agnostic engine: rules contract, chance, match, registry, errors (no pygame)."""
