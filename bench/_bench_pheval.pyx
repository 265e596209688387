# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""C loops over phevaluator's Omaha-4 evaluator, for bench_omaha.py.

phevaluator is not vendored: bench_omaha.py downloads its source
distribution with pip and compiles this file together with its C files
(``_pheval_csrc/src``) into ``bench/.build``.  Its card ids are pokercalc's
(``4 * rank + suit``, deuce 0, suits c d h s); a lower value is a better hand.
"""

from libc.stdint cimport uint8_t, uint16_t, uint64_t


cdef extern from "phevaluator/phevaluator.h" nogil:
    int evaluate_plo4_cards(int c1, int c2, int c3, int c4, int c5,
                            int h1, int h2, int h3, int h4)


def plo4_random(const uint8_t[:, ::1] deals) -> int:
    """phevaluator's value of each row (four hole cards then five board cards); a checksum."""
    cdef Py_ssize_t i, n = deals.shape[0]
    cdef uint64_t total = 0
    with nogil:
        for i in range(n):
            total += evaluate_plo4_cards(deals[i, 4], deals[i, 5], deals[i, 6], deals[i, 7],
                                         deals[i, 8], deals[i, 0], deals[i, 1], deals[i, 2],
                                         deals[i, 3])
    return total


def plo4_many(const uint8_t[:, ::1] deals, uint16_t[::1] out) -> None:
    """phevaluator's value of each row into ``out``."""
    cdef Py_ssize_t i
    with nogil:
        for i in range(deals.shape[0]):
            out[i] = evaluate_plo4_cards(deals[i, 4], deals[i, 5], deals[i, 6], deals[i, 7],
                                         deals[i, 8], deals[i, 0], deals[i, 1], deals[i, 2],
                                         deals[i, 3])
