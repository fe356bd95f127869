"""Quick construction of the frozen dataclasses the rules make at every move: states and events.

A frozen dataclass's generated ``__init__`` stores each field through ``object.__setattr__``
(the class's own ``__setattr__`` refuses), which costs about a tenth of a microsecond a field.
The rules make a new state, and a few events, at every move, so this was a good part of the
checked path's time. Both helpers here write, per class, straight-line code as the dataclass
does, but store the fields directly:

- `evolver(State)` returns ``evolve(state, **changes)``: a copy of `state` with `changes`,
  each field stored through its slot's descriptor (about half the time of
  ``State(*[getattr(...)])``);
- `quick_init(Event)` returns an ``__init__`` for a frozen dataclass without slots that writes
  the fields into the instance's ``__dict__`` (about half the time of the generated one).

The objects made are the same values: equality, hashing, ``repr``, pickling and the frozen
refusal of assignment are the dataclass's own.

Limits: only for frozen dataclasses whose ``__init__`` just stores the fields — no
``__post_init__``, and for `quick_init` no defaults — the helpers refuse others
(`TypeError`). Nothing is checked: use them for values the rules already guarantee, never for
a state built from outside input (save files and lessons go through the checked
constructors).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")

#: The default of every keyword of an evolve function: keep the field as it is.
_KEEP = object()


def _field_names(cls: type, slots: bool, defaults: bool) -> list[str]:
    if not is_dataclass(cls) or not cls.__dataclass_params__.frozen or hasattr(  # type: ignore[attr-defined]
            cls, "__post_init__") or ("__slots__" in cls.__dict__) != slots:
        raise TypeError(f"{cls.__name__} is not a frozen {'slots ' if slots else ''}dataclass "
                        "that only stores its fields")
    found = fields(cls)
    if not defaults and any(f.default is not MISSING or f.default_factory is not MISSING
                            for f in found):
        raise TypeError(f"{cls.__name__} has fields with defaults")
    return [f.name for f in found]


def evolver(cls: type[T]) -> Callable[..., T]:
    """The quick ``evolve(state, **changes)`` for a frozen slots dataclass (see the module)."""
    names = _field_names(cls, slots=True, defaults=True)  # every field is copied
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
    evolve.__doc__ = f"A copy of a {cls.__name__} with `changes` (quick: see engine.quick)."
    return evolve  # type: ignore[no-any-return]


def quick_init(cls: type) -> Callable[..., None]:
    """A quick ``__init__`` for a frozen dataclass without slots (see the module); the caller
    installs it: ``cls.__init__ = quick_init(cls)``."""
    names = _field_names(cls, slots=False, defaults=False)
    body = "".join(f"    d[{name!r}] = {name}\n" for name in names) or "    pass\n"
    source = f"def __init__(self, {', '.join(names)}):\n    d = self.__dict__\n{body}"
    scope: dict[str, Any] = {}
    exec(source, scope)  # the source is built above from the field names only
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    return init  # type: ignore[no-any-return]
