"""Starting hands, as the table's words: the classes a chart ranks (classes.py) and the
ranking behind ``topX%`` ranges (top.py). Pure Python and package data: no engine."""
