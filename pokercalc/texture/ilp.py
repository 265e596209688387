"""Integer programs after Dalpasso and Lancia (2015, section 3): a few weighted flop features.

Given the feature matrix ``B`` (m flops x n features, 0/1) and the equities
``e``, a formula is a weight ``x_j`` in [-1, 1] per feature, of which at most N
are non-zero (binary ``y_j`` with ``-y_j <= x_j <= y_j``), and estimates flop
i's equity as ``B_i . x``.  Four models:

* ``AVGERR(N)``: minimise the mean of ``|B_i . x - e_i|`` with at most N features;
* ``MAXERR(N)``: minimise the largest ``|B_i . x - e_i|`` with at most N features;
* ``FEAT_AVGERR(E)``: fewest features whose mean error is at most E;
* ``FEAT_MAXERR(E)``: fewest features whose largest error is at most E.

As in the paper there is no free constant: a base equity is the weight of a
feature every flop has (for AA, F54 "no overcard on the flop").  Flops with the
same feature row and equity (suit-isomorphic flops, mostly) are merged into one
row with a multiplicity, which shrinks the program without changing it; the
max-error models keep only each feature row's lowest and highest equity.  The
programs are built as scipy sparse matrices and solved by HiGHS through
:func:`scipy.optimize.milp`, under a time limit; the result says whether the
solution is proven optimal and, if not, its gap.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokercalc.core.results import COUNT, SECONDS, Form, Result, derived, doc, object_schema
from pokercalc.core.validate import check_integer, check_number
from pokercalc.errors import InputError

__all__ = ["TextureFit", "check_fit_options", "fit_texture", "estimate", "formula"]


#: A feature number, F1 to F73.
_FEATURE = Form({"type": "integer", "minimum": 1, "maximum": 73})


def _weight_entries(weights: tuple[tuple[int, float], ...]) -> list[dict[str, Any]]:
    """The weights as the JSON has them: feature, weight and the feature's description."""
    from pokercalc.texture.features import describe

    return [{"feature": j, "weight": w, "description": describe(j)} for j, w in weights]


_WEIGHTS = Form(
    {
        "type": "array",
        "items": object_schema(
            {
                "feature": dict(_FEATURE.schema),
                "weight": {"type": "number"},
                "description": {"type": "string"},
            }
        ),
    },
    _weight_entries,
)


@dataclass(frozen=True, kw_only=True)
class TextureFit(Result):
    """A fitted feature formula: the features chosen, their weights, and its errors."""

    model: str = doc('the program solved, e.g. "AVGERR(10)" or "FEAT_AVGERR(0.025)"')
    objective: str = doc(
        '"avg" or "max": which error the program bounds or minimises', enum=["avg", "max"]
    )
    weights: tuple[tuple[int, float], ...] = doc(
        "(feature 1..73, weight), largest |weight| first; in JSON each with its description",
        _WEIGHTS,
    )
    always: tuple[int, ...] = doc(
        "the chosen features every flop has, folded into the base", items=_FEATURE
    )
    base: float = doc("the summed weight of the always features (the starting equity)")
    avg_error: float = doc("mean |estimate - equity| over all flops, a fraction of 1")
    max_error: float = doc("largest |estimate - equity| over all flops")
    status: str = doc('"optimal" (proven by HiGHS) or "time limit" (best found, see gap)')
    gap: float | None = doc("HiGHS's relative MIP gap when not proven optimal, else 0")
    bound: float | None = doc("the proven lower bound on the objective (error, or features)")
    rows: int = doc("rows of the program after merging identical flops", COUNT)
    elapsed: float = doc("seconds in the solver", SECONDS)

    @property
    def features(self) -> tuple[int, ...]:
        """The chosen feature numbers, largest |weight| first."""
        return tuple(j for j, _ in self.weights)

    @derived()
    def formula(self) -> str:
        """The one-line mnemonic, e.g. "start at 85%; +10% if ...; -8% if ..."."""
        return formula(self)


def estimate(features: np.ndarray, weights: tuple[tuple[int, float], ...]) -> np.ndarray:
    """The formula's estimate for each row of an (m, 73) feature matrix."""
    x = np.zeros(features.shape[1])
    for j, w in weights:
        x[j - 1] = w
    return features.astype(np.float64) @ x


