"""Your record: the games a player has played and won across games, kept and drawn."""
