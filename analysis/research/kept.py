"""A research result computed once per process for the same inputs: the published corpus is fitted
by the Research page, `huddle calibrate` and a notebook alike, and a page asks again at each rerun.
An input frame is known by its values (not by the object), an array by its bytes; the results are
frozen objects or read-only arrays, so what is handed out twice cannot be changed by one caller."""
from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from typing import Any, Callable, TypeVar

import numpy as np
import pandas as pd

F = TypeVar("F", bound=Callable[..., Any])


def known_by(value: Any) -> Any:
    """A value as a key: a frame by its columns, types and values, an array by its bytes."""
    if isinstance(value, pd.DataFrame):
        return ("frame", tuple(value.columns), tuple(map(str, value.dtypes)),
                pd.util.hash_pandas_object(value, index=False).to_numpy().tobytes())
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, (list, tuple, set, frozenset)):
        return (type(value).__name__, tuple(known_by(v) for v in value))
    return value


def _read_only(result: Any) -> Any:
    for part in result if isinstance(result, tuple) else (result,):
        if isinstance(part, np.ndarray):
            part.flags.writeable = False
    return result


def kept(size: int = 64) -> Callable[[F], F]:
    """The ``size`` most recently used results of the decorated function, by its arguments' values."""
    def decorate(compute: F) -> F:
        results: OrderedDict = OrderedDict()
        guard = threading.Lock()

        @functools.wraps(compute)
        def once(*args, **kwargs):
            key = (known_by(args), tuple(sorted((k, known_by(v)) for k, v in kwargs.items())))
            with guard:
                if key in results:
                    results.move_to_end(key)
                    return results[key]
            result = _read_only(compute(*args, **kwargs))
            with guard:
                results[key] = result
                while len(results) > size:
                    results.popitem(last=False)
            return result
        return once                               # type: ignore[return-value]
    return decorate