def formula(fit: TextureFit) -> str:
    """The fit as a sentence a player can remember, weights rounded to whole percents."""
    from pokercalc.texture.features import short

    parts = [f"start at {fit.base * 100:.0f}%"]
    for j, w in fit.weights:
        if j not in fit.always:
            parts.append(f"{w * 100:+.0f}% if {short(j)} (F{j})")
    return "; ".join(parts)


def _merge_avg(b: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct (feature row, equity) pairs with their multiplicities."""
    key = np.hstack([b.astype(np.float64), np.round(e, 12)[:, None]])
    uniq, counts = np.unique(key, axis=0, return_counts=True)
    return uniq[:, :-1], uniq[:, -1], counts.astype(np.float64)


def _merge_max(b: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct feature row twice at most: with its lowest and its highest equity."""
    uniq, inverse = np.unique(b, axis=0, return_inverse=True)
    inverse = inverse.ravel()
    lo = np.full(len(uniq), np.inf)
    hi = np.full(len(uniq), -np.inf)
    np.minimum.at(lo, inverse, e)
    np.maximum.at(hi, inverse, e)
    rows = np.vstack([uniq, uniq])
    eq = np.concatenate([lo, hi])
    keep = np.concatenate([np.ones(len(uniq), bool), hi > lo])
    return rows[keep].astype(np.float64), eq[keep]


def _irls(
    b: np.ndarray, e: np.ndarray, mult: np.ndarray, objective: str, iters: int = 20
) -> np.ndarray:
    """Approximate weights for the columns of ``b`` by reweighted least squares (L1 or minimax)."""
    k = b.shape[1]
    if k == 0:
        return np.zeros(0)
    w = mult.copy()
    ridge = 1e-9 * np.eye(k)
    x = np.zeros(k)
    for _ in range(iters):
        bw = b * w[:, None]
        try:
            x = np.linalg.solve(b.T @ bw + ridge, bw.T @ e)
        except np.linalg.LinAlgError:
            x = np.linalg.lstsq(b.T @ bw + ridge, bw.T @ e, rcond=None)[0]
        r = np.abs(b @ x - e)
        if objective == "avg":
            w = mult / np.maximum(r, 1e-4)
        else:
            w = w * np.maximum(r, 1e-6)
            w /= w.sum()
    return np.clip(x, -1.0, 1.0)


def _error(
    b: np.ndarray, e: np.ndarray, mult: np.ndarray, m: int, x: np.ndarray, objective: str
) -> float:
    """The mean (or largest) absolute error of the weights ``x`` on the merged rows."""
    r = np.abs(b @ x - e)
    return float(r @ mult / m) if objective == "avg" else float(r.max())


def _lp(
    b: np.ndarray,
    e: np.ndarray,
    mult: np.ndarray,
    m: int,
    support: list[int],
    objective: str,
) -> tuple[np.ndarray, float]:
    """The best weights for a fixed set of features (a linear program), and their error."""
    from scipy import sparse
    from scipy.optimize import linprog

    k = len(support)
    if k == 0:
        return np.zeros(0), _error(b[:, :0], e, mult, m, np.zeros(0), objective)
    r = len(e)
    bs = sparse.csr_matrix(b[:, support])
    eps = (
        sparse.identity(r, format="csr")
        if objective == "avg"
        else sparse.csr_matrix(np.ones((r, 1)))
    )
    a = sparse.vstack([sparse.hstack([bs, -eps]), sparse.hstack([-bs, -eps])]).tocsr()
    cost = np.concatenate([np.zeros(k), mult / m if objective == "avg" else [1.0]])
    n_eps = eps.shape[1]
    # scipy-stubs types A_ub as a dense array; method="highs" takes a sparse one (r can be 19,600).
    res = linprog(  # type: ignore[call-overload]
        cost,
        A_ub=a,
        b_ub=np.concatenate([e, -e]),
        bounds=[(-1.0, 1.0)] * k + [(0.0, None)] * n_eps,
        method="highs",
    )
    x = res.x[:k] if res.x is not None else _irls(b[:, support], e, mult, objective)
    return x, _error(b[:, support], e, mult, m, x, objective)


def _screen(
    b: np.ndarray, r: np.ndarray, mult: np.ndarray, exclude: set[int], top: int
) -> list[int]:
    """The ``top`` features whose best single weight most reduces the weighted L1 residual ``r``.

    For one added feature the best weight is the weighted median of the residuals
    on the flops that have it, so the gain of each feature is exact for that move.
    """
    gains = []
    for j in range(b.shape[1]):
        if j in exclude:
            continue
        on = b[:, j] > 0
        if not on.any():
            continue
        rr, ww = r[on], mult[on]
        order = np.argsort(rr)
        cw = np.cumsum(ww[order])
        t = float(np.clip(rr[order][np.searchsorted(cw, cw[-1] / 2)], -1.0, 1.0))
        gains.append((float(ww @ np.abs(rr) - ww @ np.abs(rr - t)), j))
    gains.sort(reverse=True)
    return [j for _, j in gains[:top]]


def _greedy(
    b: np.ndarray,
    e: np.ndarray,
    mult: np.ndarray,
    m: int,
    objective: str,
    n_features: int | None,
    error: float | None,
    deadline: float,
    starts: Sequence[Sequence[int]] = (),
) -> list[int]:
    """A good feature set fast: forward selection, swaps, then kicks while time allows.

    Candidate sets are scored by reweighted least squares (a few milliseconds
    each, within a few thousandths of a point of the linear program).  Forward
    selection screens candidates by their exact one-feature gain.  With a budget
    of N features the set is then improved by single swaps until none helps (a
    local optimum), and the search goes on from other starting sets: each given
    start (0-based columns; a partial set is completed by forward selection) and
    then, until the deadline, alternately a "kick" that drops two to four
    features of the best set at random and refills them, and a fresh start; both
    build by randomized forward selection (one of the three best candidates at
    each step) and are followed by screened swaps, and by all swaps when within
    2% of the best (a fixed seed, so runs are repeatable up to where the deadline
    falls), until 60 rounds in a row bring no gain.  Without kicks the swaps stall
    in the first local optimum: for JTs against RML that was 3.67% while another
    start reaches 3.26%.
    """
    n = b.shape[1]

    def fit(support: list[int]) -> tuple[float, np.ndarray]:
        x = _irls(b[:, support], e, mult, objective)
        return _error(b[:, support], e, mult, m, x, objective), x

    def candidates(support: list[int], x: np.ndarray, top: int) -> list[int]:
        if objective != "avg":
            return [j for j in range(n) if j not in support]
        r = e - b[:, support] @ x if support else e
        return _screen(b, r, mult, set(support), top)

    def forward(
        start: Sequence[int], limit: int, pick: Callable[[int], int] | None = None
    ) -> tuple[list[int], float]:
        support = list(start)
        current, x = fit(support)
        while len(support) < limit:
            if error is not None and current <= error:
                break
            trial = [(fit(support + [j]), j) for j in candidates(support, x, 8)]
            if not trial:
                break
            trial.sort(key=lambda t: t[0][0])
            (best, xb), j = trial[0] if pick is None else trial[pick(min(3, len(trial)))]
            if best >= current - 1e-12:
                break
            support, current, x = support + [j], best, xb
            if time.perf_counter() > deadline:
                break
        return support, current

    def swaps(support: list[int], current: float, full: bool = True) -> tuple[list[int], float]:
        # Screened swaps first; once they stop helping (and if ``full``), every swap.
        top, improved = 6, True
        while (improved or (full and top < n)) and time.perf_counter() < deadline:
            if not improved:
                top = n
            improved = False
            for pos in range(len(support)):
                rest = support[:pos] + support[pos + 1 :]
                _, xr = fit(rest)
                pool = candidates(rest, xr, 6) if top < n else range(n)
                for j in pool:
                    if j in support or time.perf_counter() > deadline:
                        continue
                    cand = rest[:pos] + [j] + rest[pos:]
                    s, _ = fit(cand)
                    if s < current - 1e-9:
                        support, current, improved = cand, s, True
                        break
        return support, current

    limit = n_features if n_features is not None else n
    support, current = forward([], limit)
    if n_features is None:
        return support
    support, current = swaps(support, current)
    for start in starts:
        if len(start) > n_features or time.perf_counter() > deadline:
            continue
        cand, score = forward(start, n_features)
        cand, score = swaps(cand, score)
        if score < current - 1e-12:
            support, current = cand, score
    rng = np.random.default_rng(0)
    rounds = stale = 0

    def pick(c: int) -> int:
        # Randomized forward selection: one of the three best candidates at each step.
        return int(rng.integers(c))

    # Small problems settle fast: stop after many rounds without a gain.
    while time.perf_counter() < deadline and 0 < len(support) < n and stale < 60:
        rounds += 1
        stale += 1
        if rounds % 2:
            # Destroy and repair: drop two to four features, refill them.
            k = min(int(rng.integers(2, 5)), len(support))
            keep = sorted(rng.choice(len(support), len(support) - k, replace=False))
            cand, score = forward([support[i] for i in keep], n_features, pick=pick)
        else:
            cand, score = forward([], n_features, pick=pick)
        # A pass over every swap costs as much as ten rounds: only for promising sets.
        cand, score = swaps(cand, score, full=False)
        if score < 1.02 * current:
            cand, score = swaps(cand, score)
        if score < current - 1e-9:
            support, current, stale = cand, score, 0
    return support


def check_fit_options(
    n_features: int | None, error: float | None, objective: str, time_limit: float
) -> None:
    """Refuse the options of a fit as the command line's --features, --error, --objective
    and --time-limit do (core/validate.py): an :class:`~pokercalc.errors.InputError`."""
    if objective not in ("avg", "max"):
        raise InputError(f"objective must be 'avg' or 'max', not {objective!r}")
    if n_features is not None:
        check_integer("features", n_features)
    if error is not None and not 0 < error < 1:
        raise InputError(f"the error bound must be between 0 and 1 (e.g. 0.025), not {error}")
    check_number("time_limit", time_limit)


def fit_texture(
    features: np.ndarray,
    equity: np.ndarray,
    *,
    n_features: int | None = None,
    error: float | None = None,
    objective: str = "avg",
    time_limit: float = 20.0,
    start: Sequence[Sequence[int]] = (),
) -> TextureFit:
    """Solve AVGERR/MAXERR(``n_features``) or, with ``error``, FEAT_AVGERR/FEAT_MAXERR(``error``).

    ``features`` is (m, n) 0/1, ``equity`` has m entries in [0, 1]; ``error`` is a
    fraction (0.025 for 2.5%); ``time_limit`` is in seconds for the whole fit.
    A quick heuristic (forward selection and swaps, with reweighted least squares
    as the yardstick, then a linear program for the exact weights) spends up to
    70% of the time; HiGHS's branch and bound spends the rest and supplies the
    lower bound from which the gap is reported.  The better solution is returned.
    ``start`` gives known feature sets (numbers 1..n, e.g. an earlier run's
    solution) from which the heuristic's swaps may start (a warm start).
    """
    from scipy import sparse
    from scipy.optimize import Bounds, LinearConstraint, milp

    if (n_features is None) == (error is None):
        raise InputError("give either a number of features or an error bound, not both")
    check_fit_options(n_features, error, objective, time_limit)
    b_all = np.asarray(features)
    e_all = np.asarray(equity, dtype=np.float64)
    m, n = b_all.shape
    if objective == "avg":
        b, e, mult = _merge_avg(b_all, e_all)
    else:
        b, e = _merge_max(b_all, e_all)
        mult = np.ones(len(e))
    r = len(e)
    start_time = time.perf_counter()
    deadline = start_time + time_limit

    # The heuristic incumbent.
    starts = [[j - 1 for j in s] for s in start]
    if any(not 0 <= j < n for s in starts for j in s):
        raise InputError(f"a start set names a feature outside F1 to F{n}")
    support = _greedy(
        b, e, mult, m, objective, n_features, error, start_time + 0.7 * time_limit, starts
    )
    x_h, err_h = _lp(b, e, mult, m, support, objective)
    heur_x = np.zeros(n)
    heur_x[support] = x_h

    # The integer program: variables x (n), y (n), eps (one per row, or one).
    n_eps = r if objective == "avg" else 1
    bs = sparse.csr_matrix(b)
    eps_cols = sparse.csr_matrix(sparse.identity(r) if objective == "avg" else np.ones((r, 1)))
    zeros_ry = sparse.csr_matrix((r, n))
    fit_rows = sparse.vstack(
        [sparse.hstack([bs, zeros_ry, -eps_cols]), sparse.hstack([-bs, zeros_ry, -eps_cols])]
    )
    ident = sparse.identity(n, format="csr")
    zeros_ne = sparse.csr_matrix((n, n_eps))
    activation = sparse.vstack(
        [sparse.hstack([ident, -ident, zeros_ne]), sparse.hstack([-ident, -ident, zeros_ne])]
    )
    constraints = [
        LinearConstraint(fit_rows, -np.inf, np.concatenate([e, -e])),
        LinearConstraint(activation, -np.inf, 0.0),
    ]
    mean_eps = np.concatenate([np.zeros(2 * n), mult / m if objective == "avg" else [1.0]])
    count_y = np.concatenate([np.zeros(n), np.ones(n), np.zeros(n_eps)])
    if n_features is not None:
        constraints.append(LinearConstraint(count_y[None, :], -np.inf, n_features))
        cost = mean_eps
        model = f"{objective.upper()}ERR({n_features})"
        heur_obj = err_h
    else:
        assert error is not None  # checked above: exactly one of n_features and error
        constraints.append(LinearConstraint(mean_eps[None, :], -np.inf, error))
        cost = count_y
        model = f"FEAT_{objective.upper()}ERR({error:g})"
        # The heuristic stops adding features at the deadline, perhaps short of E.
        heur_obj = float(len(support)) if err_h <= error else np.inf
    lower = np.concatenate([-np.ones(n), np.zeros(n), np.zeros(n_eps)])
    upper = np.concatenate([np.ones(n), np.ones(n), np.full(n_eps, np.inf)])
    integrality = np.concatenate([np.zeros(n), np.ones(n), np.zeros(n_eps)])
    remaining = deadline - time.perf_counter()
    res = None
    if remaining > 0.2:
        res = milp(
            cost,
            constraints=constraints,
            integrality=integrality,
            bounds=Bounds(lower, upper),
            options={"time_limit": float(remaining), "disp": False},
        )
        if res.status == 2:
            raise InputError(f"{model} is infeasible: no formula reaches that error")
    elapsed = time.perf_counter() - start_time
    if not np.isfinite(heur_obj) and (res is None or res.x is None):
        raise InputError(
            f"no formula with an error of at most {error:g} was found in {time_limit:g} s"
        )
    x = heur_x
    best = heur_obj
    proven = False
    bound = None
    if res is not None:
        bound = _float(getattr(res, "mip_dual_bound", None))
        if res.x is not None and res.fun is not None and res.fun < heur_obj - 1e-9:
            x, best = res.x[:n].copy(), float(res.fun)
            x[res.x[n : 2 * n] < 0.5] = 0.0
        proven = res.status == 0 and (res.x is None or best <= res.fun + 1e-9)
    if bound is not None and n_features is None:
        bound = float(np.ceil(bound - 1e-6))
    if proven:
        gap = 0.0
    elif bound is not None and best > 0:
        gap = max(0.0, (best - bound) / best)
    else:
        gap = None
    chosen = [j for j in range(n) if abs(x[j]) > 1e-9]
    weights = tuple(
        sorted(((j + 1, float(x[j])) for j in chosen), key=lambda t: (-abs(t[1]), t[0]))
    )
    err = np.abs(estimate(b_all, weights) - e_all)
    always = tuple(j for j, _ in weights if b_all[:, j - 1].all())
    return TextureFit(
        model=model,
        objective=objective,
        weights=weights,
        always=always,
        base=float(sum(w for j, w in weights if j in always)),
        avg_error=float(err.mean()),
        max_error=float(err.max()),
        status="optimal" if proven else "time limit",
        gap=gap,
        bound=bound,
        rows=r,
        elapsed=elapsed,
    )


def _float(v: Any) -> float | None:
    """A float, or None for a missing value."""
    return None if v is None else float(v)
