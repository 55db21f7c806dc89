"""Strict request inputs: a JSON body says exactly what it means or is refused.

DRF coerces by default (``"1"`` becomes 1, ``"true"`` becomes ``True``, ``0`` becomes ``"0"``)
and ignores fields it does not know. A client that sends ``{"confirm": "true"}`` or an extra
``"seat"`` has a bug, and answering it as if it had sent the right thing hides that bug. So
every request body is a ``BodySerializer``: an unknown field, or a value of the wrong JSON type
for its field, is a ``400 invalid_input`` whose ``errors`` name the field. Query strings are
text by nature and keep DRF's parsing of each value, but a parameter given is read as given
(``QuerySerializer``: an empty one is not taken as absent), and the pagination's ``limit`` and
``offset`` must be whole numbers (``StrictLimitOffsetPagination``); their refusals say that
the query, not the body, is not valid (``errors.InvalidQuery``).

The OpenAPI schema says the same (``schema.strict_requests``): no request body takes a
field it does not document, and no page is asked below ``PAGE_MINIMUMS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext, gettext_lazy
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

from .errors import InvalidQuery

# (field class, the JSON types its value must have, how to name them), most specific first
_JSON_TYPES: tuple[tuple[type, tuple[type, ...], str], ...] = (
    (serializers.BooleanField, (bool,), "true or false"),
    (serializers.IntegerField, (int,), "a whole number"),
    (serializers.CharField, (str,), "a string"),  # also URLField, EmailField, UUID as text
    (serializers.UUIDField, (str,), "a string"),
    (serializers.DictField, (dict,), "an object"),
    (serializers.ListField, (list,), "a list"),
)
# The field messages of a refused body or query, in the request's language (locale/hu).
_EXPECTED = {
    "true or false": gettext_lazy("expected true or false"),
    "a whole number": gettext_lazy("expected a whole number"),
    "a string": gettext_lazy("expected a string"),
    "an object": gettext_lazy("expected an object"),
    "a list": gettext_lazy("expected a list"),
}
_UNKNOWN_FIELD = gettext_lazy("unknown field")
_GIVE_IT_ONCE = gettext_lazy("give it once")


def _expected(field: serializers.Field) -> tuple[tuple[type, ...], str] | None:
    if isinstance(field, serializers.ChoiceField):
        kinds = {type(choice) for choice in field.choices}
        if kinds == {int}:
            return (int,), "a whole number"
        if kinds == {str}:
            return (str,), "a string"
        return None
    for cls, types, name in _JSON_TYPES:
        if isinstance(field, cls):
            return types, name
    return None


def _wrong_type(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in types:  # JSON true is not the number 1
        return True
    return not isinstance(value, types)


class BodySerializer(serializers.Serializer):
    """A request body: unknown fields and values of the wrong JSON type are refused, each
    named in the 400's ``errors``."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            errors: dict[str, list[str]] = {
                name: [str(_UNKNOWN_FIELD)] for name in sorted(set(data) - set(self.fields))
            }
            for name, field in self.fields.items():
                value = data.get(name)
                expected = _expected(field)
                if value is None or expected is None or field.read_only:
                    continue
                types, described = expected
                if _wrong_type(value, types):
                    errors[name] = [str(_EXPECTED[described])]
            if errors:
                raise ValidationError(errors)
        return super().to_internal_value(data)


class ServiceChoiceField(serializers.ChoiceField):
    """One of a set of names (a variant, a computer strength, a stake) that the schema lists as
    an enum, but that is checked by the service that owns the names, not here: a value outside
    them is answered with the code the API documents for it (``unknown_variant``,
    ``unknown_strength``, ``invalid_stake``, ``variant_not_ranked``), not a generic
    ``invalid_input``. Only in a ``BodySerializer``, which refuses a value of the wrong JSON
    type (a number for a name) as ``invalid_input`` first."""

    def to_internal_value(self, data: Any) -> Any:
        return data


class QuerySerializer(serializers.Serializer):
    """A query string's parameters. Each is given at most once, and one given is read as
    given: DRF takes an empty value (``?after_seq=``) as absent and answers with the default,
    which would hide a client's bug (a number it meant to send); here it is refused like any
    other value that is not valid. A refusal is a ``400 invalid_input`` that says the query is
    not valid (``errors.InvalidQuery``)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, QueryDict):
            repeated = sorted(
                name for name, values in data.lists() if name in self.fields and len(values) > 1
            )
            if repeated:
                raise ValidationError({name: [str(_GIVE_IT_ONCE)] for name in repeated})
            data = data.dict()  # a plain mapping: "" is a value, not a missing parameter
        return super().to_internal_value(data)

    def is_valid(self, *, raise_exception: bool = False) -> bool:
        valid = super().is_valid()
        if not valid and raise_exception:
            raise InvalidQuery(self.errors)
        return valid


# what a paginated list says of its 400 (``problem_responses("invalid_input", …,
# invalid_input=PAGE_INPUT)``)
PAGE_INPUT = "`limit` (1 or more) or `offset` (0 or more) is not a whole number, or is given twice"


class StrictLimitOffsetPagination(LimitOffsetPagination):
    """DRF's limit/offset pagination, except that a ``limit`` or ``offset`` that is not a whole
    number at least its ``PAGE_MINIMUMS`` (an empty one, a negative one, a ``limit`` of 0) is a
    400 naming it, not silently the default."""

    def get_limit(self, request: Request) -> int | None:
        self._check(request, self.limit_query_param)
        return super().get_limit(request)

    def get_offset(self, request: Request) -> int:
        self._check(request, self.offset_query_param)
        return super().get_offset(request)

    @staticmethod
    def _check(request: Request, name: str) -> None:
        values = request.query_params.getlist(name)
        if len(values) > 1:
            raise InvalidQuery({name: [str(_GIVE_IT_ONCE)]})
        least = PAGE_MINIMUMS[name]
        if values and not (values[0].isdecimal() and int(values[0]) >= least):
            message = gettext("expected a whole number, %(least)s or more") % {"least": least}
            raise InvalidQuery({name: [message]})


#: The least ``limit`` and ``offset`` a page is asked with (the schema's ``minimum``).
PAGE_MINIMUMS = {
    StrictLimitOffsetPagination.limit_query_param: 1,
    StrictLimitOffsetPagination.offset_query_param: 0,
}
