"""Starting hands, as the table's words: the classes a chart ranks (classes.py), the same
by door card, buried and split pairs told apart (door.py), how often a hand is dealt
(dealt.py) and the ranking behind ``topX%`` ranges (top.py). Pure Python and package
data: no engine."""
