"""Setting up a game.

The New game form's settings, the seats and their colours, and the play modes (Today's expedition).
"""
