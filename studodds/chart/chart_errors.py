"""The one error a chart raises."""


class ChartError(ValueError):
    """A chart that cannot be built as asked: the message says what to change."""
