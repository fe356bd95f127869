"""A quick copy-with-changes for the immutable states of the rules' internal transitions.

`evolver(State)` returns ``evolve(state, **changes)``: a new state equal to `state` but for
`changes`, built without running the class's ``__init__``. A frozen dataclass's ``__init__``
stores each field through ``object.__setattr__``; the evolve function, written for the class
as straight-line code like the dataclass's own ``__init__``, stores each field through its
slot's descriptor and takes unchanged fields from `state`: about half the time of
``State(*[...])``, and the rules make a state at every move.

Limits: only for frozen ``slots=True`` dataclasses whose ``__init__`` just stores the fields
(no ``__post_init__``, no defaults computed at construction) — `evolver` refuses others. It
checks nothing: use it for transitions the rules already guarantee, never for a state built
from outside input (save files and lessons go through the checked constructors).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def evolver(cls: type[T]) -> Callable[..., T]:
    """The quick ``evolve(state, **changes)`` for instances of `cls` (see the module)."""
    if not is_dataclass(cls) or "__slots__" not in cls.__dict__ or hasattr(
            cls, "__post_init__") or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} is not a frozen slots dataclass that only stores "
                        "its fields")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    # Straight-line code, as dataclasses write their own __init__: each field from the
    # keyword if given, else from `state`, stored through its slot.
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_KEEP": _KEEP}
    lines = []
    for k, name in enumerate(names):
        scope[f"_set{k}"] = cls.__dict__[name].__set__
        lines.append(f"    _set{k}(out, state.{name} if {name} is _KEEP else {name})")
    params = ", ".join(f"{name}=_KEEP" for name in names)
    source = (f"def evolve(state, *, {params}):\n    out = _new(_cls)\n" + "\n".join(lines)
              + "\n    return out\n")
    exec(source, scope)  # the source is built above from the field names only
    evolve = scope["evolve"]
    evolve.__doc__ = f"A copy of a {cls.__name__} with `changes` (quick: see engine.evolve)."
    return evolve  # type: ignore[no-any-return]


#: The default of every keyword of an evolve function: keep the field as it is.
_KEEP = object()
