"""A registry of power types: YAML names a power `{type: <name>, params: {...}}`; code implements it.

Each game keeps one `PowerRegistry`. A handler is registered with the parameters it accepts, so
content is validated at load time (unknown type, missing or mistyped parameter -> ContentError).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

from game.core.content import Node

PARAM_KINDS: dict[str, Callable[[Node], Any]] = {
    "int": lambda node: node.expect_int(),
    "bool": lambda node: node.expect_bool(),
    "str": lambda node: node.expect_str(),
}


@dataclass(frozen=True)
class PowerSpec:
    """A power as content declares it: the behaviour `type` and its parameters."""

    type: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))


@dataclass(frozen=True)
class PowerType:
    name: str
    handler: Callable[..., Any]
    params: Mapping[str, str]  # parameter name -> kind ("int", "bool", "str")
    optional: frozenset[str] = frozenset()


class PowerRegistry:
    """Maps power type names to handlers for one game."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._types: dict[str, PowerType] = {}

    def register(self, name: str, params: Mapping[str, str] | None = None, optional: set[str] | None = None
                 ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
            if name in self._types:
                raise ValueError(f"power type {name!r} registered twice for {self.game_id}")
            self._types[name] = PowerType(name, fn, dict(params or {}), frozenset(optional or ()))
            return fn
        return decorate

    @property
    def type_names(self) -> tuple[str, ...]:
        return tuple(sorted(self._types))

    def handler(self, name: str) -> Callable[..., Any]:
        return self._types[name].handler

    def read(self, node: Node) -> PowerSpec:
        """Validate `{type: …, params: {…}}` from content into a PowerSpec."""
        node.check_keys({"type", "params"})
        type_node = node.get("type")
        name = type_node.expect_str()
        if name not in self._types:
            raise type_node.fail(f"a power type of {self.game_id} ({', '.join(self.type_names)})", name)
        kind = self._types[name]
        params_node = node.get("params", required=False)
        given = dict(params_node.items()) if params_node.value is not None else {}
        params: dict[str, Any] = {}
        for pname, pkind in kind.params.items():
            if pname not in given:
                if pname in kind.optional:
                    continue
                raise (params_node if params_node.value is not None else node).fail(
                    f"parameter '{pname}' ({pkind}) for power type {name}")
            params[pname] = PARAM_KINDS[pkind](given.pop(pname))
        if given:
            extra = next(iter(given.values()))
            raise extra.fail(f"only the parameters {', '.join(kind.params) or '(none)'} for power type {name}",
                             extra.key.rsplit('.', 1)[-1])
        return PowerSpec(name, params)
