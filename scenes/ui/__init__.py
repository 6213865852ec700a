"""What every screen and table shares: the controls (`widgets`), colours and fonts (`theme`), and the player's
language (`i18n`, and `game_texts` for the words each game's manifest and options carry)."""
