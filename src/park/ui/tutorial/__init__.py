"""Learn to play: a guided first game, each rule explained where it first matters."""
