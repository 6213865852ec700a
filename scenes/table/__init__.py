"""The table kit: the parts every game's table is built from. `base.py`'s docstring is the map."""
