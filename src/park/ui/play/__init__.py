"""Playing a game.

The view model, the decision panel, the map and scoring board in SVG, and the panels around them
(players, hand, log, game over).
"""
