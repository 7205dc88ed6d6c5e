"""Build, serve and benchmark tooling for the Park static site (not part of the wheel)."""
