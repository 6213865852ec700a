"""The table kit's parts on their own: the reaction window, seating by waiting_for, chance applied by
the table, and results shown from the shared round_ended / game_ended events."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from dataclasses import dataclass, field

import pygame
import pytest

from game.core.actions import Action
from game.core.engine import CHANCE
from game.core.events import Event
from scenes.screens.results import ResultsOverlay
from scenes.table.reaction import ReactionWindow
from scenes.table.seating import apply_due_chance, bottom_seat_for, waited_for
from tests.scenes.test_zeus_table import _rest_of_deck, make_app, open_table, run  # noqa: F401  (fixture)


# ----- the reaction window ------------------------------------------------------------------------------
def _window(length: float = 2.0, not_offered=frozenset({1})) -> ReactionWindow:
    return ReactionWindow(Action.of("sneak", "7"), "Sneak 7!", length, key=(0, 3), not_offered=not_offered,
                          hotkey=pygame.K_s)


def test_the_reaction_control_is_offered_to_every_human_not_waited_for_but_the_cards_player():
    window = _window()
    assert window.offered_to(humans=(0, 1, 2, 3), waited_for=(2,)) == [0, 3]
    assert window.offered_to(humans=(0,), waited_for=(0,)) == []


def test_with_several_humans_each_control_names_its_seat_and_no_hotkey_is_shared():
    pygame.init()
    window = _window()
    pressed = []
    rect = pygame.Rect(10, 10, 200, 30)
    several = window.buttons([0, 3], ["Ann", "Zoe", "Bob", "Cleo"], rect, 4, pressed.append, several_humans=True)
    assert [(seat, b.label) for seat, b in several] == [(0, "Sneak 7! (Ann)"), (3, "Sneak 7! (Cleo)")]
    assert several[1][1].rect.top == rect.top + rect.height + 4
    assert all(b.hotkey is None for _, b in several)
    several[1][1].on_click()
    assert pressed == [3]
    [(seat, alone)] = window.buttons([0], ["Ann"], rect, 4, pressed.append, several_humans=False)
    assert alone.label == "Sneak 7!" and alone.hotkey == pygame.K_s


def test_the_reaction_window_closes_once_its_time_is_up():
    window = _window(length=0.5)
    assert window.open and not window.tick(0.3)
    assert window.tick(0.3) and not window.open
    assert not window.tick(0.3)            # it reports closing only once


def test_ai_seats_react_partway_through_the_window():
    window = _window(length=2.0)
    rng = random.Random(4)
    delays = [window.ai_delay(rng) for _ in range(200)]
    assert all(0.5 <= d <= 1.4 for d in delays)
    assert window.concerns([Action.of("play", "7"), Action.of("sneak", "7")])
    assert not window.concerns([Action.of("draw")])


# ----- seating and chance ---------------------------------------------------------------------------------
@dataclass
class FakeState:
    """Just what seating and chance read: who is waited for, and chance actions to make."""

    waiting: list[tuple[int, ...]]
    finished: bool = False
    game_id: str = "fake"
    applied: list[tuple[int, str]] = field(default_factory=list)

    def waiting_for(self) -> tuple[int, ...]:
        return self.waiting[0]

    def to_act(self) -> tuple[int, ...]:
        return self.waiting[0]

    def is_reaction(self, seat: int) -> bool:
        return False

    def chance_action(self) -> Action | None:
        return Action.of("reshuffle") if CHANCE in self.waiting[0] else None


@dataclass
class FakeSession:
    state: FakeState

    def apply(self, seat: int, action: Action) -> list[Event]:
        self.state.applied.append((seat, str(action)))
        self.state.waiting.pop(0)
        return [Event("reshuffled", None, {"n": len(self.state.applied)})]


def test_the_bottom_seat_is_a_human_the_game_waits_for():
    assert bottom_seat_for(FakeState([(1, 3)]), humans=(0, 3), bottom=0) == 3
    assert bottom_seat_for(FakeState([(0, 3)]), humans=(0, 3), bottom=3) == 3    # several: stay put
    assert bottom_seat_for(FakeState([(0, 3)]), humans=(0, 3), bottom=0) == 0
    assert bottom_seat_for(FakeState([(1, 2)]), humans=(0, 3), bottom=3) == 3    # no human waited for
    assert bottom_seat_for(FakeState([(CHANCE,)]), humans=(0, 3), bottom=0) == 0
    assert bottom_seat_for(FakeState([(3,)], finished=True), humans=(0, 3), bottom=0) == 0
    assert waited_for(FakeState([(CHANCE,)])) == () and waited_for(FakeState([(2, 1)])) == (2, 1)


def test_chance_is_applied_through_the_session_until_a_player_is_waited_for():
    state = FakeState([(CHANCE,), (CHANCE,), (1,)])
    events, actions = apply_due_chance(FakeSession(state))
    assert state.applied == [(CHANCE, "reshuffle"), (CHANCE, "reshuffle")]
    assert [e["n"] for e in events] == [1, 2] and [str(a) for a in actions] == ["reshuffle", "reshuffle"]
    assert apply_due_chance(FakeSession(FakeState([(0,)]))) == ([], [])


def test_a_game_that_waits_for_chance_but_makes_no_chance_action_is_an_error():
    class Broken(FakeState):
        def chance_action(self) -> Action | None:
            return None

    with pytest.raises(RuntimeError, match="no chance action"):
        apply_due_chance(FakeSession(Broken([(CHANCE,)])))


def test_the_table_applies_due_chance_itself_without_asking_an_agent(make_app, monkeypatch):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene.idle)
    due = [True]
    applied = []
    state = scene.state
    real_waiting_for = state.waiting_for
    monkeypatch.setattr(state, "waiting_for", lambda: (CHANCE,) if due else real_waiting_for())
    monkeypatch.setattr(state, "chance_action", lambda: Action.of("reshuffle"))

    def apply(seat, action):
        applied.append((seat, str(action)))
        due.clear()
        return []

    monkeypatch.setattr(scene.session, "apply", apply)
    asked = []
    monkeypatch.setattr(scene.ai, "request", lambda seat, *a, **k: asked.append(seat))
    run(app, 1)
    assert applied == [(CHANCE, "reshuffle")] and asked == []
    run(app, 3)
    assert applied == [(CHANCE, "reshuffle")]       # applied once; the game goes on from there


# ----- a reaction window at a real table, with several humans ---------------------------------------------------
def test_a_reaction_window_is_offered_to_every_human_alike_and_closes(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=0.0, sneak_window_s=1.0)
    hands = [["2", "3", "4", "6"], ["5", "5", "7", "8"], ["9", "9", "10", "1"], ["2", "6", "9", "10"]]
    setup = {"dealer": 0, "first": 1, "hands": hands, "draw_pile": _rest_of_deck(hands)}
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "human"), ("Cleo", "human")],
                       setups=[setup])
    run(app, 600, until=lambda: bool(scene.reaction_buttons))
    # Zoe played a number; Bob is waited for: Ann and Cleo are offered the sneak, whatever they hold.
    assert [(seat, b.label) for seat, b in scene.reaction_buttons] == [
        (0, f"Sneak {scene.sneak_number}! (Ann)"), (3, f"Sneak {scene.sneak_number}! (Cleo)")]
    run(app, 120, until=lambda: not scene.reaction_buttons)
    assert not scene.reaction_buttons and not scene.reaction.open


# ----- results from the shared events ---------------------------------------------------------------------------
def test_results_are_shown_by_default_from_round_ended_and_game_ended(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene.idle)
    scene.events.append(Event("round_ended", None, {"round": 0, "score": [0, 1], "totals": [0, 1]}))
    run(app, 5, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    overlay = app.stack.top
    assert isinstance(overlay, ResultsOverlay) and overlay.title == "Round 1 is over"
    assert overlay.rows == [("Ann", "0"), ("Zoe", "+1   1")]
    assert [label for label, _ in overlay.button_specs] == ["Next round", "Look at the table"]
    overlay.choose(0)
    app.stack.apply_pending()
    scene.events.append(Event("round_ended", None, {"round": 1, "score": [1, 0], "totals": [1, 1]}))
    scene.events.append(Event("game_ended", None, {"winners": [0], "totals": [1, 1]}))
    run(app, 5, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    overlay = app.stack.top
    assert overlay.title == "The game is over" and "Winner: Ann." in overlay.subtitle    # one dialog, the game's
    assert ("Round 2 is over", "") in overlay.rows          # with the last round's breakdown under its heading


def test_with_several_seats_waited_for_every_ai_seat_is_asked_at_once_and_the_human_keeps_the_seat(make_app,
                                                                                                  monkeypatch):
    app = make_app(animation_speed="instant", ai_delay_s=0.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy"), ("Bob", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene.idle)
    state = scene.state
    monkeypatch.setattr(state, "waiting_for", lambda: (0, 1, 2))     # a simultaneous decision
    monkeypatch.setattr(state, "to_act", lambda: (0, 1, 2))
    monkeypatch.setattr(state, "legal_actions", lambda seat: [Action.of("draw")])
    scene.ai.cancel()                             # forget whatever the real position had asked
    asked = []
    monkeypatch.setattr(scene.ai, "request", lambda seat, *a, **k: asked.append(seat))
    run(app, 1)
    assert sorted(asked) == [1, 2]                # both AI seats think at the same time; nobody waits on one
    assert scene.bottom == 0 and scene._human_may_act()


def test_the_games_own_result_words_are_used_once_then_the_default_returns(make_app):
    from scenes.table.telling import ResultWords

    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene.idle)
    ended = Event("round_ended", None, {"round": 0, "score": [0, 1], "totals": [0, 1]})
    scene.result_words = ResultWords("Zoe wins the round!", "Her own words.", [("Ann", "_"), ("Zoe", "Z")])
    assert scene._round_result(ended).title == "Zoe wins the round!"
    assert scene.result_words is None
    assert scene._round_result(ended).title == "Round 1 is over"


# ----- a face-up heap ------------------------------------------------------------------------------------------
def test_a_heap_keeps_each_card_on_its_spot_as_older_cards_slip_below():
    from scenes.table.piles import Heap, heap_spot
    from scenes.table.sprites import CardSprite
    from scenes.table.tween import TweenQueue

    heap = Heap(3, "pile")
    heap.show(["1", "2", "3", "4", "5"])
    assert [s.card_id for s in heap.cards] == ["3", "4", "5"] and heap.base == 2
    tweens = TweenQueue(lambda: 1.0)
    heap.lay_out((100, 100), 40, tweens, animate=False)
    spot_of_five = (heap.cards[-1].x, heap.cards[-1].y)
    assert spot_of_five == heap_spot((100, 100), 4, 40)[:2]
    heap.add(CardSprite("6", flip=1.0))
    heap.lay_out((100, 100), 40, tweens, animate=False)
    assert [s.card_id for s in heap.cards] == ["4", "5", "6"] and heap.base == 3
    assert (heap.cards[1].x, heap.cards[1].y) == spot_of_five          # "5" did not move
    assert heap.z_of(heap.cards[-1]) == 12
    assert heap.take_top().card_id == "6" and heap.keep_top()[0].card_id == "4"
    assert [s.card_id for s in heap.cards] == ["5"] and heap.base == 0
    heap.clear()
    assert heap.cards == [] and heap.take_top() is None


# ----- the controls area ----------------------------------------------------------------------------------------
def test_the_games_buttons_in_the_controls_area_are_drawn_and_pressed_by_the_kit(make_app):
    from scenes.ui.widgets import Button

    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene.idle)
    pressed = []
    area = scene.layout.controls_rect
    scene.seat_buttons = [Button(pygame.Rect(area.left, area.top, area.width, 30), "Knock", lambda: pressed.append(1))]
    drawn = []
    scene.seat_buttons[0].draw = lambda surface: drawn.append(surface)
    screen = pygame.Surface(app.size)
    scene.draw(screen)
    assert drawn == [screen]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        assert scene.handle_event(pygame.event.Event(kind, button=1, pos=(area.centerx, area.top + 15)))
    assert pressed == [1]


# ----- name plates ----------------------------------------------------------------------------------------------
def test_a_name_plate_keeps_the_games_words_at_its_right_and_drops_the_role_before_the_name(monkeypatch):
    import scenes.table.plates as plates

    pygame.init()
    drawn: list[tuple[str, tuple[int, int]]] = []
    monkeypatch.setattr(plates, "blit_text", lambda surface, text, pos, *a, **k: drawn.append((text, pos))
                        or pygame.Rect(pos, (1, 1)))
    surface = pygame.Surface((400, 100))
    plate = pygame.Rect(10, 10, 200, 30)
    plates.draw_name_plate(surface, plate, "Ann", " (you)", "Z E _ _")
    assert drawn[0][0] == "Ann (you)" and drawn[1] == ("Z E _ _", (plate.right - 7, plate.centery))
    drawn.clear()
    narrow = pygame.Rect(10, 10, 150, 30)
    grown = plates.draw_name_plate(surface, narrow, "Annabelle", " (your cards)", "TAMOUL!  12 pts")
    assert grown.width == 200                       # grown by the most it may (a third), then the name yields
    assert drawn[0][0].startswith("An") and drawn[0][0].endswith("…") and "(your cards)" not in drawn[0][0]
    drawn.clear()
    plates.draw_name_plate(surface, plate, "Ann", "", "ready", stripe=(230, 184, 60))
    assert drawn[0][1][0] > plate.left + 7          # the name starts after the team's stripe
    assert surface.get_at((plate.left + 2, plate.centery))[:3] == (230, 184, 60)


def test_a_deal_shows_the_viewers_own_cards_and_backs_for_everyone_else(make_app):
    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene.idle)
    assert scene.viewer == 0
    mine = Event("cards_dealt", 0, {"count": 2, "cards": ["7", "8"]})
    theirs = Event("cards_dealt", 1, {"count": 2})
    assert scene._dealt_cards(mine) == ["7", "8"] and scene._dealt_cards(theirs) == [None, None]


# ----- a reaction that needs a card picked ----------------------------------------------------------------------
def test_a_reaction_waiting_for_a_card_takes_its_seats_next_click_or_number_key(make_app, monkeypatch):
    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene._human_may_act())
    proposed = []
    monkeypatch.setattr(scene, "_apply", lambda seat, action: proposed.append((seat, str(action))) or "not now")
    hand = scene.hand_zones[0].cards
    scene._ask_reaction_pick(0, "sneak", "Ann: pick the card")
    assert scene.drag.notice.text == "Ann: pick the card"
    assert not scene._pick_for_reaction(1, "7")                   # not the seat that pressed
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))
    assert proposed == [(0, f"sneak {hand[1].card_id}")] and scene.reaction_pick is None
    assert scene.drag.notice.text == "Not now"                    # the refusal, said as a sentence
    scene._ask_reaction_pick(0, "sneak", "Ann: pick the card")
    assert scene._click_for_reaction(hand[0])
    assert proposed[-1] == (0, f"sneak {hand[0].card_id}")
    assert scene.drag.notice.pos[1] < hand[0].y                  # said just above the card clicked


def test_every_seat_zone_names_its_places_as_actions_do():
    from scenes.table.group_trays import GroupTrays
    from scenes.table.seat_zones import FannedHand, SlotGrid
    from scenes.table.sprites import CardSprite

    a, b = CardSprite("7"), CardSprite("9")
    hand = FannedHand(0, 1.1, lambda area: (area.hand_centre, area.hand_width))
    hand.cards = [a, b]
    assert (hand.place_of(b), hand.place_at(0), hand.place_at(2)) == ("9", "7", None)
    grid = SlotGrid(0)
    grid.put(3, a)
    assert (grid.place_of(a), grid.place_of(b), grid.place_at(5), grid.place_at(8)) == ("3", None, "5", None)
    trays = GroupTrays(0, lambda area: area.rect)
    trays.set_groups([[a], [b]])
    assert (trays.place_of(b), trays.place_at(1), trays.place_at(2)) == ("1", "1", None)


def test_a_drop_while_the_last_move_is_still_shown_is_refused_before_the_game_sees_it(make_app, monkeypatch):
    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene._human_may_act())
    seen = []
    monkeypatch.setattr(scene, "_drop", lambda cards, zone: seen.append((cards, zone)))
    card = scene.hands[0][0]
    scene.hold = 1.0                                  # a moment of the last move still to be shown
    assert not scene.drag.play([card], "olympus") and seen == []
    assert "still being shown" in scene.drag.notice.text
    scene.hold = 0.0
    scene.drag.play([card], "olympus")
    assert seen == [((card.card_id,), "olympus")]


def test_the_games_controls_are_placed_again_when_what_they_depend_on_changes(make_app, monkeypatch):
    app = make_app(animation_speed="instant", ai_delay_s=5.0)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"sneak": False})
    run(app, 600, until=lambda: scene._human_may_act())
    state = ["a"]
    placed = []
    monkeypatch.setattr(scene, "_controls_state", lambda: (state[0],))
    monkeypatch.setattr(scene, "_place_seat_controls", lambda top, height: placed.append(state[0]))
    run(app, 3)
    assert placed == ["a"]                        # once for the new state, not every frame
    state[0] = "b"
    run(app, 3)
    assert placed == ["a", "b"]
