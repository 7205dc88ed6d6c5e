"""The unit tests, one folder a part of the code.

The folders are engine/, ai/, ui/<feature>/, cli/, web/ and tools/ (docs/testing.md); what
tests of every level share is in ``helpers.py``.
"""
