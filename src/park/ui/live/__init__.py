"""Live play with friends on their own devices, with no server (issue 52, docs/live.md).

The host's page holds the game (``host``); each friend's page holds only what its seat may know
(``guest``); the two kinds of link that connect them are ``links``, the messages they send
``wire``.
"""
