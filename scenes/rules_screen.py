"""The rules of a game, read from assets/rules/<id>.md and shown as a scrollable parchment page.

Only the Markdown the rules files use is understood: `#`/`##`/`###` headings, paragraphs, `- `
and `1. ` lists, `|` tables, `---` rules and inline **bold** (`code` and [links](…) show as text).
The text is laid out again for every window width; a missing file gives a plain message.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.core.resources import asset_path
from scenes.theme import CREAM, INK, PARCHMENT, TERRACOTTA, TERRACOTTA_DARK, font, ui_scale
from scenes.widgets import Button, Control, MenuScene, draw_felt, draw_meander, draw_text, ellipsize, keyed

if TYPE_CHECKING:
    from scenes.app import App

Run = tuple[str, bool]   # (text, bold)


@dataclass
class Block:
    kind: str                     # heading1, heading2, heading3, paragraph, bullet, rule, table
    runs: list[Run] = field(default_factory=list)
    marker: str = ""              # "•" or "3." for list items
    cells: list[list[list[Run]]] = field(default_factory=list)   # table rows of cells


def inline_runs(text: str) -> list[Run]:
    """Split **bold** spans; drop the marks of `code` and [links](targets)."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text).replace("`", "")
    runs: list[Run] = []
    for i, part in enumerate(re.split(r"\*\*", text)):
        if part:
            runs.append((part, i % 2 == 1))
    return runs


def parse_markdown(text: str) -> list[Block]:
    blocks: list[Block] = []
    paragraph: list[str] = []
    table: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("paragraph", inline_runs(" ".join(paragraph))))
            paragraph.clear()
        if table:
            rows = [row for row in table if not re.fullmatch(r"\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?", row)]
            cells = [[inline_runs(cell.strip()) for cell in row.strip().strip("|").split("|")] for row in rows]
            blocks.append(Block("table", cells=cells))
            table.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("|"):
            if paragraph:
                flush()
            table.append(line)
            continue
        if table:
            flush()
        if not line:
            flush()
            continue
        heading = re.match(r"(#{1,6})\s+(.*)", line)
        bullet = re.match(r"([-*+])\s+(.*)", line)
        numbered = re.match(r"(\d+[.)])\s+(.*)", line)
        if heading:
            flush()
            level = min(3, len(heading.group(1)))
            blocks.append(Block(f"heading{level}", inline_runs(heading.group(2))))
        elif re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", line):
            flush()
            blocks.append(Block("rule"))
        elif bullet or numbered:
            flush()
            match = bullet or numbered
            assert match is not None
            blocks.append(Block("bullet", inline_runs(match.group(2)), "•" if bullet else match.group(1)))
        elif raw[:1] in (" ", "\t") and blocks and blocks[-1].kind == "bullet" and not paragraph:
            blocks[-1].runs.extend(inline_runs(" " + line))   # a list item continued on the next line
        else:
            paragraph.append(line)
    flush()
    return blocks


# One laid-out piece: (x, y, text, style, size, colour)
Piece = tuple[int, int, str, str, int, tuple[int, int, int]]


def layout_runs(runs: list[Run], x: int, y: int, width: int, size: int, colour: tuple[int, int, int],
                base_style: str = "sans") -> tuple[list[Piece], int]:
    """Word-wrap styled runs into pieces; returns them and the y below the last line."""
    pieces: list[Piece] = []
    line_h = font(size, base_style).get_linesize()
    cx = x
    words: list[tuple[str, str]] = []
    for text, bold in runs:
        style = "bold" if bold or base_style == "bold" else base_style
        for token in re.split(r"(\s+)", text):
            if token:
                words.append((token, style))
    for token, style in words:
        if token.isspace():
            if cx > x:
                cx += font(size, style).size(" ")[0]
            continue
        w = font(size, style).size(token)[0]
        if cx > x and cx + w > x + width:
            cx = x
            y += line_h
        pieces.append((cx, y, token, style, size, colour))
        cx += w
    return pieces, y + line_h


class RulesScene(MenuScene):
    hover_focus = True

    def __init__(self, app: "App", game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        game = app.catalog.games.get(game_id)
        self.game_title = game.title if game is not None else game_id
        self.path = asset_path("rules", f"{game_id}.md")
        self.message = ""
        try:
            self.blocks = parse_markdown(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            self.blocks = []
            self.message = (f"The rules of {self.game_title} are not installed: the file rules/{game_id}.md "
                            "is missing from the program's assets.")
        except (OSError, UnicodeDecodeError) as exc:
            self.blocks = []
            self.message = f"The rules of {self.game_title} could not be read ({exc})."
        if self.message:
            self.blocks = [Block("heading2", [("Rules not available", True)]), Block("paragraph", [(self.message, False)])]
        self.scroll = 0.0
        self.pieces: list[Piece] = []
        self.lines: list[tuple[str, pygame.Rect]] = []
        self.content_h = 0
        self.relayout()

    # ----- layout --------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = ui_scale(size)
        self.s = s
        self.header_h = max(44, int(76 * s))
        button_h = max(30, int(46 * s))
        self.back = Button(pygame.Rect(int(20 * s), (self.header_h - button_h) // 2, int(130 * s), button_h), "Back",
                           self.app.stack.pop, hotkey=pygame.K_BACKSPACE, style="secondary")
        page_w = min(int(width * 0.94), int(940 * s))
        self.page = pygame.Rect((width - page_w) // 2, self.header_h + int(12 * s), page_w,
                                height - self.header_h - int(24 * s))
        self.margin = int(40 * s) if page_w > 600 else int(20 * s)
        self.text_w = self.page.w - 2 * self.margin - int(16 * s)
        self._layout_text(s)
        self.scroll = max(0.0, min(self.scroll, self.max_scroll))
        return [keyed(self.back, "back")]

    def _layout_text(self, s: float) -> None:
        body = max(12, int(19 * s))
        sizes = {"heading1": int(body * 1.7), "heading2": int(body * 1.35), "heading3": int(body * 1.15)}
        x0 = self.margin
        y = self.margin
        pieces: list[Piece] = []
        self.lines = []
        for block in self.blocks:
            if block.kind.startswith("heading"):
                size = sizes[block.kind]
                y += int(body * (0.9 if block.kind != "heading1" else 0.2))
                style = "title" if block.kind != "heading3" else "bold"
                new, y = layout_runs(block.runs, x0, y, self.text_w, size, TERRACOTTA_DARK, style)
                pieces += new
                if block.kind == "heading1":
                    self.lines.append(("meander", pygame.Rect(x0, y + int(body * 0.2), self.text_w, int(body * 0.8))))
                    y += int(body * 1.2)
                y += int(body * 0.35)
            elif block.kind == "paragraph":
                new, y = layout_runs(block.runs, x0, y, self.text_w, body, INK)
                pieces += new
                y += int(body * 0.6)
            elif block.kind == "bullet":
                indent = int(body * 1.6)
                pieces.append((x0 + int(body * 0.3), y, block.marker, "bold", body, TERRACOTTA_DARK))
                new, y = layout_runs(block.runs, x0 + indent, y, self.text_w - indent, body, INK)
                pieces += new
                y += int(body * 0.3)
            elif block.kind == "rule":
                y += int(body * 0.4)
                self.lines.append(("rule", pygame.Rect(x0, y, self.text_w, max(1, int(2 * s)))))
                y += int(body * 0.8)
            elif block.kind == "table" and block.cells:
                y = self._layout_table(block, x0, y, body, pieces)
                y += int(body * 0.6)
        self.pieces = pieces
        self.content_h = y + self.margin

    def _layout_table(self, block: Block, x0: int, y: int, body: int, pieces: list[Piece]) -> int:
        size = max(11, int(body * 0.9))
        columns = max(len(row) for row in block.cells)
        natural = [1] * columns
        for row in block.cells:
            for c, cell in enumerate(row):
                natural[c] = max(natural[c], sum(font(size, "bold" if b else "sans").size(t)[0] for t, b in cell))
        pad = int(size * 0.5)
        total = sum(natural) + 2 * pad * columns
        widths = [max(size * 3, int((n + 2 * pad) * self.text_w / total)) if total > self.text_w else n + 2 * pad
                  for n in natural]
        for r, row in enumerate(block.cells):
            bottom = y
            x = x0
            for c in range(columns):
                cell = row[c] if c < len(row) else []
                colour = TERRACOTTA_DARK if r == 0 else INK
                runs = [(t, True) for t, _ in cell] if r == 0 else cell
                new, cell_bottom = layout_runs(runs, x + pad, y + pad // 2, widths[c] - 2 * pad, size, colour)
                pieces += new
                bottom = max(bottom, cell_bottom + pad // 2)
                x += widths[c]
            self.lines.append(("row" if r else "header", pygame.Rect(x0, y, sum(widths), bottom - y)))
            y = bottom
        return y

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.page.h)

    # ----- input ------------------------------------------------------------------------------------------
    def scroll_by(self, amount: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll, self.scroll + amount))

    def handle_event(self, event: pygame.event.Event) -> bool:
        line = font(max(12, int(19 * self.s))).get_linesize()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line * 3)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: self.page.h * 0.9,
                     pygame.K_SPACE: self.page.h * 0.9, pygame.K_PAGEUP: -self.page.h * 0.9,
                     pygame.K_HOME: -self.content_h, pygame.K_END: self.content_h}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        return super().handle_event(event)

    # ----- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width, _ = surface.get_size()
        s = self.s
        title_size = max(16, int(32 * s))
        title = ellipsize(f"Rules · {self.game_title}", title_size, width - 2 * (self.back.rect.right + int(20 * s)),
                          "title")
        draw_text(surface, title, (width // 2, self.header_h // 2), title_size, CREAM, "title", "center")
        self.focus.draw(surface)

        page = self.page
        pygame.draw.rect(surface, (0, 0, 0), page.move(0, int(4 * s)), border_radius=int(10 * s))
        pygame.draw.rect(surface, PARCHMENT, page, border_radius=int(10 * s))
        clip = surface.get_clip()
        surface.set_clip(page.inflate(-4, -4))
        offset_x, offset_y = page.x, page.y - int(self.scroll)
        for kind, rect in self.lines:
            shifted = rect.move(offset_x, offset_y)
            if kind == "meander":
                draw_meander(surface, shifted, TERRACOTTA, None)
            elif kind == "rule":
                pygame.draw.rect(surface, TERRACOTTA, shifted)
            elif kind == "header":
                pygame.draw.rect(surface, (222, 200, 160), shifted)
            else:
                pygame.draw.line(surface, (200, 180, 150), shifted.topleft, shifted.topright, 1)
        top, bottom = page.y - 60, page.bottom + 10
        for x, y, text, style, size, colour in self.pieces:
            sy = y + offset_y
            if top < sy < bottom:
                surface.blit(font(size, style).render(text, True, colour), (x + offset_x, sy))
        surface.set_clip(clip)
        if self.max_scroll > 0:
            track = pygame.Rect(page.right - int(14 * s), page.y + int(10 * s), max(4, int(6 * s)), page.h - int(20 * s))
            pygame.draw.rect(surface, (210, 190, 155), track, border_radius=track.w // 2)
            thumb_h = max(int(30 * s), int(track.h * page.h / self.content_h))
            thumb_y = track.y + int((track.h - thumb_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, TERRACOTTA_DARK, (track.x, thumb_y, track.w, thumb_h), border_radius=track.w // 2)
            if width >= 1200:
                hint = "Wheel, arrows, Page Up/Down · Esc: back"
                draw_text(surface, hint, (width - int(20 * s), self.header_h // 2), max(10, int(14 * s)), PARCHMENT,
                          "sans", "midright")
