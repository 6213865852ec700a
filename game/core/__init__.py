"""What every game shares: the engine contract, actions, events, records, content loading, files."""
