"""Build pokercalc's Cython extensions; the evaluator's tables are generated first."""

import os
import runpy

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
TABLEGEN = os.path.join(HERE, "pokercalc", "core", "_tablegen.py")
HEADER = os.path.join(HERE, "pokercalc", "core", "_evaltables.h")

# The lookup tables are computed by plain Python and compiled in as static
# arrays, so importing pokercalc builds nothing.
if not os.path.exists(HEADER) or os.path.getmtime(HEADER) < os.path.getmtime(TABLEGEN):
    runpy.run_path(TABLEGEN)["write_header"](HEADER)

COMPILE_ARGS = ["-O3", "-fno-strict-aliasing"]
OPENMP = ["-fopenmp"]

extensions = [
    Extension(
        "pokercalc.core._eval",
        ["pokercalc/core/_eval.pyx"],
        include_dirs=["pokercalc/core", "."],
        extra_compile_args=COMPILE_ARGS,
    ),
    Extension(
        "pokercalc.core._engine",
        ["pokercalc/core/_engine.pyx"],
        include_dirs=["pokercalc/core", "."],
        extra_compile_args=COMPILE_ARGS + OPENMP,
        extra_link_args=OPENMP,
    ),
    Extension(
        "pokercalc.texture._flops",
        ["pokercalc/texture/_flops.pyx"],
        include_dirs=["pokercalc/core", "."],
        extra_compile_args=COMPILE_ARGS + OPENMP,
        extra_link_args=OPENMP,
    ),
    Extension(
        "pokercalc.analysis._potential",
        ["pokercalc/analysis/_potential.pyx"],
        include_dirs=["pokercalc/core", "."],
        extra_compile_args=COMPILE_ARGS + OPENMP,
        extra_link_args=OPENMP,
    ),
]

# POKERCALC_EXTENSIONS="pokercalc.core._eval,..." builds only those (handy while
# several modules are being edited at once); the default builds them all.
only = os.environ.get("POKERCALC_EXTENSIONS")
if only:
    extensions = [e for e in extensions if e.name in only.split(",")]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": 3, "embedsignature": True, "binding": True},
    ),
)
