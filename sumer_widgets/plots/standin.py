"""Pictures where matplotlib cannot load: a short note instead of an error.

The browser-only site (`make lite`: JupyterLite on Pyodide) has no matplotlib — no WebAssembly
build of it is on PyPI or npm — and a plain ``pip install sumer`` does not bring it either (it is
in the ``lab`` extra). There every plot function of `sumer_widgets.plots` returns at once, and
when the cell ends (or at ``plt.show()``) one note says that the picture is not drawn here and
where to see it. Everything else in the cell runs as usual.

- `plotting` wraps each plot function: with matplotlib it is the function itself.
- `plt` is ``matplotlib.pyplot``, or a stand-in whose every call returns a `StandIn` — enough
  for the usual ``fig, axes = plt.subplots(1, 2)``, ``ax.set_title(...)``, ``plt.show()``.
- `stand_in_module` gives the site's stand-in ``matplotlib`` package its contents, so that a
  notebook's own ``import matplotlib.pyplot as plt`` works there too (scripts/build_lite.py
  ships that package in the site only; ``matplotlib.SUMER_STAND_IN`` tells it apart).

Limits: numbers read back from a stand-in (``ax.get_xlim()``) are stand-ins, not numbers; code
that draws with networkx or numpy directly, outside these functions, still needs the real
matplotlib.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

from sumer_widgets.words import words

#: The stand-in's sentences (``[standin.WORDS]`` of the words files).
WORDS = words(__file__)["WORDS"]

try:
    import matplotlib

    HAVE_MATPLOTLIB = not getattr(matplotlib, "SUMER_STAND_IN", False)
except ImportError:
    HAVE_MATPLOTLIB = False

#: Where the picture is: in the notebook as shipped, until a run of the cell is saved over it
#: (the browser-only site autosaves). There, deleting the notebook in the file browser removes
#: only the browser's copy, and the site's own copy, as shipped, shows again (checked in
#: tests/browser/test_lite.py).
NOTE = WORDS["en"]["note"]

_pending = {"figures": 0, "hooked": False}


def _figure_opened() -> None:
    """A picture was asked for: note it once when the cell ends (or at ``plt.show()``)."""
    _pending["figures"] += 1
    if _pending["hooked"]:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is not None:
        shell.events.register("post_run_cell", lambda *_: show_note())
        _pending["hooked"] = True


def show_note() -> None:
    """Show the note if a picture was asked for since the last one (in IPython: as Markdown)."""
    if not _pending["figures"]:
        return
    _pending["figures"] = 0
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        print(NOTE.strip("*"))
        return
    if get_ipython() is None:
        print(NOTE.strip("*"))
    else:
        display({"text/markdown": NOTE, "text/plain": NOTE.strip("*")}, raw=True)


class StandIn:
    """What matplotlib would have returned: every public attribute and every call gives
    another stand-in, so drawing code runs on without drawing."""

    __slots__ = ()

    def __getattr__(self, name: str) -> StandIn:
        # Private and special names stay missing, so IPython's display hooks, copy and pickle
        # do not take a stand-in for an answer.
        if name.startswith("_"):
            raise AttributeError(name)
        return STAND_IN

    def __call__(self, *args: Any, **kwargs: Any) -> StandIn:
        return STAND_IN

    def __getitem__(self, key: Any) -> StandIn:
        return STAND_IN

    def __setitem__(self, key: Any, value: Any) -> None:
        return None

    def __iter__(self) -> Iterator[Any]:
        return iter(())

    def __enter__(self) -> StandIn:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __repr__(self) -> str:
        return WORDS["en"]["stand-in"]


STAND_IN = StandIn()


class _Grid(list):
    """Axes in a row or a grid, as ``plt.subplots`` returns them: a list that also has numpy's
    ``flat``, ``ravel``, ``flatten``, ``shape`` and ``grid[i, j]``."""

    def __init__(self, items: list[Any], shape: tuple[int, ...]):
        super().__init__(items)
        self.shape = shape

    @classmethod
    def of(cls, rows: int, columns: int, squeeze: bool) -> _Grid:
        if squeeze and (rows == 1 or columns == 1):
            return cls([STAND_IN] * (rows * columns), (rows * columns,))
        return cls([cls([STAND_IN] * columns, (columns,)) for _ in range(rows)], (rows, columns))

    @property
    def flat(self) -> Iterator[Any]:
        for item in self:
            if isinstance(item, _Grid):
                yield from item
            else:
                yield item

    def ravel(self) -> list[Any]:
        return list(self.flat)

    flatten = ravel

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, tuple):
            item: Any = self
            for part in key:
                item = list.__getitem__(item, part)
            return item
        return list.__getitem__(self, key)


class _StandInPyplot:
    """``matplotlib.pyplot`` for a place without matplotlib."""

    def subplots(self, nrows: int = 1, ncols: int = 1, *, squeeze: bool = True,
                 **kwargs: Any) -> tuple[StandIn, Any]:
        _figure_opened()
        if squeeze and nrows == 1 and ncols == 1:
            return STAND_IN, STAND_IN
        return STAND_IN, _Grid.of(nrows, ncols, squeeze)

    def show(self, *args: Any, **kwargs: Any) -> None:
        show_note()

    def close(self, *args: Any, **kwargs: Any) -> None:
        _pending["figures"] = 0

    def __getattr__(self, name: str) -> Callable[..., StandIn]:
        if name.startswith("_"):
            raise AttributeError(name)

        def drawing(*args: Any, **kwargs: Any) -> StandIn:
            _figure_opened()
            return STAND_IN

        return drawing


if HAVE_MATPLOTLIB:
    import matplotlib.pyplot as plt
else:
    plt = _StandInPyplot()


def plotting(function: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a plot function: without matplotlib it draws nothing, notes why, and returns the
    `ax` it was given (or a stand-in), so the cell runs on."""
    if HAVE_MATPLOTLIB:
        return function

    @functools.wraps(function)
    def without_matplotlib(*args: Any, ax: Any = None, **kwargs: Any) -> Any:
        _figure_opened()
        return STAND_IN if ax is None else ax

    return without_matplotlib


def stand_in_module(name: str) -> Callable[[str], Any]:
    """The module ``__getattr__`` of the site's stand-in ``matplotlib`` package and its
    submodules: ``pyplot``'s functions, anything else a `StandIn`."""

    def module_getattr(attribute: str) -> Any:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        if name.endswith(".pyplot"):
            return getattr(_PYPLOT, attribute)
        if attribute == "SUMER_STAND_IN":
            return True
        return STAND_IN

    return module_getattr


_PYPLOT = _StandInPyplot()
