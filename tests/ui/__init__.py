"""The tests of the page's pure half (``park.ui``), one folder a feature, and the features'
order (``test_ui_order.py``)."""
