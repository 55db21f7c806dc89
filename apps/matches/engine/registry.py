"""The registry of the variants the engine plays: a name → ``Rules`` map, and nothing else.

Registering a variant changes only this map: its codec tables and its fold are built by the
variant itself, from its own declarations (``Rules.codec``, ``Rules.fold``), so no table of the
codec or the core is mutated. The built-in variants are declared by ``variants/__init__.py``
as factories and made on first use, once, with the options the product configured before
(``configure``: the operator's partnership doubling window); a test may register its own
variant (a toy game) and unregister it after.

This module imports no variant and no rule module at run time (an import-linter contract):
the variants import the registry to declare themselves, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, ValuesView
from typing import TYPE_CHECKING, Any

from .errors import CODES, RuleViolation, echo

if TYPE_CHECKING:
    from .rules import Rules

Factory = Callable[..., "Rules[Any]"]

_FACTORIES: dict[str, Factory] = {}  # the built-in variants, declared by ``variants``
_OPTIONS: dict[str, dict[str, Any]] = {}  # the product's options for them (``configure``)
_MADE: dict[str, Rules[Any]] = {}  # the variants in play, by name


def declare(name: str, factory: Factory) -> None:
    """A built-in variant: ``factory(**options)`` makes its ``Rules`` on first use."""
    _FACTORIES[name] = factory


def configure(name: str, **options: Any) -> None:
    """The options the built-in variant ``name`` is made with (the product's settings). Its
    rules must not have been made yet with other options: a variant is made once."""
    made = _MADE.get(name)
    if made is not None and _OPTIONS.get(name, {}) != options:
        raise RuntimeError(f"the variant {name!r} is already in play; configure it first")
    _OPTIONS[name] = options


def _made() -> dict[str, Rules[Any]]:
    for name, factory in _FACTORIES.items():
        if name not in _MADE:
            _check(_adopt(factory(**_OPTIONS.get(name, {}))))
    return _MADE


def _adopt(rules: Rules[Any]) -> Rules[Any]:
    _MADE[rules.name] = rules
    return rules


def _check(rules: Rules[Any]) -> None:
    """Two variants may share a command or event class (the shared trick-taking ones), never a
    wire name for two different classes: a stored event decodes to one class."""
    from .codec import TABLE  # noqa: PLC0415 (the codec looks variants up here)

    mine = {**rules.codec.events, **rules.codec.commands}
    for other in (TABLE, *(o.codec for o in _MADE.values() if o is not rules)):
        theirs = {**other.events, **other.commands}
        for wire, shape in mine.items():
            if wire in theirs and theirs[wire].cls is not shape.cls:
                del _MADE[rules.name]
                raise ValueError(f"two classes for the wire type {wire!r}")


def register[R: "Rules[Any]"](rules: R) -> R:
    """Make ``rules`` a variant the engine plays, in place of one of the same name."""
    _made()
    previous = _MADE.get(rules.name)
    _adopt(rules)
    try:
        _check(rules)
    except ValueError:
        if previous is not None:
            _adopt(previous)
        raise
    return rules


def unregister(name: str) -> None:
    """Forget a variant (a test's toy game): its commands and events are known no more."""
    _made()
    _MADE.pop(name, None)
    _FACTORIES.pop(name, None)


class _Variants(Mapping[str, "Rules[Any]"]):
    """The variants in play, by name (a read-only view, made on first use)."""

    def __getitem__(self, name: str) -> Rules[Any]:
        return _MADE[name] if name in _MADE else _made()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_made())

    def __len__(self) -> int:
        return len(_made())

    def values(self) -> ValuesView[Rules[Any]]:
        return _made().values()

    def __repr__(self) -> str:
        return f"<variants {sorted(self)}>"


VARIANTS: Mapping[str, Rules[Any]] = _Variants()


def variant_names() -> list[str]:
    """The registered variants' names, sorted."""
    return sorted(VARIANTS)


def rule_codes() -> dict[str, str]:
    """Every code a ``RuleViolation`` may carry, with its meaning: the core's, then each
    registered variant's (a code some variants only raise names them)."""
    declared: dict[str, list[str]] = {}
    meanings: dict[str, str] = {}
    for name in variant_names():
        for code, meaning in VARIANTS[name].codes.items():
            declared.setdefault(code, []).append(name)
            meanings.setdefault(code, meaning)
    every = len(VARIANTS)
    by_variant = {
        code: meaning if len(declared[code]) == every else f"{', '.join(declared[code])}: {meaning}"
        for code, meaning in meanings.items()
    }
    return {**CODES, **{c: m for c, m in by_variant.items() if c not in CODES}}


def rules_for(name: str) -> Rules[Any]:
    rules = VARIANTS.get(name)
    if rules is None:
        raise RuleViolation("unknown_variant", f"no such variant: {echo(name)}")
    return rules
