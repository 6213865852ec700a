"""The statistics screen: one game and one player at a time, their figures and a chart of recent results.

Figures come from the statistics file (game/core/statistics.py), which the session fills as games end.
The chart draws one bar per recent game, its height the final score and its colour (and a mark, so
colour is never the only sign) whether it was won.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Sequence

import pygame

from game.catalog import game_title
from game.core.statistics import GameStats, PlayerStats, Result, load_statistics
from scenes.ui.i18n import _, format_decimal, format_percent, ngettext
from scenes.screens.setup import level_name
from scenes.ui import theme
from scenes.ui.widgets import (MUTED, Button, Control, MenuScene, Stepper, draw_empty_note, draw_text, draw_titled_frame,
                            ellipsize, keyed, text_width, wide_panel)

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.statistics")


def streak_text(streak: int) -> str:
    if streak == 0:
        return "—"
    count = abs(streak)
    if streak > 0:
        return ngettext("{count} win", "{count} wins", count).format(count=count)
    return ngettext("{count} loss", "{count} losses", count).format(count=count)


def figure_rows(game: GameStats, player: PlayerStats) -> list[tuple[str, str]]:
    """The label and value of every figure the screen shows, in reading order."""
    best = player.best_score(game.lower_is_better)
    average = player.average_score
    rate = format_percent(100 * player.wins / player.games) if player.games else "—"
    best_label = _("Best score (lowest)") if game.lower_is_better else _("Best score (highest)")
    rows = [(_("Games"), str(player.games)), (_("Wins"), str(player.wins)), (_("Losses"), str(player.losses)),
            (_("Win rate"), rate),
            (best_label, "—" if best is None else str(best)),
            (_("Average score"), "—" if average is None else format_decimal(average, 1)),
            (_("Streak now"), streak_text(player.streak)), (_("Longest winning streak"), str(player.best_streak))]
    for level, record in sorted(player.levels.items()):
        rows.append((_("Against AI: {level}").format(level=level_name(level)),
                     _("won {wins} of {games}").format(wins=record.wins, games=record.games)))
    return rows


def draw_results_chart(surface: pygame.Surface, rect: pygame.Rect, results: Sequence[Result], size: int) -> None:
    """Bars of recent final scores, oldest left; won in gold with ✓, lost in terracotta."""
    pygame.draw.rect(surface, (22, 44, 42), rect, border_radius=max(3, rect.h // 40))
    pad = max(6, size // 2)
    label_h = int(size * 1.4)
    plot = pygame.Rect(rect.x + pad, rect.y + pad + label_h, rect.w - 2 * pad, rect.h - 2 * pad - 3 * label_h)
    if not results or plot.h < 10:
        return
    scores = [r.score for r in results]
    low, high = min(0, min(scores)), max(0, max(scores))
    span = max(1, high - low)
    zero_y = plot.bottom - int((0 - low) / span * plot.h)
    pygame.draw.line(surface, MUTED, (plot.x, zero_y), (plot.right, zero_y), 1)
    slot = plot.w / max(len(results), 10)
    bar_w = max(3, int(slot * 0.7))
    for i, result in enumerate(results):
        x = plot.x + int(i * slot + (slot - bar_w) / 2)
        top = plot.bottom - int((result.score - low) / span * plot.h)
        bar = pygame.Rect(x, min(top, zero_y), bar_w, max(2, abs(zero_y - top)))
        pygame.draw.rect(surface, theme.GOLD if result.won else theme.TERRACOTTA, bar, border_radius=max(1, bar_w // 5))
        mark = "✓" if result.won else "✗"
        draw_text(surface, mark, (bar.centerx, plot.bottom + 2), max(10, int(size * 0.8)),
                  theme.GOLD if result.won else theme.TERRACOTTA_TEXT, "bold", "midtop")
    small = max(10, int(size * 0.8))
    draw_text(surface, _("score {score}").format(score=high), (rect.x + pad, rect.y + pad), small, theme.PARCHMENT)
    draw_text(surface, ngettext("{count} game", "{count} most recent, oldest first",
                                len(results)).format(count=len(results)),
              (rect.right - pad, rect.y + pad), small, theme.PARCHMENT, "sans", "topright")
    legend = draw_text(surface, "✓ " + _("won"), (rect.x + pad, rect.bottom - pad), small, theme.GOLD, "bold", "bottomleft")
    draw_text(surface, "✗ " + _("lost"), (legend.right + 2 * pad, rect.bottom - pad), small, theme.TERRACOTTA_TEXT, "bold", "bottomleft")


class StatisticsScene(MenuScene):
    """Pick a game and a player; read their figures and the chart."""

    transparent = True
    hover_focus = False

    def __init__(self, app: "AppServices") -> None:
        super().__init__(app)
        loaded = load_statistics(app.dirs.statistics_file)
        if loaded.message:
            log.warning(loaded.message)
            app.toast(loaded.message)
        self.stats = loaded.value
        self.game_ids = [g for g, stats in self.stats.games.items() if stats.players]
        self.game_index = 0
        names = self.players()
        own = app.settings.player_name
        self.player = own if own in names else (names[0] if names else "")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.relayout()

    def players(self) -> list[str]:
        if not self.game_ids:
            return []
        return sorted(self.stats.games[self.game_ids[self.game_index]].players, key=str.casefold)

    def choose_game(self, game_id: str) -> None:
        self.game_index = self.game_ids.index(game_id)
        names = self.players()
        if self.player not in names:
            self.player = names[0]
        self.relayout()

    def choose_player(self, name: str) -> None:
        self.player = name
        self.relayout()

    def layout(self, size: tuple[int, int]) -> list[Control]:
        s = self.scale_dialog(size, 40)
        self.text_size = max(12, int(18 * s))
        pad = int(30 * s)
        self.pad = pad
        self.panel = wide_panel(size, s)
        button_h = max(30, int(46 * s))
        y = self.panel.y + self.band_h + int(12 * s) + int(self.title_size * 1.35)
        inner_w = self.panel.w - 2 * pad
        controls: list[Control] = []
        if self.game_ids:
            half = (inner_w - int(18 * s)) // 2
            controls.append(keyed(Stepper(pygame.Rect(self.panel.x + pad, y, half, button_h), self.game_ids,
                                          self.game_index, self.choose_game, game_title, wrap=True), "game"))
            names = self.players()
            controls.append(keyed(Stepper(pygame.Rect(self.panel.right - pad - half, y, half, button_h), names,
                                          names.index(self.player), self.choose_player, wrap=True), "player"))
            y += button_h + int(16 * s)
        self.body = pygame.Rect(self.panel.x + pad, y, inner_w,
                                self.panel.bottom - self.band_h - int(16 * s) - button_h - int(12 * s) - y)
        done = Button(pygame.Rect(0, 0, int(200 * s), button_h), _("Done"), self.on_escape)
        done.rect.midbottom = (self.panel.centerx, self.panel.bottom - self.band_h - int(16 * s))
        controls.append(keyed(done, "done"))
        return controls

    def draw(self, surface: pygame.Surface) -> None:
        draw_titled_frame(surface, self.panel, self.band_h, _("Statistics"), self.title_size, self.s)
        s = self.s
        if not self.game_ids:
            draw_empty_note(surface, [_("No finished games yet."),
                                      _("Every game played to the end is counted here, per game and per player.")],
                            self.panel.centerx, self.body.y + int(30 * s), self.text_size, self.body.w)
            self.focus.draw(surface)
            return
        game = self.stats.games[self.game_ids[self.game_index]]
        player = game.players[self.player]
        rows = figure_rows(game, player)
        row_h = min(int(self.text_size * 1.55), self.body.h // max(1, len(rows)))
        size = min(self.text_size, int(row_h * 0.72))
        # The figures take what their longest row needs (longer words in some languages), the chart the rest.
        widest = max(text_width(label, size) + text_width(value, size, "bold") for label, value in rows)
        column_w = min(int(self.body.w * 0.58), max(int(self.body.w * 0.44), widest + int(40 * s)))
        y = self.body.y
        for i, (label, value) in enumerate(rows):
            row = pygame.Rect(self.body.x, y, column_w, row_h)
            if i % 2 == 0:
                shade = pygame.Surface(row.size, pygame.SRCALPHA)
                shade.fill((255, 255, 255, 16))
                surface.blit(shade, row)
            value_rect = draw_text(surface, value, (row.right - int(8 * s), row.centery), size, theme.GOLD, "bold", "midright")
            draw_text(surface, ellipsize(label, size, value_rect.x - row.x - int(16 * s)), (row.x + int(8 * s), row.centery),
                      size, theme.CREAM, "sans", "midleft")
            y += row_h
        chart = pygame.Rect(self.body.x + column_w + int(24 * s), self.body.y, self.body.w - column_w - int(24 * s),
                            min(self.body.h, max(int(self.body.h * 0.8), row_h * 8)))
        draw_text(surface, _("Recent results"), (chart.x, chart.y), self.text_size, theme.CREAM, "bold")
        chart.y += int(self.text_size * 1.5)
        chart.h -= int(self.text_size * 1.5)
        draw_results_chart(surface, chart, player.recent, self.text_size)
        self.focus.draw(surface)
