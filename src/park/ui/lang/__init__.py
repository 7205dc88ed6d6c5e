"""The page's language: gettext catalogues and the words for spaces, seats and the log."""
