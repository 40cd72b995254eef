"""What every rules engine shares: strict JSON field checks and undo by replay."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Generic, TypeVar

from clubdesk.rules.errors import InvalidEventError

E = TypeVar("E")


def check_fields(obj: Any, where: str, required: Iterable[str], optional: Iterable[str] = ()) -> Mapping[str, Any]:
    """Refuse anything but a JSON object with exactly the known fields (replay.md: unknown keys are an error)."""
    if not isinstance(obj, Mapping):
        raise InvalidEventError("not_an_object", None, f"{where}: ожидался объект JSON",
                                f"{where}: a JSON object was expected")
    required = tuple(required)
    known = set(required) | set(optional)
    unknown = sorted(set(obj) - known)
    if unknown:
        names = ", ".join(map(str, unknown))
        raise InvalidEventError("unknown_field", None, f"{where}: неизвестные поля: {names}",
                                f"{where}: unknown fields: {names}")
    missing = [k for k in required if k not in obj]
    if missing:
        names = ", ".join(missing)
        raise InvalidEventError("missing_field", None, f"{where}: нет обязательных полей: {names}",
                                f"{where}: missing fields: {names}")
    return obj


def expect_type(value: Any, types: type | tuple[type, ...], where: str) -> Any:
    """Refuse a value of the wrong JSON type; bool is never accepted as an int."""
    ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in _as_tuple(types))
    if not ok:
        raise InvalidEventError("bad_type", None, f"{where}: недопустимое значение {value!r}",
                                f"{where}: invalid value {value!r}")
    return value


def _as_tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


class ReplayEngine(Generic[E]):
    """Mixin: the engine keeps the log of accepted events; undo rebuilds from the header and log minus the last.

    Subclasses call `self._log.append(event)` at the end of a successful `apply` and implement
    `_fresh()` returning a new engine built from the same header (players, options).
    """

    _log: list[E]

    @property
    def events(self) -> tuple[E, ...]:
        return tuple(self._log)

    def _fresh(self) -> ReplayEngine[E]:  # pragma: no cover - abstract
        raise NotImplementedError

    def undo(self) -> E:
        """Forget the last accepted event by replaying all the others on a fresh engine; returns it."""
        if not self._log:
            raise IndexError("nothing to undo")
        last = self._log[-1]
        fresh = self._fresh()
        for event in self._log[:-1]:
            fresh.apply(event)  # type: ignore[attr-defined]
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)
        return last
