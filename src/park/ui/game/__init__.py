"""One game at this device: the session controller, its log (the chronicle), what each human
is told since their last turn, and the page's parts; the start-up imports."""
