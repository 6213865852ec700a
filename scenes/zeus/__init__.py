"""Zeus on the Loose at the table: `table.py` (the table scene, on the kit in `scenes/table/`) and `art.py` (its card
faces). The engine is `game/zeus/`; the manifest `game/zeus/manifest.py` names both modules."""
