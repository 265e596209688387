"""The Monte Carlo kernels (``_montecarlo.pyx``): C-level only, cimported by ``_engine``; no
Python names."""
