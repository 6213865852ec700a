"""Views, events and sentences as JSON, and back: what travels between a host and its guests.

A view is a frozen dataclass of one game (`ZeusView`, `TamoulView`…); its field types say how each value
is written, so the JSON holds plain lists and objects without type tags, and a guest rebuilds the very
view the host's engine made (equal, field for field). Only where a field's type is `Any` (a game's
options, an event's data) is a tuple written as {"$tuple": [...]} and a player-facing sentence
(`Message`) as {"$msg": ...}, so those come back exactly as well.

A view field that holds the game's own content (Zeus's card definitions) is the same for every view
of a game with the same options; it is not sent, and the guest fills it from a view of its own
(`CONTENT_FIELDS`): the guest runs the same program and has the same content.

Nothing here decides what a seat may see: the host only ever encodes `state.view(seat)` and
`event.for_seat(seat)`.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from types import MappingProxyType
from typing import Any, Mapping

from game.core.events import Event
from game.core.messages import Listing, Message

CONTENT_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({"ZeusView": ("cards",)})
"""View fields not sent (the game's content, the same in every view): the guest fills them itself."""

_HINTS: dict[type, dict[str, Any]] = {}


class WireError(ValueError):
    """A message that does not hold what its type says (a guest or host sent something malformed)."""


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def encode_any(value: Any) -> Any:
    """A value of unknown type as JSON: tuples and sentences tagged so they come back as they were."""
    if isinstance(value, Message):
        return {"$msg": encode_message(value)}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple):
        return {"$tuple": [encode_any(item) for item in value]}
    if isinstance(value, list):
        return [encode_any(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): encode_any(item) for key, item in value.items()}
    raise TypeError(f"cannot send a {type(value).__name__}")


def decode_any(data: Any) -> Any:
    if isinstance(data, dict):
        if len(data) == 1 and "$tuple" in data:
            return tuple(decode_any(item) for item in _list(data["$tuple"]))
        if len(data) == 1 and "$msg" in data:
            return decode_message(data["$msg"])
        return {key: decode_any(item) for key, item in data.items()}
    if isinstance(data, list):
        return [decode_any(item) for item in data]
    return data


def encode_message(message: str) -> Any:
    """A sentence as its English text, template and arguments (the guest says it in its own language)."""
    if isinstance(message, Listing):
        return {"parts": [encode_message(part) for part in message.parts]}
    if not isinstance(message, Message):
        return {"text": str(message)}
    data: dict[str, Any] = {"template": message.template}
    if message.args:
        data["args"] = {key: encode_any(value) for key, value in message.args.items()}
    if message.plural is not None:
        data["plural"] = message.plural
    if message.context is not None:
        data["context"] = message.context
    return data


def decode_message(data: Any) -> Message:
    if not isinstance(data, dict):
        raise WireError("a sentence must be an object")
    if "parts" in data:
        return Listing([decode_message(part) for part in _list(data["parts"])])
    if "text" in data:
        return Message(_str(data["text"]))
    args = data.get("args") or {}
    if not isinstance(args, dict):
        raise WireError("a sentence's arguments must be an object")
    if data.get("plural") is not None and type(args.get("count")) is not int:
        raise WireError("a sentence that counts needs a whole-number count")
    try:
        return Message(_str(data.get("template")), {k: decode_any(v) for k, v in args.items()},
                       data.get("plural"), data.get("context"))
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        raise WireError(f"a sentence does not fit its template: {exc}") from None


def encode_typed(value: Any, hint: Any) -> Any:
    """`value`, whose declared type is `hint`, as JSON without tags where the type says enough."""
    if hint is Any or hint is object:
        return encode_any(value)
    if value is None:
        return None
    if dataclasses.is_dataclass(value):
        hints = _hints(type(value))
        skipped = CONTENT_FIELDS.get(type(value).__name__, ())
        return {f.name: encode_typed(getattr(value, f.name), hints[f.name])
                for f in dataclasses.fields(value) if f.name not in skipped}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple
        hints = _hints(type(value))
        return [encode_typed(item, hints[name]) for name, item in zip(value._fields, value)]
    if isinstance(value, Message):
        return encode_message(value)
    if isinstance(value, (bool, int, float, str)):
        return value
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return encode_typed(value, inner[0] if len(inner) == 1 else Any)
    if isinstance(value, (tuple, list)):
        if origin in (tuple, list) and args:
            items = args[:1] * len(value) if len(args) == 2 and args[1] is Ellipsis or origin is list else args
            return [encode_typed(item, item_hint) for item, item_hint in zip(value, items)]
        return [encode_any(item) for item in value]
    if isinstance(value, Mapping):
        item_hint = args[1] if len(args) == 2 else Any
        return {str(key): encode_typed(item, item_hint) for key, item in value.items()}
    raise TypeError(f"cannot send a {type(value).__name__}")


