"""Replays: a finished game played back one decision at a time, from any seat's chair."""
