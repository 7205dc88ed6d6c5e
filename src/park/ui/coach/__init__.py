"""The coach, in words, SVG and markup.

Hints and Park's reach during a game, and the review after it.
"""
