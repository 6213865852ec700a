"""Events are made cheaply (a slotted class) but still behave as the frozen values they were."""
from __future__ import annotations

import copy
import pickle

import pytest

from game.core.events import Event


def test_an_event_cannot_change_and_compares_by_value() -> None:
    given = {"card": "7"}
    event = Event("card_drawn", 1, {"draw_pile_size": 3}, given, private_to=1)
    given["card"] = "8"  # the event keeps its own copy
    assert event["card"] == "7" and event.get("draw_pile_size") == 3
    with pytest.raises(AttributeError):
        event.kind = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        event.data["card"] = "9"  # type: ignore[index]
    assert event == Event("card_drawn", 1, {"draw_pile_size": 3}, {"card": "7"}, 1)
    assert event != Event("card_drawn", 0, {"draw_pile_size": 3}, {"card": "7"}, 1)
    assert copy.deepcopy(event) is event and pickle.loads(pickle.dumps(event)) == event
    assert event.for_seat(0).secret == {} and event.for_seat(1) is event
