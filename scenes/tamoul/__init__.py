"""Tamoul at the table: `table.py` (the table scene, on the kit in `scenes/table/`) and `art.py` (its card
faces). The engine is `game/tamoul/`; the manifest `game/tamoul/manifest.py` names both modules."""
