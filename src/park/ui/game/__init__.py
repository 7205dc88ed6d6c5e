"""One game at this device, and the start-up imports.

The session controller, its log (the chronicle), what each human is told since their last turn, and
the page's parts.
"""
