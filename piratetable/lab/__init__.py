"""The designer's balance lab: `simulate` and `sweep` (statistics, records, baselines, sweeps, plots, clusters).

Nothing here imports matplotlib or dask at module level: plots (`.[lab]`) and clusters (`.[cluster]`) are
optional extras, imported only when asked for.
"""
