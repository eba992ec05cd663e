"""The error of a batch as a whole (a bad spot is a SpotError, in spot_lines.py)."""


class BatchError(ValueError):
    """A batch that cannot start or go on: unreadable input, an output file that is not a
    results file, a locked output, no Dask."""
