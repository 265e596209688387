"""Build pokercalc's Cython extensions; the evaluator's tables are generated first."""

import os
import runpy
import sys
import tempfile

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError, LinkError

HERE = os.path.dirname(os.path.abspath(__file__))
TABLEGEN = os.path.join(HERE, "pokercalc", "core", "_tablegen.py")
HEADER = os.path.join(HERE, "pokercalc", "_evaltables.h")  # beside _eval.pxd, which includes it

# The lookup tables are computed by plain Python and compiled in as static
# arrays, so importing pokercalc builds nothing.
if not os.path.exists(HEADER) or os.path.getmtime(HEADER) < os.path.getmtime(TABLEGEN):
    runpy.run_path(TABLEGEN)["write_header"](HEADER)

COMPILE_ARGS = ["-O3", "-fno-strict-aliasing"]
OPENMP = ["-fopenmp"]
# GCC's default inlining budget for a translation unit runs out in the engine (its fused
# kernels instantiate the evaluators per forming rule and ranking); past it the hot evaluator
# calls go out of line (the timings are in the commit body that set these). Only where the
# compiler takes these (GCC; clang inlines without them).
INLINE = [
    "--param=inline-unit-growth=400",
    "--param=max-inline-insns-single=2000",
    "--param=large-function-growth=1000",
]

# Stands in for <omp.h> where the compiler has no OpenMP: one thread, and the
# `prange` loops (guarded by _OPENMP in Cython's C) run serially.
SERIAL_OMP_H = """\
#ifndef POKERCALC_SERIAL_OMP_H
#define POKERCALC_SERIAL_OMP_H
static inline int omp_get_max_threads(void) { return 1; }
static inline int omp_get_num_threads(void) { return 1; }
static inline int omp_get_thread_num(void) { return 0; }
static inline int omp_get_num_procs(void) { return 1; }
static inline int omp_in_parallel(void) { return 0; }
static inline void omp_set_num_threads(int n) { (void)n; }
#endif
"""


class BuildExt(build_ext):
    """Compile with OpenMP where the compiler has it, else serially with a warning; strip symbols.

    POKERCALC_OPENMP=0 builds without OpenMP on purpose; POKERCALC_DEBUG=1 keeps
    the debug symbols that are stripped by default.
    """

    def finalize_options(self) -> None:
        # The modules compile side by side (the engine alone takes a minute or more).
        if self.parallel is None:
            self.parallel = True
        super().finalize_options()

    def build_extensions(self) -> None:
        unix = self.compiler.compiler_type == "unix"
        wanted = os.environ.get("POKERCALC_OPENMP", "1") != "0"
        openmp = wanted and self._compiles_with(OPENMP)
        if wanted and not openmp:
            sys.stderr.write(
                "WARNING: pokercalc: the C compiler cannot build with OpenMP (-fopenmp); "
                "building without threads, so every calculation runs on one core.\n"
            )
        serial_include = os.path.join(self.build_temp, "serial_omp")
        if not openmp:
            os.makedirs(serial_include, exist_ok=True)
            with open(os.path.join(serial_include, "omp.h"), "w") as f:
                f.write(SERIAL_OMP_H)
        strip = unix and os.environ.get("POKERCALC_DEBUG", "0") == "0"
        inline = INLINE if unix and self._accepts(INLINE) else []
        for ext in self.extensions:
            ext.extra_compile_args = [*ext.extra_compile_args, *inline]
            if not openmp and (set(ext.extra_compile_args) & set(OPENMP)):
                ext.extra_compile_args = [a for a in ext.extra_compile_args if a not in OPENMP]
                ext.extra_link_args = [a for a in ext.extra_link_args if a not in OPENMP]
                ext.include_dirs.insert(0, serial_include)
            if strip:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0"]
                ext.extra_link_args = [*ext.extra_link_args, "-s"]
        super().build_extensions()

    def _accepts(self, flags: list[str]) -> bool:
        """Whether the compiler takes ``flags`` without a warning."""
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "flags_probe.c")
            with open(source, "w") as f:
                f.write("int pokercalc_probe(void) { return 0; }\n")
            try:
                self.compiler.compile([source], output_dir=tmp, extra_postargs=[*flags, "-Werror"])
            except CompileError:
                return False
        return True

    def _compiles_with(self, flags: list[str]) -> bool:
        """Whether a program calling the OpenMP runtime compiles and links with ``flags``."""
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "openmp_probe.c")
            with open(source, "w") as f:
                f.write("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
            try:
                objects = self.compiler.compile([source], output_dir=tmp, extra_postargs=flags)
                self.compiler.link_executable(
                    objects, "openmp_probe", output_dir=tmp, extra_postargs=flags
                )
            except (CompileError, LinkError):
                return False
        return True


extensions = [
    Extension(
        "pokercalc._eval",
        ["pokercalc/_eval.pyx"],
        include_dirs=["pokercalc", "."],
        extra_compile_args=COMPILE_ARGS,
    ),
    Extension(
        "pokercalc.core._engine",
        ["pokercalc/core/_engine.pyx"],
        include_dirs=["pokercalc", "."],
        extra_compile_args=COMPILE_ARGS + OPENMP,
        extra_link_args=OPENMP,
    ),
    Extension(
        "pokercalc.core._enumerate",
        ["pokercalc/core/_enumerate.pyx"],
        include_dirs=["pokercalc", "."],
        extra_compile_args=COMPILE_ARGS,
    ),
    Extension(
        "pokercalc.core._montecarlo",
        ["pokercalc/core/_montecarlo.pyx"],
        include_dirs=["pokercalc", "."],
        extra_compile_args=COMPILE_ARGS,
    ),
    Extension(
        "pokercalc.core._own",
        ["pokercalc/core/_own.pyx"],
        include_dirs=["pokercalc", "."],
        extra_compile_args=COMPILE_ARGS + OPENMP,
        extra_link_args=OPENMP,
    ),
    Extension(
        "pokercalc.texture._flops",
        ["pokercalc/texture/_flops.pyx"],
        include_dirs=["pokercalc", "."],
        extra_compile_args=COMPILE_ARGS + OPENMP,
        extra_link_args=OPENMP,
    ),
    Extension(
        "pokercalc.analysis._potential",
        ["pokercalc/analysis/_potential.pyx"],
        include_dirs=["pokercalc", "."],
        extra_compile_args=COMPILE_ARGS + OPENMP,
        extra_link_args=OPENMP,
    ),
]

# POKERCALC_EXTENSIONS="pokercalc._eval,..." builds only those (handy while
# several modules are being edited at once); the default builds them all.
only = os.environ.get("POKERCALC_EXTENSIONS")
if only:
    extensions = [e for e in extensions if e.name in only.split(",")]

setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": 3, "embedsignature": True, "binding": True},
    ),
)
