"""The Elios table: group your beams into trays, then place the groups on the sun (rules/elios.md).

How it works (DESIGN.md, "Scenes and the table"; the kit's parts in scenes/table/):
- The sun is drawn from above in the middle: the disc tower with its level, a gold ring at the disc
  level (no stack may grow past it) and the eight stacks radiating out, each with its colour's
  symbol and its height at the outer end. Each stack is a wedge drop zone (`zones.wedge`).
- Every seat holds `GroupTrays` (scenes/table/group_trays.py): one tray per group. While grouping,
  your beams start in a suggested grouping; drag a beam onto another tray or the empty tray to
  regroup. Each tray says what is wrong with it as you go (the engine's `group_problem`), and
  Ready sends `groups …` (refused with the engine's reason while anything is wrong). Another
  seat's grouping stays hidden until the engine reveals it: its beams lie in one row, marked
  "grouping…" or "ready". AI seats are asked at once (the kit asks every waited-for AI seat).
- Placing: drag a tray (press anywhere on it) onto the sun; every stack some placement of the
  group uses lights up. Dropping decides the stack of the beam under the pointer; when the joker
  still has a choice, the table asks for it: its stacks light up, and a click, a stack's number
  (1–8) or the arrows and Enter choose one (the focus ring goes round the stack the arrows reach,
  and speech names it). A click on a tray then on a stack does the same; Left/Right choose a
  tray, 1–8 a stack.
- Add disc and Split are buttons (D, S). Split: press Split, then drag a beam onto the empty tray
  (or drop a whole tray there: the beam you hold leaves it).
- Plates show team colours (4 players: seats 0+2 against 1+3), whose turn it is (every seat still
  grouping wears the ring during the grouping), beams left, "out" and skipped players; the log
  names every move; the results say who won, or why a stalemate ended the game.
- Pass-and-play: grouping humans take turns behind the hand-off screen ("Each player arranges their
  groups in secret"); an unconfirmed grouping is kept for its owner only (`drafts`), never drawn for
  anyone else. Placing is open information, so placing turns need no hand-off.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.core.session import GameSession
from game.elios.grouping import SEPARATOR, THIS_GROUP, group_problem, grouping_text, largest_groups
from game.elios.view import EliosView
from scenes.ui import theme
from scenes.elios.art import SunGeometry, SunLayer, beam_art, colour_table, polar, ring_sector, stack_angle
from scenes.table.base import TableScene
from scenes.table.table_help import LookBack
from scenes.table.telling import ResultWords
from scenes.table.group_trays import NEW_TRAY, GroupTrays, TrayDrag
from scenes.table.layout import SeatArea
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.table_focus import LEFT_KEYS, PRESS_KEYS, RIGHT_KEYS, TableCard, TableItem, TableSpot
from scenes.table.text import blit_text
from scenes.table.zones import CircleShape, DropZone, wedge
from scenes.ui.widgets import Button, ellipsize
from game.elios.terms import colour_before_noun, colour_on_its_own
from scenes.ui.i18n import N_, _, join_names, ngettext, translate_message

if TYPE_CHECKING:
    from scenes.scene import AppServices

GAME_ID = "elios"
TEAM_COLOURS = ((230, 184, 60), (40, 96, 200))     # team A gold, team B blue: a clear lightness step for every colour vision (tests/scenes/test_a11y_contrast.py)
TEAM_NAMES = (N_("Team A"), N_("Team B"))
ASK_JOKER = "joker"      # the pseudo-zone of a lone joker played without aiming: the table asks where
ASK_TRAY = "tray"        # the pseudo-zone of a beam played without aiming while grouping: the table says how
TOWER = "tower"          # the disc tower in the sun's middle: a group dropped there goes where Enter would put it
STACK_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 9)}


@dataclass(frozen=True)
class PendingChoice:
    """A group dropped where its joker still has several stacks: the placements left to choose from."""

    group: int
    joker_index: int
    placements: tuple[tuple[int, ...], ...]

    def stacks(self) -> frozenset[int]:
        return frozenset(p[self.joker_index] for p in self.placements)


@dataclass
class Pulse:
    """A ring spreading from the disc tower when a disc is added (tweened from 1 to 0)."""

    value: float = 0.0


LAST_MARK = (255, 250, 235)     # the outline on the beams another player placed last


class EliosTableScene(TableScene):
    GAME_ID = GAME_ID
    RNG_NAME = "elios-table"
    RESULTS_DELAY = 0.7
    HINT_SIZE = 15
    LOOK_BACK_LABEL = N_("Last moves")

    def __init__(self, app: "AppServices", session: GameSession) -> None:
        super().__init__(app, session)
        self.content = self.game.content
        self.colours = colour_table(self.content)
        self.sun_letters = self.content.sun_order
        self.joker = self.content.joker.id
        self.art = beam_art(self.content)
        self.renderer = SpriteRenderer(self.art)
        self.drag = TrayDrag(self.tweens, legal_zones=self._legal_zones, drop=self._drop_when_allowed, carry=self._carry,
                             default_zone=self._default_zone, tiles_at=self._tray_tiles_at)
        self.trays: dict[int, GroupTrays] = {
            s: GroupTrays(s, self._tray_region) for s in range(self.count)}
        self.drafts: dict[int, tuple[str, ...]] = {}     # a human's unconfirmed grouping, kept for them only
        self.stacks: list[str] = []
        self.discs = 0
        self.choice: PendingChoice | None = None
        self.choice_focused = False     # the choice put the keyboard focus on its stacks (it gives it back)
        self.split_mode = False
        self.skipped: set[int] = set()
        self.flying_beams: list[CardSprite] = []
        self.disc_pulse = Pulse()
        self.sun_layer = SunLayer()     # the sun's shapes, painted again only when it changes
        self.recent_places: list[tuple[int, list[str]]] = []     # the last placements, for "Last moves" (L)
        self.last_placed: list[tuple[int, int]] = []       # (stack, height) of another seat's last placement
        self._start()

    # ----- what the table shows ------------------------------------------------------------------------
    def _log_where_we_are(self) -> None:
        view = self.state.view(None)
        if view.phase == "grouping":
            self.log.add(_("The game goes on: the players are grouping their beams"))
        else:
            self.log.add(self._said(view.turn, _("The game goes on: disc level {discs}, {name} is to play"),
                                    _("The game goes on: disc level {discs}, {name} are to play"), discs=view.discs))

    def _sun_geometry(self) -> SunGeometry:
        """The sun fills the centre, clear of the "your turn" tag over the bottom plate."""
        lay = self.layout
        c = lay.centre
        plate = lay.seats[self.bottom].plate
        bottom = min(c.bottom, plate.top - int(plate.height * 0.8))
        radius = max(40, min(c.width, bottom - c.top) // 2 - lay.margin // 2)
        # The rings reach two levels past the discs (at least five): beams stay large while stacks are low.
        levels = min(self.content.max_discs, max(5, self.discs + 2))
        return SunGeometry((c.centerx, (c.top + bottom) // 2), radius, levels, len(self.sun_letters))

    def _tray_region(self, area: SeatArea) -> pygame.Rect:
        """Where a seat's trays lie: under its plate; a top seat may use the centre's width, a side seat
        the height down to the bottom strip."""
        lay = self.layout
        m = lay.margin
        top = area.plate.bottom + m // 2
        if area.side == "bottom":
            return pygame.Rect(area.rect.left, top, area.rect.width, area.rect.bottom - top - m // 2)
        if area.side == "top":
            width = max(area.rect.width, int(lay.centre.width * (0.62 if self.count == 2 else 0.9)))
            # Two seats at the top share the width between them: each keeps to its side of the midpoint.
            for other in lay.seats.values():
                if other.side == "top" and other.seat != area.seat:
                    width = min(width, 2 * (abs(other.rect.centerx - area.rect.centerx) // 2 - m // 2))
            return pygame.Rect(area.rect.centerx - width // 2, top, width, area.rect.bottom - top)
        bottom = self.help_row_top() if area.rect.left < lay.log_rect.right else lay.log_rect.top
        return pygame.Rect(area.rect.left, top, area.rect.width, bottom - m // 2 - top)

    def _lay_out_table(self) -> None:
        self._refresh_zones()

    def _seat_zone(self, seat: int) -> GroupTrays:
        return self.trays[seat]

    def _after_seat_laid_out(self, seat: int) -> None:
        """The bottom seat's beams may be picked up (the kit's), and the trays are drop zones again."""
        super()._after_seat_laid_out(seat)
        self._refresh_zones()

    def _refresh_zones(self) -> None:
        """The drop zones: the disc tower, a wedge per stack of the sun, then the bottom seat's trays."""
        g = self._sun_geometry()
        zones = [DropZone(TOWER, CircleShape(g.centre, g.tower))]
        for i in range(len(self.sun_letters)):
            a = stack_angle(i, g.stacks)
            zones.append(DropZone(f"stack.{i}", wedge(g.centre, g.tower, g.radius, a - 22.5, a + 22.5, steps=4)))
        self.drag.zones = zones + self.trays[self.bottom].drop_zones()

    # ----- the screen from the view -------------------------------------------------------------------------
    def _sync_table(self, view: EliosView) -> None:
        self.stacks = list(view.stacks)
        self.discs = view.discs
        self._end_choice()
        self.split_mode = False
        self._refresh_zones()

    def _shown_groups(self, view: EliosView, seat: int) -> tuple[tuple[str, ...], bool]:
        """What `seat`'s trays hold now and whether they are its groups (else one row of its beams)."""
        groups = view.groups[seat]
        if groups is not None:
            return tuple(groups), True
        if seat == view.seat and view.phase == "grouping" and seat not in view.confirmed:
            draft = self.drafts.get(seat)
            if draft is None or sorted("".join(draft)) != sorted(view.beams[seat]):
                draft = largest_groups(view.beams[seat])
                self.drafts[seat] = draft
            return draft, True
        return ("".join(view.beams[seat]),) if view.beams[seat] else (), False

    def _zone_from_view(self, seat: int, view: EliosView) -> None:
        """`seat`'s trays: its groups, the bottom human's draft while grouping, or one row of beams."""
        groups, grouped = self._shown_groups(view, seat)
        zone = self.trays[seat]
        own = seat == self.bottom and seat == self.viewer and seat in self.humans
        zone.own = own and grouped
        zone.spare = zone.own
        counts: dict[str, int] = {}
        trays = []
        for group in groups:
            tray = []
            for letter in group:
                counts[letter] = counts.get(letter, 0) + 1
                tray.append(CardSprite(f"{letter}{counts[letter]}", flip=1.0, tag="beam"))
            trays.append(tray)
        old = {s.card_id: s for s in zone.sprites()}
        for tray in trays:      # beams already on screen keep their place, so a regrouping glides
            for i, sprite in enumerate(tray):
                if sprite.card_id in old:
                    tray[i] = old.pop(sprite.card_id)
        zone.set_groups(trays)

    def _trays_glide_to_view(self, seat: int, view: EliosView) -> None:
        """`seat`'s trays from the view, gliding to their new places."""
        self._zone_from_view(seat, view)
        self._lay_out_seat(seat, animate=True)

    def _zone_matches_view(self, seat: int, view: EliosView) -> bool:
        """The trays hold the seat's groups (a draft being grouped: the same beams, in any grouping)."""
        groups, grouped = self._shown_groups(view, seat)
        shown = self.trays[seat].groups()
        if grouped and seat == view.seat and view.groups[seat] is None:
            return sorted("".join(shown)) == sorted("".join(groups))
        return shown == groups

    def _matches_view(self) -> bool:
        view = self._view()
        return self.stacks == list(view.stacks) and self.discs == view.discs and self._seat_zones_match(view)

    def _view_is_private(self, seat: int) -> bool:
        """Only a grouping is secret (E-5); once the groups are revealed every beam lies open, so
        placing turns pass from one player to the next with no hand-off screen."""
        return self.state.phase == "grouping"

    def _handoff_reason(self, seat: int) -> str:
        if self.state.phase == "grouping":
            return _("Each player arranges their groups in secret. Next: {name}.").format(name=self.names[seat])
        return super()._handoff_reason(seat)

    def _on_hand_hidden(self) -> None:
        """Pass-and-play: the grouping of the seat that just confirmed turns away with it."""
        self._seat_zones_from_view(self._view())

    # ----- controls -------------------------------------------------------------------------------------------
    def _human_may_act(self) -> bool:
        """Everyone groups at once: another seat's deal or "ready" being shown does not keep the trays and
        the Ready button from a player who has their beams (only their own deal still being shown does)."""
        if super()._human_may_act():
            return True
        return (self.state.phase == "grouping" and not self.replay_mode and self.bottom in self.humans
                and self.gate.may_show(self.bottom) and not self.overlay_open and not self.state.finished
                and all(e.kind in ("grouping_confirmed", "beams_drawn") and e.seat != self.bottom
                        for e in self.events))

    def _my_phase(self) -> str:
        """"grouping" / "placing" when the bottom seat may act now, else ""."""
        if not self._human_may_act() or self.bottom not in self._waiting():
            return ""
        return self.state.phase

    def _place_seat_controls(self, top: int, height: int) -> None:
        """Elios has no reaction window: its buttons start at the top of the controls area."""
        self._refresh_game_buttons()

    def _refresh_game_buttons(self) -> None:
        lay = self.layout
        area = lay.controls_rect
        h = max(26, int(lay.card_width * 0.36))
        gap = lay.margin
        phase = self._my_phase()
        self.seat_buttons = []
        rows: list[tuple[str, object, int | None, bool, str]] = []
        if phase == "grouping":
            rows = [(_("Ready (R)"), self.press_ready, pygame.K_r, True, "primary"),
                    (_("Suggest groups (G)"), self.press_suggest, pygame.K_g, True, "secondary")]
        elif phase == "placing":
            legal = self.state.legal_actions(self.bottom)
            can_split = any(a.verb == "split" for a in legal)
            rows = [(_("Add disc (D)"), self.press_disc, pygame.K_d, Action("disc") in legal, "secondary"),
                    (_("Stop splitting") if self.split_mode else _("Split (S)"), self.press_split, pygame.K_s,
                     can_split, "secondary")]
            if self.choice is not None:
                rows.append((_("Cancel (Esc)"), self.cancel_choice, None, True, "secondary"))
        y = area.top
        for label, action, key, enabled, style in rows:
            self.seat_buttons.append(Button(pygame.Rect(area.left, y, area.width, h), label, action,  # type: ignore[arg-type]
                                            enabled=enabled, hotkey=key, style=style))
            y += h + gap

    def _controls_state(self) -> tuple:
        """The buttons follow the phase, the joker's pending choice and Split."""
        return self._my_phase(), self.choice, self.split_mode

    def _handle_controls(self, event: pygame.event.Event) -> bool:
        """While the joker's stack is being chosen, a click on a stack of the sun."""
        if self.choice is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            zone = next((z for z in self.drag.zones if z.name.startswith("stack.") and z.contains(event.pos)), None)
            if zone is not None:
                self.choose_stack(int(zone.name.split(".")[1]))
                return True
        return False

    def _handle_keys(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._my_phase() == "grouping":
            return self._regroup_key(event.key)
        if event.type != pygame.KEYDOWN or self._my_phase() != "placing":
            return False
        if event.key == pygame.K_ESCAPE and (self.choice is not None or self.split_mode):
            self.cancel_choice()
            return True
        stack = STACK_KEYS.get(event.key)
        if stack is None:
            return False
        if self.choice is not None:
            self.choose_stack(stack)
            return True
        if self.drag.selected:
            self.drag.play(list(self.drag.selected), f"stack.{stack}")
            return True
        return False

    def _regroup_key(self, key: int) -> bool:
        """Grouping by keys: the arrows reach a beam, its new tray's number (0: the empty tray) moves it."""
        if not self.drag.selected or not (key == pygame.K_0 or key in STACK_KEYS):
            return False
        tray = NEW_TRAY if key == pygame.K_0 else STACK_KEYS[key]
        self.drag.play(list(self.drag.selected), f"{self.bottom}.tray.{tray}")
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        # Esc first ends a choice or split mode before it opens the menu.
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and (self.choice is not None or self.split_mode)):
            self.cancel_choice()
            return True
        if self.choice is not None and self._choice_key(event):
            self.stir()
            used = True
        else:
            asked = self.choice
            used = super().handle_event(event)
            if self.choice is not None and self.choice is not asked and event.type == pygame.KEYDOWN:
                self._focus_on_choice()     # asked by a key: the keys go straight to the stacks to choose from
        self._keep_choice_taken()
        return used

    def _keep_choice_taken(self) -> None:
        """While its joker's stack is asked for, the group being placed stays taken up and marked, wherever
        the keyboard focus goes (to the stacks, a button or back to the beams)."""
        if self.choice is None or not 0 <= self.choice.group < len(self.trays[self.bottom].trays):
            return
        group = self.trays[self.bottom].trays[self.choice.group]
        if self.drag.selected != group:
            self.drag.selected = list(group)
            self.drag.refresh()

    def _choice_key(self, event: pygame.event.Event) -> bool:
        """While the joker's stack is asked for: an arrow takes the keyboard focus to the stacks it may go
        on (from the beams or a button; on the stacks the kit's arrows move among them, `_table_cards`),
        and Enter or Space on one of them chooses it. A button Tab has reached keeps its Enter."""
        if event.type != pygame.KEYDOWN:
            return False
        item = self.table_focus_item()
        if event.key in PRESS_KEYS and isinstance(item, TableSpot) and self.tab_button() is None:
            self.choice_focused = True      # chosen: the keys go back to the beams
            self.choose_stack(int(item.key.split(".")[1]))
            return True
        if event.key in LEFT_KEYS + RIGHT_KEYS and item is None:
            self._focus_on_choice(last=event.key in LEFT_KEYS)
            return True
        return False

    def _focus_on_choice(self, last: bool = False) -> None:
        """The keyboard focus on the first stack the joker may go on (`last`: the last one), clockwise from
        the top (the group being placed stays taken up: `_keep_choice_taken`)."""
        self._tab_focus = None
        if self.enter_table_focus(last=last):
            self.choice_focused = True

    # ----- pressing things ------------------------------------------------------------------------------------
    def press_ready(self) -> None:
        """Send this seat's grouping: refused with the engine's words while anything is wrong."""
        if self._my_phase() != "grouping":
            return
        problems = self._tray_problems()
        if problems:    # said of the tray by the number it shows, not the engine's "group 0 'rr'"
            tray = min(problems)
            self._notice(_("Tray {number}: {problem}").format(number=tray + 1, problem=problems[tray]), self.bottom)
            return
        groups = self.trays[self.bottom].groups()
        reason = self._apply(self.bottom, Action("groups", (grouping_text(groups),)))
        if reason is not None:
            self._notice(reason, self.bottom)
        else:
            self.drafts.pop(self.bottom, None)

    def press_suggest(self) -> None:
        """Regroup into as few groups as the beams allow (the engine's own builder)."""
        if self._my_phase() != "grouping":
            return
        view = self._view()
        self.drafts[self.bottom] = largest_groups(view.beams[self.bottom])
        self._trays_glide_to_view(self.bottom, view)

    def press_disc(self) -> None:
        if self._my_phase() != "placing":
            return
        reason = self._apply(self.bottom, Action("disc"))
        if reason is not None:
            self._notice(reason, self.bottom)

    def press_split(self) -> None:
        if self._my_phase() != "placing":
            return
        self.split_mode = not self.split_mode
        self._end_choice()
        self.drag.cancel()

    def cancel_choice(self) -> None:
        self._end_choice()
        self.split_mode = False
        self.drag.cancel()

    def _end_choice(self) -> None:
        """No stack is asked for any more: a keyboard focus the choice took to its stacks goes back to the
        beams, where the arrows were."""
        self.choice = None
        if self.choice_focused:
            self.choice_focused = False
            self.leave_table_focus()

    def choose_stack(self, stack: int) -> None:
        """The joker's stack for the pending group."""
        choice = self.choice
        if choice is None:
            return
        chosen = [p for p in choice.placements if p[choice.joker_index] == stack]
        if not chosen:
            self._notice(_("the joker cannot go there: choose one of the lit stacks ({stacks})").format(
                stacks=", ".join(str(s + 1) for s in sorted(choice.stacks()))), self.bottom)
            return
        self._end_choice()
        self._place(choice.group, chosen[0])

    def _place(self, group: int, stacks: Sequence[int]) -> str | None:
        reason = self._apply(self.bottom, Action("place", (str(group), ",".join(map(str, stacks)))))
        if reason is not None:
            self._notice(reason, self.bottom)
        return reason

    # ----- drag: what travels, what lights up, what a drop does ------------------------------------------------
    def _carry(self, sprite: CardSprite) -> list[CardSprite]:
        """While grouping or splitting a beam travels alone; placing, its whole tray goes."""
        if self.state.phase == "grouping" or self.split_mode:
            return [sprite]
        return self.trays[self.bottom].mates(sprite)

    def _sprite(self, card_id: str) -> CardSprite | None:
        return next((s for s in self.trays[self.bottom].sprites() if s.card_id == card_id), None)

    def _tray_tiles_at(self, pos: tuple[int, int]) -> list[CardSprite]:
        """The beams of the bottom seat's tray under `pos` (a drag may start between two beams)."""
        trays = self.trays[self.bottom]
        return next((list(tray) for tray, rect in zip(trays.trays, trays.tray_rects) if rect.collidepoint(pos)), [])

    def _group_of(self, card_ids: tuple[str, ...]) -> tuple[int, str] | None:
        """The group index and letters of the tray these beams come from."""
        sprite = self._sprite(card_ids[0]) if card_ids else None
        index = self.trays[self.bottom].tray_of(sprite) if sprite is not None else None
        if index is None:
            return None
        return index, self.trays[self.bottom].groups()[index]

    def _legal_zones(self, card_ids: tuple[str, ...]) -> set[str]:
        phase = self._my_phase()
        seat = self.bottom
        if phase == "grouping":
            return {z.name for z in self.trays[seat].drop_zones()}
        if phase != "placing":
            return set()
        found = self._group_of(card_ids)
        if found is None:
            return set()
        index, group = found
        legal = self.state.legal_actions(seat)
        if self.split_mode:
            return {f"{seat}.tray.{NEW_TRAY}"} if len(group) > 1 else set()
        zones = {f"stack.{stack}" for a in legal if a.verb == "place" and a.args[0] == str(index)
                 for stack in map(int, a.args[1].split(","))}
        if zones:
            zones.add(TOWER)
        if len(group) > 1 and any(a.verb == "split" for a in legal):
            zones.add(f"{seat}.tray.{NEW_TRAY}")
        return zones

    def _default_zone(self) -> str | None:
        """Enter (or a second click) on a group: its coloured beams' stack, or the joker's choice. While
        grouping no tray is the obvious one, so Enter on a beam says how to move it (`ASK_TRAY`)."""
        found = self._group_of(tuple(s.card_id or "" for s in self.drag.selected))
        if found is not None and self._my_phase() == "grouping":
            return ASK_TRAY
        if found is not None and self._my_phase() == "placing" and self.split_mode:
            return f"{self.bottom}.tray.{NEW_TRAY}"     # splitting: Enter sets the chosen beam apart
        if found is None or self._my_phase() != "placing" or self.split_mode:
            return None
        coloured = [letter for letter in found[1] if letter != self.joker]
        return f"stack.{self.sun_letters.find(coloured[0])}" if coloured else ASK_JOKER

    def _drop(self, card_ids: tuple[str, ...], zone: str) -> str | None:
        if zone == ASK_TRAY:
            return _("drag it onto another tray, or press that tray's number (0: a new tray)")
        if self._my_phase() == "grouping":
            return self._regroup(card_ids, zone)
        found = self._group_of(card_ids)
        if found is None:
            return "pick up one of your groups"
        index, group = found
        if zone == ASK_JOKER:
            return self._ask_joker(index, group)
        target = GroupTrays.target_of(zone)
        if target is not None:
            return self._split_off(card_ids, index, group, target[1])
        if zone == TOWER:       # a newcomer aims at the sun itself: the group's own colours decide
            coloured = [letter for letter in group if letter != self.joker]
            if not coloured:
                return self._ask_joker(index, group)
            return self._drop_on_stack(card_ids, index, group, self.sun_letters.find(coloured[0]), by_pointer=False)
        if not zone.startswith("stack."):
            return ""
        return self._drop_on_stack(card_ids, index, group, int(zone.split(".")[1]))

    def _ask_joker(self, index: int, group: str) -> str | None:
        """A lone joker played by key or click: where it may go lights up, and the player picks."""
        placements = tuple(tuple(map(int, a.args[1].split(","))) for a in self.state.legal_actions(self.bottom)
                           if a.verb == "place" and a.args[0] == str(index))
        if not placements:
            return self._drop_on_stack((), index, group, 0)
        if len(placements) == 1:
            return self._apply(self.bottom, Action("place", (str(index), ",".join(map(str, placements[0])))))
        self.choice = PendingChoice(index, group.index(self.joker), placements)
        return ""

    def _regroup(self, card_ids: tuple[str, ...], zone: str) -> str | None:
        target = GroupTrays.target_of(zone)
        sprite = self._sprite(card_ids[0]) if card_ids else None
        trays = self.trays[self.bottom]
        if target is None or sprite is None or target[0] != self.bottom:
            return "drop a beam on one of your trays, or on the empty tray for a new group"
        if target[1] != NEW_TRAY and trays.tray_of(sprite) == target[1]:
            return ""
        if target[1] == NEW_TRAY and len(trays.mates(sprite)) == 1:
            return ""
        trays.move(sprite, target[1])
        self.drafts[self.bottom] = trays.groups()
        self._lay_out_seat(self.bottom, animate=True)
        return None

    def _split_off(self, card_ids: tuple[str, ...], index: int, group: str, target: int | str) -> str | None:
        if target != NEW_TRAY:
            return ""
        grabbed = self.drag.grabbed if self.drag.grabbed is not None else self._sprite(card_ids[0])
        letter = (grabbed.card_id or "")[:1] if grabbed is not None else ""
        if len(group) < 2:
            return "a single beam cannot be split"
        rest = group.replace(letter, "", 1)
        reason = self._apply(self.bottom, Action("split", (str(index), f"{rest}/{letter}")))
        if reason is None:
            self.split_mode = False
        return reason

    def _drop_on_stack(self, card_ids: tuple[str, ...], index: int, group: str, stack: int,
                       by_pointer: bool = True) -> str | None:
        """The beam under the pointer goes on `stack` (without `by_pointer`: any beam that can); the others
        follow the only way they can, or, when the joker still has a choice, the table asks for it."""
        placements = [tuple(map(int, a.args[1].split(","))) for a in self.state.legal_actions(self.bottom)
                      if a.verb == "place" and a.args[0] == str(index)]
        grabbed = self.drag.grabbed if by_pointer else None
        beam = self.trays[self.bottom].trays[index].index(grabbed) \
            if grabbed is not None and grabbed in self.trays[self.bottom].trays[index] else None
        fitting = [p for p in placements if (p[beam] == stack if beam is not None else stack in p)]
        if not fitting and beam is not None:
            fitting = [p for p in placements if stack in p]
        if len(fitting) == 1:
            return self._apply(self.bottom, Action("place", (str(index), ",".join(map(str, fitting[0])))))
        if fitting:
            self.choice = PendingChoice(index, group.index(self.joker), tuple(fitting))
            return ""
        # Nothing fits there: propose it anyway, so the engine says exactly why not.
        aimed = beam if beam is not None else (group.index(self.joker) if self.joker in group else 0)
        return self._apply(self.bottom, self._proposal(index, group, aimed, stack))

    def _proposal(self, index: int, group: str, aimed: int | None = None, stack: int | None = None) -> Action:
        """Placing group `index` the plain way: each coloured beam on its colour's stack, beam `aimed` on
        `stack`, a joker on the first stack left free (so the engine can say why it may not go)."""
        proposal = [self.sun_letters.find(letter) if letter != self.joker else -1 for letter in group]
        if aimed is not None and stack is not None:
            proposal[aimed] = stack
        free = [i for i in range(len(self.sun_letters)) if i not in proposal]
        proposal = [p if p >= 0 else free.pop(0) for p in proposal]
        return Action("place", (str(index), ",".join(map(str, proposal))))

    def _table_cards(self) -> list[TableItem]:
        """The other players' beams in their trays, seat by seat ("Zoe's group 2: red"); before the
        groupings are revealed a player's beams lie in one row ("Zoe's beams: red"): beams are open, a
        grouping is not. Then the sun's stacks, clockwise from the top as drawn (`_sun_stacks`). While the
        joker's stack is asked for, only the stacks it may go on: the arrows choose among them."""
        if self.choice is not None:
            lit = self.choice.stacks()
            return [replace(spot, words=_("joker to {stack}").format(stack=spot.words))
                    for index, spot in enumerate(self._sun_stacks()) if index in lit]
        view = self.state.view(None)
        cards: list[TableItem] = []
        for seat in range(self.count):
            zone = self.trays[seat]
            grouped = view.groups[seat] is not None or zone.own
            for number, tray in enumerate(zone.trays, start=1):
                for sprite in tray:
                    beam = self._beam_name((sprite.card_id or "")[:1])
                    words = (self._said(seat, _("{name}'s group {number}: {beam}"), _("Your group {number}: {beam}"),
                                        number=number, beam=beam) if grouped else
                             self._said(seat, _("{name}'s beams: {beam}"), _("Your beams: {beam}"), beam=beam))
                    cards.append(TableCard(sprite, words))
        return cards + self._sun_stacks()

    def _sun_stacks(self) -> list[TableSpot]:
        """Each stack of the sun as the focus reaches it: the ring goes round its lane from the disc tower
        to its colour badge and height at the rim, and speech says what that shows (`_stack_words`)."""
        if not self.stacks:
            return []
        g = self._sun_geometry()
        spread = g.half_width + 2.5
        inner, outer = g.tower + 2, g.radius + g.label_room * 0.2
        spots = []
        for index in range(len(self.sun_letters)):
            angle = stack_angle(index, g.stacks)
            outline = ring_sector(g.centre, inner, outer, angle - spread, angle + spread, steps=8)
            spots.append(TableSpot(f"stack.{index}", tuple(outline), self._stack_words(index)))
        return spots

    def _stack_words(self, stack: int) -> str:
        """A stack as the sun shows it: its colour, how many beams it holds (bottom first: its colour or a
        joker), and how much room the discs leave it ("the red stack: 2 beams (red, joker), room for 1
        more"). The stack drawn, so a beam still flying in is not counted before it lands."""
        beams = self.stacks[stack] if stack < len(self.stacks) else ""
        name = self._stack_name(stack)
        room = max(0, self.discs - len(beams))
        if not beams:
            return ngettext("{stack}: empty, room for {room} beam", "{stack}: empty, room for {room} beams",
                            room).format(stack=name, room=room)
        held = ", ".join(translate_message(colour_on_its_own(self.content, letter)) for letter in beams)
        words = ngettext("{stack}: {count} beam ({beams})", "{stack}: {count} beams ({beams})",
                         len(beams)).format(stack=name, count=len(beams), beams=held)
        if room == 0:
            return _("{stack_and_beams}, full up to the discs").format(stack_and_beams=words)
        return ngettext("{stack_and_beams}, room for {room} more", "{stack_and_beams}, room for {room} more",
                        room).format(stack_and_beams=words, room=room)

    def _card_help_target(self) -> CardSprite | None:
        """While you place: the beam of yours under the pointer (a tray answers anywhere on it), else the
        one the keyboard focus is on; these carry the "What if…?" line."""
        if self._my_phase() != "placing" or self.drag.held:
            return None
        sprite = self.drag._card_at(self.mouse)
        if sprite is None and self.drag.focus is not None and self.drag.focus < len(self.drag.sprites):
            sprite = self.drag.sprites[self.drag.focus]
        return sprite if sprite is not None and sprite in self.trays[self.bottom].sprites() else None

    def _what_if(self, sprite: CardSprite) -> Action | None:
        """A beam of yours while you place: its group, when it may go nowhere now, would be placed the
        plain way (its colours on their stacks), and the engine says why not."""
        if self._my_phase() != "placing" or self.split_mode or sprite.card_id is None:
            return None
        found = self._group_of((sprite.card_id,))
        if found is None:
            return None
        index, group = found
        if any(a.verb == "place" and a.args[0] == str(index) for a in self.state.legal_actions(self.bottom)):
            return None
        return self._proposal(index, group)

    def _after_move(self, seat: int, action: Action) -> None:
        self._end_choice()
        if seat == self.bottom:     # your own move: the mark on the last one shown to you has done its work
            self.last_placed = []
        super()._after_move(seat, action)

    def _look_back(self) -> LookBack | None:
        """The last placements on the sun, oldest first, one per player at most (every beam lies open)."""
        return LookBack(_("The last placements, oldest first"), self.recent_places) if self.recent_places else None

    # ----- events -> motion ------------------------------------------------------------------------------------------
    def _on_round_started(self, event: Event) -> None:
        if event.get("teams"):
            line = _("The sun is set: disc level {discs} (seats 1 and 3 against 2 and 4)")
        else:
            line = _("The sun is set: disc level {discs}")
        self.log.add(line.format(discs=event["discs"]))

    def _on_beams_drawn(self, event: Event) -> None:
        """The drawn beams fly from the sun into their owner's trays (emptied for the deal)."""
        self._zone_from_view(event.seat, self._view())
        self._lay_out_seat(event.seat, animate=False)
        centre = self._sun_geometry().centre
        for i, sprite in enumerate(self.trays[event.seat].sprites()):
            sprite.x, sprite.y = centre
            self.tweens.add(sprite, 0.45, delay=0.02 * i, x=sprite.home[0], y=sprite.home[1])
        self.sounds.play("card_slide")

    def _on_grouping_confirmed(self, event: Event) -> None:
        self.log.add(self._said(event.seat, _("{name} is ready"), _("{name} are ready")))
        self.drafts.pop(event.seat, None)
        self._pause(0.15)

    def _on_groupings_revealed(self, event: Event) -> None:
        first = event["first_player"]
        self.log.add(self._said(first, _("Everyone is ready. {name} confirmed last and starts with a joker group"),
                                _("Everyone is ready. {name} confirmed last and start with a joker group")))
        self._seat_zones_from_view(self._view())
        self._pause(0.4)

    def _on_group_placed(self, event: Event) -> None:
        seat, index = event.seat, int(event["group"])
        beams, stacks, height = str(event["beams"]), list(event["stacks"]), int(event["height"])
        zone = self.trays[seat]
        g = self._sun_geometry()
        tray = zone.trays.pop(index) if 0 <= index < len(zone.trays) else []
        for i, stack in enumerate(stacks):
            sprite = tray[i] if i < len(tray) else CardSprite(beams[i], *self.layout.seats[seat].hand_centre,
                                                                flip=1.0)
            sprite.z = 400
            self.flying_beams.append(sprite)
            x, y = g.beam_centre(stack, height)

            def land(s: CardSprite = sprite, stack: int = stack, letter: str = beams[i]) -> None:
                if s in self.flying_beams:
                    self.flying_beams.remove(s)
                if len(self.stacks[stack]) < height:
                    self.stacks[stack] += letter
            self.tweens.add(sprite, 0.45, delay=0.05 * i, x=x, y=y, scale=0.6, on_done=land)
        self._lay_out_seat(seat)
        self.sounds.play("card_place")
        self.recent_places = ([(s, c) for s, c in self.recent_places if s != seat]
                              + [(seat, [f"{letter}1" for letter in beams])])[-self.count:]
        if not self._reader_is(seat):       # another player's placement stays marked until your next move
            self.last_placed = [(stack, height) for stack in stacks]
        where = ", ".join(_("{beam} on {stack}").format(beam=self._beam_name(b), stack=self._stack_name(s))
                          for b, s in zip(beams, stacks))
        self.log.add(self._said(seat, _("{name} places {where} (height {height})"),
                                _("{name} place {where} (height {height})"), where=where, height=height))
        self._pause(0.15)

    def _on_disc_added(self, event: Event) -> None:
        self.discs = int(event["discs"])
        self.disc_pulse.value = 1.0
        self.tweens.add(self.disc_pulse, 0.6, value=0.0)
        self.log.add(self._said(event.seat, _("{name} adds a disc: level {level} ({left} left)"),
                                _("{name} add a disc: level {level} ({left} left)"), level=self.discs, left=event["left"]))
        self.sounds.play("card_place")
        self._pause(0.2)

    def _on_group_split(self, event: Event) -> None:
        a, b = event["into"]
        self.log.add(self._said(event.seat, _("{name} splits a group into {first} and {second}"),
                                _("{name} split a group into {first} and {second}"),
                                first=self._letters_words(a), second=self._letters_words(b)))
        self._trays_glide_to_view(event.seat, self._view())
        self._pause(0.15)

    def _on_passed(self, event: Event) -> None:
        self.log.add(self._said(event.seat, _("{name} has no move and passes"), _("{name} have no move and pass")))

    def _on_player_skipped(self, event: Event) -> None:
        self.skipped.add(event.seat)
        self.log.add(self._said(event.seat, _("{name} has no beams left and is skipped"),
                                _("{name} have no beams left and are skipped")))

    def _on_player_out(self, event: Event) -> None:
        self.log.add(self._said(event.seat, _("{name} has placed every beam; {team} goes on with the partner"),
                                _("{name} have placed every beam; {team} goes on with the partner"),
                                team=self._team(int(event["team"]))))

    def _on_game_won(self, event: Event) -> None:
        team = event.get("team")
        winners = [int(s) for s in event["winners"]]
        who = (_("{team} ({names})").format(team=self._team(int(team)), names=self._and(winners)) if team is not None
               else self._name(winners[0]))
        self.sounds.play("round_won")
        if team is not None:
            self.log.add(_("☀ {who} placed every beam and wins").format(who=who))
            title = _("{who} wins!").format(who=who)
        else:
            self.log.add(self._said(winners[0], _("☀ {name} placed every beam and wins"),
                                    _("☀ {name} placed every beam and win")))
            title = self._said(winners[0], _("{name} wins!"), _("{name} win!"))
        self.result_words = ResultWords(title, _("{name} placed the last beam on the sun.").format(
            name=self._subject(event.get("seat"))), self._result_rows(winners))

    def _on_stalemate(self, event: Event) -> None:
        winners = [int(s) for s in event["winners"]]
        team_beams = event.get("team_beams")
        if team_beams is not None:
            counts = _("Team A has {a} beams left, Team B {b}.").format(a=team_beams[0], b=team_beams[1])
        else:
            counts = _("Beams left: {counts}.").format(
                counts=", ".join(f"{self.names[s]} {n}" for s, n in enumerate(event["beams_left"])))
        shared = " " + _("They share the win.") if len(winners) > 1 and team_beams is None else ""
        self.log.add(_("Nobody could move in a whole round: the game ends"))
        if len(winners) == 1:
            title = self._said(winners[0], _("Stalemate: {name} wins"), _("Stalemate: {name} win"))
        else:
            title = _("Stalemate: {names} win").format(names=self._and(winners))
        self.result_words = ResultWords(
            title, _("Every player still holding beams had to pass in one round, so the fewest beams left wins.")
            + f" {counts}{shared}", self._result_rows(winners))

    def _round_result(self, event: Event) -> ResultWords | None:
        return None      # Elios is one round: the game's result says it all


    def _result_rows(self, winners: Sequence[int]) -> list[tuple[str, str]]:
        view = self.state.view(None)
        rows = []
        for s in range(self.count):
            team = f"{self._team(view.teams[s])}, " if view.teams is not None else ""
            left = view.beams_left[s]
            words = ngettext("{count} beam left", "{count} beams left", left).format(count=left)
            rows.append((self.names[s], f"{team}{words}" + ("   " + _("winner") if s in winners else "")))
        return rows

    def _team(self, team: int) -> str:
        return _(TEAM_NAMES[team])

    def _and(self, seats: Sequence[int]) -> str:
        """The seats' names as a list is said: "Io and Bion", "Io, Bion and Chloe"."""
        return join_names([self._who(s) for s in seats])

    # ----- words -----------------------------------------------------------------------------------------------
    def _hint_reason(self, action: Action) -> str:
        """The Hint in the table's words, as the log says moves: which tray goes where, not the notation."""
        args = action.args
        if action.verb == "groups" and args:
            groups = " / ".join(self._letters_words(group) for group in args[0].split(SEPARATOR))
            return _("the Normal AI would group your beams as {groups}").format(groups=groups)
        if action.verb == "place" and len(args) == 2:
            groups = self.state.view(self.bottom).groups[self.bottom] or ()
            index, stacks = int(args[0]), [int(s) for s in args[1].split(",")]
            if 0 <= index < len(groups):
                where = ", ".join(_("{beam} on {stack}").format(beam=self._beam_name(b), stack=self._stack_name(s))
                                  for b, s in zip(groups[index], stacks))
                return _("the Normal AI would place tray {tray}: {where}").format(tray=index + 1, where=where)
        if action.verb == "split" and len(args) == 2 and args[1].count(SEPARATOR) == 1:
            first, second = args[1].split(SEPARATOR)
            return _("the Normal AI would split tray {tray} into {first} and {second}").format(
                tray=int(args[0]) + 1, first=self._letters_words(first), second=self._letters_words(second))
        if action.verb == "disc":
            return _("the Normal AI would add a disc")
        if action.verb == "pass":
            return _("the Normal AI would pass")
        return super()._hint_reason(action)

    def _current_hint(self) -> Action | None:
        """The Hint's move while it still holds (the position has not changed since it was asked)."""
        if self.hint_action is None or self.hint_action[0] != self._token() or self.viewer != self.bottom:
            return None
        return self.hint_action[1]

    def _show_hint_words(self) -> None:
        """The Hint's words go in the hint line under the buttons (a floating notice covered the sun's
        stack labels); the tray, the stacks, the empty tray or the button it names are lit."""

    def _draw_hint_marks(self, surface: pygame.Surface, g: SunGeometry) -> None:
        """Where the Hint's move goes, outlined in the hint's blue: each stack lane a placement would
        use, the empty tray a split fills, the Add disc button."""
        from scenes.table.table_help import HINT_GLOW

        action = self._current_hint()
        if action is None or self._my_phase() != "placing":
            return
        width = max(2, int(g.step * 0.2))
        if action.verb == "place" and len(action.args) == 2:
            for stack in {int(s) for s in action.args[1].split(",")}:
                a = stack_angle(stack, g.stacks)
                lane = ring_sector(g.centre, g.tower, g.level_radius(self.discs) + g.step * 0.4,
                                   a - g.half_width - 2, a + g.half_width + 2)
                pygame.draw.polygon(surface, HINT_GLOW, lane, width=width)
        elif action.verb == "split" and self.trays[self.bottom].spare_rect is not None:
            pygame.draw.rect(surface, HINT_GLOW, self.trays[self.bottom].spare_rect.inflate(8, 8), width=3,
                             border_radius=8)
        elif action.verb == "disc":
            for button in self.seat_buttons:
                if button.on_click == self.press_disc:
                    pygame.draw.rect(surface, HINT_GLOW, button.rect.inflate(8, 8), width=3, border_radius=10)

    def _light_hint_cards(self) -> None:
        """The Hint lights the tray it would place or split (its beams in the hint's blue)."""
        from scenes.table.table_help import HINT_GLOW

        action = self.hint_action[1] if self.hint_action is not None and self.viewer == self.bottom else None
        lit: list[CardSprite] = []
        trays = self.trays[self.bottom].trays
        if action is not None and action.verb in ("place", "split") and action.args and action.args[0].isdigit():
            index = int(action.args[0])
            lit = list(trays[index]) if index < len(trays) else []
        for sprite in self.trays[self.bottom].sprites():
            if sprite in lit:
                sprite.glow = HINT_GLOW
                self._lit_for_hint.add(id(sprite))
            elif id(sprite) in self._lit_for_hint:
                sprite.glow = None
                self._lit_for_hint.discard(id(sprite))

    def _beam_name(self, letter: str) -> str:
        if letter == self.joker:
            return _("a joker")
        return translate_message(colour_on_its_own(self.content, letter))

    def _stack_name(self, stack: int) -> str:
        colour = colour_before_noun(self.content, self.content.colours[stack].id)
        return _("the {colour} stack").format(colour=translate_message(colour))

    def _letters_words(self, letters: str) -> str:
        return "+".join(translate_message(colour_on_its_own(self.content, c)) for c in letters)

    def _tray_problems(self) -> dict[int, str]:
        """While grouping: what is wrong with each of the bottom seat's trays (the engine's words)."""
        if self._my_phase() != "grouping":
            return {}
        found = {}
        for i, group in enumerate(self.trays[self.bottom].groups()):
            problem = group_problem(self.content, group, THIS_GROUP)
            if problem:
                found[i] = translate_message(problem)
        return found

    def _status(self, view: EliosView, seat: int) -> str:
        if view.phase == "grouping":
            return _("ready") if seat in view.confirmed else _("grouping…")
        if view.beams_left[seat] == 0:
            return _("out, skipped") if seat in self.skipped else _("out")
        left = view.beams_left[seat]
        return ngettext("{count} beam", "{count} beams", left).format(count=left)

    def _hint(self) -> str:
        view = self.state.view(None)
        if self.state.finished:
            return _("The game is over.")
        if self.bottom not in self.humans:
            return _("Watching the AI players.")
        if not self.gate.may_show(self.bottom):
            return "" if self.gate.waiting else _("Waiting for the next player.")
        phase = self._my_phase()
        hinted = self._current_hint()
        if hinted is not None and phase in ("grouping", "placing") and self.choice is None and not self.split_mode:
            return _("Hint: {advice}").format(advice=self._hint_reason(hinted))
        if phase == "grouping":
            problems = self._tray_problems()
            if problems:
                return _("Fix the red tray: {problem}.").format(problem=next(iter(problems.values())))
            # Short enough for the controls area of an 800×500 window in Dutch (tests/scenes/test_ui_scale.py).
            return _("Group your beams: drag a beam onto another tray (or the arrows, then the tray's number; 0 is "
                     "the empty tray). A group: 1–3 beams, no colour twice, one joker at most.")
        if view.phase == "grouping" and self.bottom not in view.confirmed:   # the deal is still being shown
            return _("Your beams are being dealt: grouping starts in a moment.")
        if view.phase == "grouping":
            waiting = join_names([self._name(s) for s in self._waiting() if s != self.bottom])
            return _("You are ready. Waiting for {names} to group.").format(names=waiting)
        if phase == "placing":
            if self.choice is not None:
                return _("Choose the joker's stack: the arrows then Enter, its number (1–8) or a click. "
                         "Esc cancels.")
            if self.split_mode:
                return _("Split: drag a beam out of its tray onto the empty tray (or the arrows to it, then Enter). "
                         "Esc cancels.")
            if view.first_turn:
                return _("You confirmed last, so you start: place a group with a joker on the sun.")
            return _("Your turn: drag a group onto a lit stack of the sun (or click it, then a stack or 1–8), "
                     "add a disc, or split a group.")
        if view.turn == self.bottom:     # this player's turn, while the moves before it are still shown
            return _("Your turn: a moment, the last move is still being shown.")
        if view.turn is not None:
            return self._said(view.turn, _("{name} is playing."), _("{name} are playing."))
        return ""

    # ----- drawing ---------------------------------------------------------------------------------------------
    def _draw_table(self, surface: pygame.Surface) -> None:
        view = self.state.view(None)
        g = self._sun_geometry()
        lit: frozenset[int] = frozenset()
        if self.choice is not None:
            lit = self.choice.stacks()
        elif self.drag.held or self.drag.selected:
            lit = frozenset(int(z.split(".")[1]) for z in self.drag.lit_zones if z.startswith("stack."))
        def text(words: str, pos: tuple[float, float], size: int, colour: tuple[int, int, int]) -> None:
            blit_text(surface, words, (int(pos[0]), int(pos[1])), size, colour, "bold", "center")

        self.sun_layer.draw(surface, g, tuple(self.stacks), self.discs, view.max_discs, self.colours, self.sun_letters,
                            text, lit)
        if lit and (self.choice is not None or self.drag.selected):
            self._draw_stack_numbers(surface, g, lit, self.discs)
        self._draw_last_placed(surface, g)
        self._draw_hint_marks(surface, g)
        if self.disc_pulse.value > 0.01:
            spread = g.tower + (g.level_radius(self.discs) - g.tower) * (1 - self.disc_pulse.value)
            pygame.draw.circle(surface, theme.GOLD, (int(g.centre[0]), int(g.centre[1])), int(spread),
                               width=max(2, int(g.step * 0.3 * self.disc_pulse.value) + 1))
        if self.choice is None:
            self._draw_lit_trays(surface)
        for seat in range(self.count):
            self._draw_seat(surface, seat, view)
        if view.teams is not None:
            self._draw_team_legend(surface, view)
        sprites = [s for seat in range(self.count) for s in self.trays[seat].sprites()] + self.flying_beams
        self.renderer.draw_all(surface, sprites, on_top=self.drag.held)

    @staticmethod
    def _draw_stack_numbers(surface: pygame.Surface, g: SunGeometry, lit: frozenset[int], discs: int) -> None:
        """While a stack is to be chosen by its number (1–8), each lit stack shows it just past the end of
        its lit lane, inside the symbol and height at the sun's rim."""
        size = max(10, int(g.step * 0.75))
        reach = min(g.level_radius(discs) + g.step * 0.4 + size * 0.8, g.radius - g.label_room - size * 0.3)
        for index in sorted(lit):
            spot = polar(g.centre, reach, stack_angle(index, g.stacks))
            centre = (int(spot[0]), int(spot[1]))
            pygame.draw.circle(surface, theme.INK, centre, int(size * 0.75))
            pygame.draw.circle(surface, theme.GOLD, centre, int(size * 0.75), width=max(1, size // 8))
            blit_text(surface, str(index + 1), centre, size, theme.GOLD, "bold", "center")

    def _draw_last_placed(self, surface: pygame.Surface, g: SunGeometry) -> None:
        """An outline on each beam another player placed last, so a move made while you looked away is found."""
        for stack, height in self.last_placed:
            if len(self.stacks[stack]) < height:
                continue        # still flying in
            a = stack_angle(stack, g.stacks)
            outline = ring_sector(g.centre, g.level_radius(height - 1) + 1, g.level_radius(height) - 1,
                                  a - g.half_width, a + g.half_width)
            pygame.draw.polygon(surface, LAST_MARK, outline, width=max(2, int(g.step * 0.12)))

    def _draw_team_legend(self, surface: pygame.Surface, view: EliosView) -> None:
        """Who plays with whom (4 players, E-11), by the plates' colour stripes."""
        lay = self.layout
        size = lay.text_size(14)
        x, y = lay.centre.left + lay.margin, lay.centre.top
        for team in (0, 1):
            members = self._and([s for s in range(self.count) if view.teams[s] == team])
            pygame.draw.rect(surface, TEAM_COLOURS[team], pygame.Rect(x, y + 2, max(5, size // 3), size))
            blit_text(surface, f"{self._team(team)}: {members}", (x + size, y), size, theme.CREAM, "sans")
            y += int(size * 1.4)

    def _lit_tray_zones(self) -> set[str]:
        """The trays lit as places to drop: while grouping, any; while placing, the empty tray only when a
        split is under way (Split pressed, or a tray being dragged, whose held beam it would take), so a
        click on a tray never looks like Split."""
        if not (self.drag.held or self.drag.selected):
            return set()
        lit = {z for z in self.drag.lit_zones if not z.startswith("stack.") and z != TOWER}
        if self._my_phase() == "placing" and not (self.split_mode or self.drag.held):
            lit = {z for z in lit if GroupTrays.target_of(z) is None}
        return lit

    def _draw_lit_trays(self, surface: pygame.Surface) -> None:
        lit = self._lit_tray_zones()
        for zone in self.drag.zones:
            if zone.name in lit:
                zone.draw_lit(surface)

    def _draw_seat(self, surface: pygame.Surface, seat: int, view: EliosView) -> None:
        """The plate (a team's colour stripe, "ready" / beams left at the right), then the trays."""
        area = self.layout.seats[seat]
        status = self._status(view, seat)
        ready = view.phase == "grouping" and seat in view.confirmed
        out = view.phase != "grouping" and view.beams_left[seat] == 0
        colour = theme.LEGAL_GLOW if ready else theme.GOLD if out else theme.CREAM
        team = f" · {self._team(view.teams[seat])}" if view.teams is not None and area.side == "bottom" else ""
        active = (view.phase == "grouping" and seat not in view.confirmed) or seat == view.turn
        self._draw_plate(surface, seat, area.plate, status, colour, active, text_ratio=0.48,
                         stripe=TEAM_COLOURS[view.teams[seat]] if view.teams is not None else None, role_extra=team)
        self._draw_trays(surface, seat, view)

    def _draw_trays(self, surface: pygame.Surface, seat: int, view: EliosView) -> None:
        zone = self.trays[seat]
        problems = self._tray_problems() if seat == self.bottom else {}
        w = zone.tile_width
        label = max(10, int(w * 0.3))
        grouped = view.groups[seat] is not None or zone.own
        for i, rect in enumerate(zone.tray_rects):
            bad = i in problems
            fill = (60, 24, 20) if bad else (18, 40, 38)
            pygame.draw.rect(surface, fill, rect, border_radius=max(3, w // 8))
            edge = theme.ILLEGAL if bad else (theme.PARCHMENT if grouped else (90, 110, 106))
            pygame.draw.rect(surface, edge, rect, width=2 if bad else 1, border_radius=max(3, w // 8))
            if bad:
                words = ellipsize(problems[i].split(":")[0], label, max(rect.width + w, 40 + w), "bold")
                blit_text(surface, words, (rect.centerx, rect.bottom + 2), label, theme.ILLEGAL, "bold", "midtop")
            elif zone.own and w >= 24:
                blit_text(surface, str(i + 1), (rect.centerx, rect.bottom + 1), label, theme.PARCHMENT, "sans", "midtop")
        spare = zone.spare_rect
        if spare is not None:
            pygame.draw.rect(surface, (90, 120, 110), spare, width=1, border_radius=max(3, w // 8))
            blit_text(surface, _("new"), spare.center, label, (150, 170, 160), "sans", "center")

    def _hint_top(self) -> int:
        """The hint line stays below the buttons (smaller when it must)."""
        lay = self.layout
        return self.seat_buttons[-1].rect.bottom + lay.margin if self.seat_buttons else lay.controls_rect.top
