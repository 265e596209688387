"""Collection settings shared by the test suite and the doctests of the package."""

collect_ignore = ["setup.py", "pokercalc/__main__.py", "bench"]
