"""The coach: hints and Park's reach during a game, and the review after it, in words, SVG and
markup."""
