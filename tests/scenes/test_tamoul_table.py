"""The Tamoul table: a whole game played through its input, every move by posted mouse and key events,
refusals with the engine's reason, interception by any human seat, pass-and-play and the memory aid."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.session import GameSession
from game.tamoul import load_game
from scenes.app import App
from scenes.screens.handoff import HandoffOverlay
from scenes.screens.results import ResultsOverlay
from scenes.table.drag import sentence
from scenes.tamoul.table import TamoulTableScene
from tests.scenes.table_driving import DT, app_fixture, key, open_session, run, show

FAST = {"reaction_ms": 300}


make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


def deal(rows: list[list[str]], draw_top: list[str], first: int = 0) -> dict:
    """A recorded deal: `rows` in slots 0-3, `draw_top` on top of the draw pile, the rest below it."""
    deck = list(load_game().content.cards)
    used = [c for row in rows for c in row] + draw_top
    rest = [c for c in deck if c not in used]
    return {"first": first, "slots": [row + [None] * 4 for row in rows], "draw_pile": draw_top + rest}


def open_table(app: App, seats: list[tuple[str, str]], seed: int = 3, options=None, setups=()) -> TamoulTableScene:
    session = open_session(load_game(), seats, seed, {**FAST, **(options or {})}, setups)
    return show(app, TamoulTableScene(app, session))


def actions(scene: TamoulTableScene) -> list[list]:
    return scene.state.rounds[-1].actions


def last_action(scene: TamoulTableScene) -> str:
    return " ".join(str(part) for part in actions(scene)[-1][1:]) if actions(scene) else ""


def click(app: App, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(DT)


def drag(app: App, start, end, steps: int = 6) -> None:
    start, end = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(DT)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        app.frame(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(DT)


def slot_pos(scene: TamoulTableScene, seat: int, slot: int) -> tuple[int, int]:
    sprite = scene.grids[seat].slots[slot]
    assert sprite is not None, f"seat {seat} slot {slot} is empty on screen"
    return int(sprite.x), int(sprite.y)


def discard_pos(scene: TamoulTableScene) -> tuple[int, int]:
    return scene._discard_centre()


def wait_for_my_move(app: App, scene: TamoulTableScene, frames: int = 3000) -> None:
    """Run until the human at the bottom may move and no interception window is running."""
    run(app, frames, until=lambda: app.stack.top is scene and scene._my_turn() and not scene._reaction_open())
    assert scene._my_turn(), "the human never got the turn"


def close_results(app: App) -> None:
    while isinstance(app.stack.top, ResultsOverlay):
        app.stack.top.choose(0)
        app.stack.apply_pending()
        app.frame(DT)


# ----- a whole game --------------------------------------------------------------------------------------
def human_move(app: App, scene: TamoulTableScene) -> None:
    """One human decision, by the keys and clicks a person would use."""
    view = scene.state.view(0)
    if view.phase == "draw":
        key(app, pygame.K_d)
    elif view.phase == "hold":
        key(app, pygame.K_x)
    elif view.phase == "action":
        step = view.pending[0]
        if step == "peek_own":
            slot = next(s for s, c in enumerate(view.board[0]) if c is not None)
            key(app, pygame.K_1 + slot)
        elif step == "peek_other":
            slot = next(s for s, c in enumerate(view.board[1]) if c is not None)
            click(app, slot_pos(scene, 1, slot))
        else:
            mine = next(s for s, c in enumerate(view.board[0]) if c is not None)
            theirs = next(s for s, c in enumerate(view.board[1]) if c is not None)
            click(app, slot_pos(scene, 0, mine))
            click(app, slot_pos(scene, 1, theirs))
    else:
        key(app, pygame.K_c)     # call at once: a wrong call costs 25, so the game ends quickly


def test_a_whole_two_player_game_is_played_to_the_end_through_the_table(make_app):
    app = make_app(size=(1024, 640))
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:normal")], seed=5)
    state = scene.state
    for _ in range(400):
        run(app, 3000, until=lambda: state.finished or isinstance(app.stack.top, ResultsOverlay)
            or (scene._my_turn() and not scene._reaction_open()))
        if isinstance(app.stack.top, ResultsOverlay):
            if state.finished:
                break
            close_results(app)
            continue
        if state.finished:
            break
        before = len(actions(scene)) + len(state.rounds)
        human_move(app, scene)
        assert len(actions(scene)) + len(state.rounds) > before, scene.drag.notice
    assert state.finished and max(state.totals) >= state.target
    run(app, 600, until=lambda: isinstance(app.stack.top, ResultsOverlay))
    assert isinstance(app.stack.top, ResultsOverlay)
    assert any("calls Tamoul" in line for line in scene.log.lines)


def test_an_all_ai_table_plays_rounds_with_reshuffles_by_itself(make_app):
    app = make_app(size=(800, 500))
    scene = open_table(app, [("A", "ai:easy"), ("B", "ai:hard"), ("C", "ai:random")], seed=2,
                       options={"reaction_ms": 100})
    state = scene.state
    for _ in range(20):
        run(app, 4000, until=lambda: isinstance(app.stack.top, ResultsOverlay) or state.finished)
        if state.finished:
            break
        close_results(app)
        if len(state.rounds) >= 3:
            break
    assert len(state.rounds) >= 3 or state.finished
    actions_so_far = [a for r in state.rounds for a in r.actions]
    assert any(a[1].startswith("intercept") for a in actions_so_far)


def test_the_table_reshuffles_by_itself_with_a_shuffle_and_play_goes_on(make_app):
    """One card left to draw: chance reshuffles the discard pile as soon as it is drawn (A-11)."""
    app = make_app()
    game = load_game()
    start = game.new_state([SeatInfo("Ann", "ai:easy"), SeatInfo("Zoe", "ai:easy")], FAST, 3)
    position = start.position()
    pile = position["now"]["draw_pile"]
    position["now"]["discard"], position["now"]["draw_pile"] = pile[1:], pile[:1]
    scene = TamoulTableScene(app, GameSession(game, game.from_position(position)))
    app.stack.push(scene)
    app.stack.apply_pending()
    verbs = lambda: [a[1].split()[0] for a in scene.state.rounds[-1].actions]   # noqa: E731
    run(app, 2000, until=lambda: "reshuffle" in verbs())
    assert "reshuffle" in verbs()
    app.frame(DT)
    assert scene.shuffling > 0 and any("shuffled" in line for line in scene.log.lines)
    count = len(verbs())
    run(app, 600, until=lambda: len(verbs()) > count + 2)
    assert len(verbs()) > count + 2


# ----- each kind of move by mouse and keys --------------------------------------------------------------------
ANN = ["5D", "9S", "3C", "QH"]
ZOE = ["2S", "8H", "6C", "AD"]


def test_keeping_by_dragging_the_drawn_card_onto_a_slot(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["4H"])])
    wait_for_my_move(app, scene)
    click(app, scene._deck_centre())
    assert last_action(scene) == "draw deck"
    run(app, 120, until=lambda: scene.idle)
    assert scene.drawn is not None and scene.drawn.card_id == "4H"      # shown to its drawer
    drag(app, (scene.drawn.x, scene.drawn.y), slot_pos(scene, 0, 3))
    assert last_action(scene) == "keep 3"
    run(app, 120, until=lambda: scene.idle)
    assert scene.discard.cards[-1].card_id == "QH"


def test_keeping_by_clicking_the_drawn_card_then_a_slot(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["4H"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 120, until=lambda: scene.idle)
    click(app, (scene.drawn.x, scene.drawn.y))
    assert scene.drag.selected == [scene.drawn] and "0.1" in scene.drag.lit_zones
    click(app, slot_pos(scene, 0, 1))
    assert last_action(scene) == "keep 1"


def test_discarding_by_dragging_onto_the_pile_and_ending_by_key(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["4H", "2D"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 120, until=lambda: scene.idle)
    drag(app, (scene.drawn.x, scene.drawn.y), discard_pos(scene))
    assert last_action(scene) == "discard"
    key(app, pygame.K_e)
    assert last_action(scene) == "end"


def test_peeking_at_own_card_by_key_lifts_and_turns_it_for_the_looker_only(make_app):
    app = make_app(animation_speed="normal")
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["7S"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 200, until=lambda: scene.idle)
    key(app, pygame.K_1)
    assert last_action(scene) == "peek 0"
    run(app, 30)
    sprite = scene.grids[0].slots[0]
    assert sprite.card_id == "5D" and sprite.flip > 0.5 and (0, 0) in scene.looked_at
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_1, mod=0, unicode=""))    # the key let go
    run(app, 600, until=lambda: scene.idle and not scene.looks and not scene.tweens.busy)
    assert sprite.card_id is None and sprite.flip < 0.5          # back face down at rest


def test_peeking_at_another_players_card_by_click_shows_its_slot_but_not_its_face_to_a_watcher(make_app):
    app = make_app(animation_speed="normal")
    scene = open_table(app, [("Ann", "ai:easy"), ("Zoe", "human")],
                       setups=[deal([ZOE, ANN], ["9H"], first=1)])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 200, until=lambda: scene.idle)
    click(app, slot_pos(scene, 0, 2))
    assert last_action(scene) == "peek 0.2"
    run(app, 30)
    assert scene.grids[0].slots[2].card_id == "6C" and (0, 2) in scene.looked_at


def test_swapping_by_dragging_one_slot_onto_another_slides_both_cards(make_app):
    app = make_app(animation_speed="normal")
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["JS"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 200, until=lambda: scene.idle)
    mine, theirs = scene.grids[0].slots[1], scene.grids[1].slots[0]
    drag(app, slot_pos(scene, 0, 1), slot_pos(scene, 1, 0))
    assert last_action(scene) == "swap 0.1 1.0"
    run(app, 10)
    assert scene.grids[1].slots[0] is mine and scene.grids[0].slots[1] is theirs
    assert scene.tweens.moving(mine) and scene.tweens.moving(theirs)     # they slide across the table
    assert abs(theirs.y - theirs.home[1]) > 50      # the other card crosses the table to where the dragged one was
    assert scene.state.slots[1][0] == "9S"


def test_swapping_by_two_clicks(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["QS"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 60, until=lambda: scene.idle)
    click(app, slot_pos(scene, 1, 3))
    assert scene.swap_pick == (1, 3)
    click(app, slot_pos(scene, 1, 1))
    assert last_action(scene) == "swap 1.1 1.3"


def discard_a_five_of_hearts(app: App) -> TamoulTableScene:
    """Ann (holding 5D, 9S, 3C, QH) draws 5H and discards it: her own discard, open to interception."""
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["5H", "KC"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 60, until=lambda: scene.idle)
    return scene


def test_intercepting_by_drag_a_match_lands_on_the_pile(make_app):
    app = make_app()
    scene = discard_a_five_of_hearts(app)
    drag(app, slot_pos(scene, 0, 0), discard_pos(scene))
    assert last_action(scene) == "intercept 0" and scene.state.slots[0][0] is None
    run(app, 120, until=lambda: scene.idle)
    assert scene.discard.cards[-1].card_id == "5D" and scene.grids[0].slots[0] is None
    assert any("a match" in line for line in scene.log.lines)


def test_intercepting_with_a_miss_brings_a_penalty_card_and_the_grid_grows(make_app):
    app = make_app()
    scene = discard_a_five_of_hearts(app)
    click(app, slot_pos(scene, 0, 1))                     # click the card, then the pile
    click(app, discard_pos(scene))
    assert last_action(scene) == "intercept 1"
    run(app, 300, until=lambda: scene.idle)
    assert scene.state.slots[0][4] == "KC" and scene.grids[0].slots[4] is not None
    assert scene.grids[0].columns == 4
    assert any("no match" in line for line in scene.log.lines)
    drag(app, slot_pos(scene, 0, 0), discard_pos(scene))   # a second try on the same top card
    assert last_action(scene) == "intercept 1"
    assert "one attempt" in scene.drag.notice.text


def test_intercepting_from_the_keyboard_with_i_then_the_slot_number(make_app):
    app = make_app()
    scene = discard_a_five_of_hearts(app)
    assert scene._reaction_open()
    key(app, pygame.K_i)
    assert scene.reaction_pick == (0, "intercept")
    key(app, pygame.K_1)
    assert last_action(scene) == "intercept 0" and scene.state.slots[0][0] is None


def test_a_human_not_at_the_bottom_intercepts_with_the_window_control(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Bob", "human")],
                       setups=[deal([ANN, ["5H", "8H", "6C", "AD"]], ["5C"])])
    run(app, 200, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    app.stack.top.ready()
    app.stack.apply_pending()
    wait_for_my_move(app, scene)
    assert scene.bottom == 0
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)                                    # 5C on the pile: Bob may try
    run(app, 30, until=lambda: scene._reaction_open())
    offered = [seat for seat, _ in scene.reaction_buttons]
    assert offered == [1]
    button = scene.reaction_buttons[0][1]
    click(app, button.rect.center)
    assert scene.reaction_pick == (1, "intercept")
    click(app, slot_pos(scene, 1, 0))
    assert actions(scene)[-1][0] == 1 and last_action(scene) == "intercept 0"


def test_the_reaction_window_lasts_reaction_ms_and_holds_back_the_next_draw(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"reaction_ms": 1500},
                       setups=[deal([ANN, ZOE], ["2H"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 60, until=lambda: scene._reaction_open())
    assert scene.reaction.length == pytest.approx(1.5)
    key(app, pygame.K_e)
    run(app, 10)
    assert scene.state.turn == 1 and last_action(scene) == "end"     # Zoe waits for the window


def test_calling_tamoul_by_key_freezes_the_callers_cards(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["2H"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_c)
    assert last_action(scene) == "tamoul"
    run(app, 30)
    assert scene.callers == [0]
    assert "last turn" in scene._status() or scene.sums is not None


def test_a_refused_move_springs_back_with_the_engines_reason(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")],
                       setups=[deal([ANN, ZOE], ["4H", "2D"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_e)
    wait_for_my_move(app, scene)
    key(app, pygame.K_t)                                      # take the top discard: it must be kept
    run(app, 60, until=lambda: scene.idle)
    assert scene.state.phase == "hold" and scene.state.drawn_from == "discard"
    sprite = scene.drawn
    home = sprite.home
    before = len(actions(scene))
    drag(app, (sprite.x, sprite.y), discard_pos(scene))
    assert len(actions(scene)) == before
    reason = scene.state.why_illegal(0, Action("discard"))
    assert scene.drag.notice is not None and scene.drag.notice.text == sentence(reason)
    run(app, 60)
    assert (sprite.x, sprite.y) == pytest.approx(home[:2], abs=1)


def test_pass_and_play_hides_every_face_until_the_hand_off(make_app):
    app = make_app(animation_speed="normal")
    scene = open_table(app, [("Ann", "human"), ("Bob", "human")], setups=[deal([ANN, ZOE], ["4H"])])
    private = set(ANN + ZOE + ["4H"])
    for _ in range(200):
        app.frame(DT)
        scene.draw(app.screen)
        if isinstance(app.stack.top, HandoffOverlay):
            break
        assert not private & set(scene.renderer.drawn_faces)
    assert isinstance(app.stack.top, HandoffOverlay) and scene.viewer is None
    app.stack.top.ready()
    app.stack.apply_pending()
    seen: set[str] = set()
    for _ in range(60):
        app.frame(DT)
        scene.draw(app.screen)
        seen |= set(scene.renderer.drawn_faces)
    assert seen & private <= {"3C", "QH"}        # Ann's own first look, only after her hand-off
    assert {"3C", "QH"} <= seen


@pytest.mark.parametrize("aid", [False, True])
def test_memory_aid_marks_the_cards_the_human_has_seen(make_app, aid):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], options={"memory_aid": aid},
                       setups=[deal([ANN, ZOE], ["4H"])])
    wait_for_my_move(app, scene)
    assert scene.seen_marks() == ({(0, 2), (0, 3)} if aid else set())


@pytest.mark.parametrize("size,players", [((1280, 720), 2), ((800, 500), 6), ((800, 500), 3)])
def test_every_slot_and_pile_lies_inside_the_window_without_overlap(make_app, size, players):
    app = make_app(size=size)
    seats = [("Ann", "human")] + [(f"P{i}", "ai:easy") for i in range(1, players)]
    scene = open_table(app, seats)
    run(app, 200, until=lambda: scene.idle)
    bounds = pygame.Rect(0, 0, *size)
    rects = []
    for seat in range(players):
        grid = scene.grids[seat]
        grid.columns  # noqa: B018 - the 2x2 grid as dealt
        block = grid.slot_rect(0).unionall([grid.slot_rect(s) for s in range(4)])
        wide = block.union(block.move(block.width + 4, 0))          # room to grow to 8 slots
        assert bounds.contains(block), f"seat {seat} grid {block} is outside {bounds}"
        rects.append(block)
    piles = scene._pile_rect(scene._deck_centre()).union(scene._pile_rect(scene._held_centre()))
    assert bounds.contains(piles)
    for i, rect in enumerate(rects):
        assert not rect.colliderect(piles), f"seat {i} grid overlaps the piles"
        for other in rects[i + 1:]:
            assert not rect.colliderect(other)


def test_an_ai_intercepts_after_its_levels_reaction_time(make_app):
    """Zoe (hard) saw her 5D in the first look; Ann discards the 5H: Zoe is asked with a 0.4-1.0 s delay."""
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:hard")], options={"reaction_ms": 2000},
                       setups=[deal([["4C", "9S", "3C", "QH"], ["2S", "8H", "5C", "5D"]], ["5H"])])
    asked: list[tuple[int, float, bool]] = []
    request = scene.ai.request

    def spy(seat, agent, view, legal, rng, *, token, optional=False, delay=0.0):
        asked.append((seat, delay, optional))
        return request(seat, agent, view, legal, rng, token=token, optional=optional, delay=delay)

    scene.ai.request = spy
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 120, until=lambda: any(a[1].startswith("intercept") for a in actions(scene)))
    reactions = [delay for seat, delay, optional in asked if seat == 1 and optional]
    assert reactions and all(0.4 <= d <= 1.0 for d in reactions)
    assert actions(scene)[-1] == [1, "intercept 3"]


def test_the_rules_open_from_the_table_and_its_pause_menu(make_app):
    from scenes.screens.pause import PauseOverlay
    from scenes.screens.rules import RulesScene

    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")])
    run(app, 30)
    scene.open_rules()
    app.stack.apply_pending()
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game_id == "tamoul" and rules.blocks
    assert not rules.card_row_messages
    app.stack.pop()
    app.stack.apply_pending()
    key(app, pygame.K_ESCAPE)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, PauseOverlay)


def test_a_human_not_at_the_bottom_intercepts_by_dragging_their_own_card(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Bob", "human")],
                       setups=[deal([ANN, ["5H", "8H", "6C", "AD"]], ["5C"])])
    run(app, 200, until=lambda: isinstance(app.stack.top, HandoffOverlay))
    app.stack.top.ready()
    app.stack.apply_pending()
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)
    run(app, 30, until=lambda: scene._reaction_open())
    drag(app, slot_pos(scene, 1, 1), discard_pos(scene))      # Bob's 8H on the 5C: a miss, shown to all
    assert actions(scene)[-1] == [1, "intercept 1"]
    run(app, 300, until=lambda: scene.idle)
    assert scene.state.slots[1][4] is not None and scene.bottom == 0


def test_a_resized_window_lays_every_grid_out_again_inside_it(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human")] + [(f"P{i}", "ai:easy") for i in range(1, 6)])
    run(app, 200, until=lambda: scene.idle)
    scene.resize((800, 500))
    bounds = pygame.Rect(0, 0, 800, 500)
    for seat, grid in scene.grids.items():
        for sprite in grid.sprites():
            assert bounds.contains(sprite.rect()), (seat, sprite.rect())
    assert bounds.contains(scene._pile_rect(scene._held_centre()))


def test_a_card_thrown_away_flies_to_the_discard_pile_from_where_it_was(make_app):
    """A discarded card leaves its slot or the hand and glides onto the pile, it does not jump there."""
    from scenes.table.sprites import CardSprite

    app = make_app(animation_speed="normal")
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:normal")])
    run(app, 120)
    start = (40.0, 40.0)
    sprite = CardSprite(None, x=start[0], y=start[1])
    scene._to_discard(sprite, "5H")
    assert (sprite.x, sprite.y) == pytest.approx(start)
    run(app, 3)
    assert (sprite.x, sprite.y) != pytest.approx(start) and (sprite.x, sprite.y) != pytest.approx(sprite.home[:2])
    run(app, 60)
    assert (sprite.x, sprite.y) == pytest.approx(sprite.home[:2])


def test_the_hint_says_every_kind_of_move_in_words_not_in_record_notation(make_app):
    app = make_app()
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:normal")])
    moves = [Action("draw", ("deck",)), Action("draw", ("discard",)), Action("keep", ("2",)), Action("discard"),
             Action("end"), Action("tamoul"), Action("intercept", ("1",)), Action("peek", ("3",)),
             Action("peek", ("1.0",)), Action("swap", ("0.1", "1.2"))]
    words = [scene._hint_reason(move) for move in moves]
    assert len(set(words)) == len(words)
    for move, text in zip(moves, words):
        assert text.startswith("the Normal AI would ") and (not move.args or str(move) not in text) and "." not in text, text
    assert words[-1] == "the Normal AI would swap your card 2 with Zoe's card 3"
