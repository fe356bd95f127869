"""A quick copy-with-changes for the immutable states of the rules' internal transitions.

`evolver(State)` returns ``evolve(state, **changes)``: a new state equal to `state` but for
`changes`, built without running the class's ``__init__``. A frozen dataclass's ``__init__``
stores each field through ``object.__setattr__``; reading all fields with one
`operator.attrgetter` and storing them through the slots' own descriptors does the same work
in about two thirds of the time, and the rules make a state at every move.

Limits: only for frozen ``slots=True`` dataclasses whose ``__init__`` just stores the fields
(no ``__post_init__``, no defaults computed at construction) — `evolver` refuses others. It
checks nothing: use it for transitions the rules already guarantee, never for a state built
from outside input (save files and lessons go through the checked constructors).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")


def evolver(cls: type[T]) -> Callable[..., T]:
    """The quick ``evolve(state, **changes)`` for instances of `cls` (see the module)."""
    if not is_dataclass(cls) or "__slots__" not in cls.__dict__ or hasattr(
            cls, "__post_init__") or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} is not a frozen slots dataclass that only stores "
                        "its fields")
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    read = attrgetter(*names)
    position = {name: k for k, name in enumerate(names)}
    setters = tuple(cls.__dict__[name].__set__ for name in names)
    new = object.__new__

    def evolve(state: T, **changes: Any) -> T:
        values = list(read(state))
        for name, value in changes.items():
            values[position[name]] = value
        out = new(cls)
        for store, value in zip(setters, values):
            store(out, value)
        return out

    evolve.__doc__ = f"A copy of a {cls.__name__} with `changes` (quick: see engine.evolve)."
    return evolve
