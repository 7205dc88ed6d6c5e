"""The tests of the page's pure half (``park.ui``), one folder a feature.

Also the features' order (``test_ui_order.py``).
"""