def decode_typed(data: Any, hint: Any) -> Any:
    """The value of type `hint` that `encode_typed` wrote as `data` (WireError when it does not fit)."""
    if hint is Any or hint is object:
        return decode_any(data)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return decode_typed(data, inner[0] if len(inner) == 1 else Any)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass(data, hint, {})
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        hints = _hints(hint)
        items = _list(data)
        if len(items) != len(hint._fields):
            raise WireError(f"{hint.__name__} expects {len(hint._fields)} values")
        return hint(*(decode_typed(item, hints[name]) for name, item in zip(hint._fields, items)))
    if hint is Message:
        return decode_message(data)
    if hint in (bool, str):
        if type(data) is not hint:
            raise WireError(f"expected {hint.__name__}, got {type(data).__name__}")
        return data
    if hint is int:
        if type(data) is not int:
            raise WireError(f"expected a whole number, got {type(data).__name__}")
        return data
    if hint is float:
        if type(data) not in (int, float):
            raise WireError(f"expected a number, got {type(data).__name__}")
        return data
    if origin in (tuple, list):
        items = _list(data)
        if len(args) == 2 and args[1] is Ellipsis or origin is list:
            hints = args[:1] * len(items)
        else:
            hints = args
            if len(items) != len(hints):
                raise WireError(f"expected {len(hints)} values, got {len(items)}")
        values = [decode_typed(item, item_hint) for item, item_hint in zip(items, hints)]
        return values if origin is list else tuple(values)
    if origin in (Mapping, dict, typing.Mapping) or hint in (Mapping, dict) or \
            (origin is not None and isinstance(origin, type) and issubclass(origin, Mapping)):
        if not isinstance(data, dict):
            raise WireError("expected an object")
        item_hint = args[1] if len(args) == 2 else Any
        return MappingProxyType({key: decode_typed(item, item_hint) for key, item in data.items()})
    if hint is type(None):
        if data is not None:
            raise WireError("expected nothing (null)")
        return None
    raise WireError(f"cannot read a {hint!r}")


def _decode_dataclass(data: Any, cls: type, content: Mapping[str, Any]) -> Any:
    if not isinstance(data, dict):
        raise WireError(f"{cls.__name__} must be an object")
    hints = _hints(cls)
    skipped = CONTENT_FIELDS.get(cls.__name__, ())
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = set(data) - set(names)
    if unknown:
        raise WireError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    values = {}
    for name in names:
        if name in skipped:
            if name in content:
                values[name] = content[name]
            continue
        if name not in data:
            raise WireError(f"{cls.__name__} is missing {name!r}")
        values[name] = decode_typed(data[name], hints[name])
    try:
        return cls(**values)
    except TypeError as exc:
        raise WireError(f"{cls.__name__}: {exc}") from None


def encode_view(view: Any) -> dict[str, Any]:
    """A seat's view as JSON (its content fields left out)."""
    return encode_typed(view, type(view))


def decode_view(data: Any, view_class: type, content_view: Any = None) -> Any:
    """The view `encode_view` wrote; content fields are taken from `content_view` (a view of the guest's
    own, of the same game and options)."""
    content = {name: getattr(content_view, name) for name in CONTENT_FIELDS.get(view_class.__name__, ())
               if content_view is not None}
    return _decode_dataclass(data, view_class, content)


def encode_event(event: Event) -> dict[str, Any]:
    """An event as a seat may see it (the caller passes `event.for_seat(seat)`)."""
    data: dict[str, Any] = {"kind": event.kind}
    if event.seat is not None:
        data["seat"] = event.seat
    if event.data:
        data["data"] = encode_any(event.data)
    if event.secret:
        data["secret"] = encode_any(event.secret)
    if event.private_to is not None:
        data["private_to"] = event.private_to
    return data


def decode_event(data: Any) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise WireError("an event must be an object with a kind")
    seat = data.get("seat")
    private_to = data.get("private_to")
    for value in (seat, private_to):
        if value is not None and type(value) is not int:
            raise WireError("an event's seat must be a whole number")
    payload, secret = decode_any(data.get("data") or {}), decode_any(data.get("secret") or {})
    if not isinstance(payload, dict) or not isinstance(secret, dict):
        raise WireError("an event's data must be an object")
    return Event(data["kind"], seat, payload, secret, private_to)


def _list(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise WireError("expected a list")
    return data


def _str(data: Any) -> str:
    if not isinstance(data, str):
        raise WireError("expected a text")
    return data
