"""The game's story, told at game over: expeditions, Month counters lost and the score chart."""
