"""The unit tests, one folder a part of the code (engine/, ai/, ui/<feature>/, cli/, web/,
tools/; docs/testing.md); what tests of every level share is in ``helpers.py``."""
