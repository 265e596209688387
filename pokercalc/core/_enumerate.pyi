"""The exhaustive enumeration kernels (``_enumerate.pyx``): C-level only, cimported by
``_engine``; no Python names."""
