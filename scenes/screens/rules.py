"""The rules of a game, read from the file its manifest names (assets/rules/<id>.md) as a scrollable parchment page.

Only the Markdown the rules files use is understood: `#`/`##`/`###` headings, paragraphs, `- `
and `1. ` lists, `|` tables, `---` rules and inline **bold** (`code` and [links](…) show as text).
The text is laid out again for every window width; a missing file gives a plain message.

Card rows: worked examples are shown on the game's real card faces (scenes/card_faces.py). A line
of its own

    [cards: Ariadne leads: 6a 6c 6f | Bion: 6b 8a 9c | Chloe wins: 7d 8e 12a* | Damon: 1a 1b 2c]

is one row of card groups, separated by `|`. Each group is a small overlapping fan of cards, in the
order they are listed (the last one on top). Text before a `: ` (colon and space) is the group's
caption, written under it; a group without one is just cards. Card ids are the deck's own (Télos
`9a`, `Z:bull`; Zeus `7`, `Hermes`), separated by spaces or commas; a `*` after an id rings that
card in gold (the card that wins, takes Zeus…). `||` instead of `|` starts a separate example in the
same row, set apart by a divider. A row indented under a list item lines up with the item's text. Groups wrap onto a new line when the page is too narrow. A card id the game's deck does
not have is drawn as a "?" card with a red message naming it and the line, never as a wrong face.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.core.engine import Game
from game.core import manifest as manifests
from game.core.errors import ContentError
from game.core.manifest import ManifestError
from game.core.resources import asset_path
from scenes.card_faces import card_faces
from scenes.ui.i18n import SOURCE_LANGUAGE, _, current_language
from scenes.table.card_art import CardArt, card_height, corner_radius
from scenes.ui import theme
from scenes.ui.theme import fitting_size, font, ui_scale
from scenes.ui.widgets import (Button, Control, MenuScene, draw_felt, draw_meander, draw_text, ellipsize, keyed, note_cut,
                            text_width, wrap_text)

if TYPE_CHECKING:
    from scenes.scene import AppServices

Run = tuple[str, bool]   # (text, bold)

CARD_ROW_START = "[cards:"
CAPTION_SPLIT = re.compile(r"^(.*\S)\s*:\s+(\S.*)$", re.DOTALL)   # the last ": " ends the caption


@dataclass(frozen=True)
class CardRef:
    id: str
    marked: bool = False          # `*` after the id: ringed in gold


@dataclass(frozen=True)
class CardGroup:
    caption: str
    cards: tuple[CardRef, ...]
    new_example: bool = False     # after `||`: set apart from the groups before it by a divider


@dataclass(frozen=True)
class CardRow:
    """One `[cards: …]` line: its groups, and what is wrong with how it is written (if anything)."""

    groups: tuple[CardGroup, ...]
    line: int = 0                 # 1-based line in the .md file, for messages
    problems: tuple[str, ...] = ()

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(card.id for group in self.groups for card in group.cards)


def parse_card_row(text: str, line: int = 0) -> CardRow:
    """`[cards: caption: id id* | id,id || id]` -> groups of (caption, cards); mistakes become problems."""
    body = text.strip()
    problems: list[str] = []
    if body.startswith(CARD_ROW_START):
        body = body[len(CARD_ROW_START):]
    if body.endswith("]"):
        body = body[:-1]
    else:
        problems.append("the card row does not end with ]")
    groups: list[CardGroup] = []
    parts = [(part, example > 0 and i == 0) for example, text in enumerate(body.split("||"))
             for i, part in enumerate(text.split("|"))]
    for number, (part, new_example) in enumerate(parts, start=1):
        part = part.strip()
        caption, cards_text = "", part
        split = CAPTION_SPLIT.match(part)
        if split:
            caption, cards_text = split.group(1).strip(), split.group(2)
        elif part.endswith(":"):          # a caption with nothing after it (no card id ends in ":")
            caption, cards_text = part[:-1].strip(), ""
        cards = tuple(CardRef(token.rstrip("*"), token.endswith("*"))
                      for token in re.split(r"[\s,]+", cards_text) if token.rstrip("*"))
        if not cards:
            named = f" ({caption})" if caption else ""
            problems.append(f"group {number}{named} names no card")
            continue
        groups.append(CardGroup(caption, cards, new_example and bool(groups)))
    return CardRow(tuple(groups), line, tuple(problems))


@dataclass
class Block:
    kind: str                     # heading1, heading2, heading3, paragraph, bullet, rule, table, cards
    runs: list[Run] = field(default_factory=list)
    marker: str = ""              # "•" or "3." for list items
    cells: list[list[list[Run]]] = field(default_factory=list)   # table rows of cells
    row: CardRow | None = None    # a card row's groups
    indented: bool = False        # a card row under a list item


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

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith(CARD_ROW_START):
            follows_item = not paragraph and not table and bool(blocks) and (
                blocks[-1].kind == "bullet" or blocks[-1].kind == "cards" and blocks[-1].indented)
            under_item = raw[:1] in (" ", "\t") and follows_item
            flush()
            blocks.append(Block("cards", row=parse_card_row(line, number), indented=under_item))
            continue
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


class GroupSlot(NamedTuple):
    """A card group as laid out: its fan's card step and width, the slot it centres in, its caption lines."""

    group: CardGroup
    step: int
    fan_w: int
    width: int
    caption: list[str]


class PlacedCard(NamedTuple):
    x: int
    y: int
    width: int
    card_id: str
    marked: bool
    drawable: bool                # False: the deck has no such card, or the game's faces are unavailable


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
        if w > width:
            note_cut(token, width)          # a word wider than its column runs out of it
        if cx > x and cx + w > x + width:
            cx = x
            y += line_h
        pieces.append((cx, y, token, style, size, colour))
        cx += w
    return pieces, y + line_h


def rules_file(game_id: str, language: str = SOURCE_LANGUAGE) -> str:
    """The game's rules text under assets/, as its manifest names it (rules/<id>.md when it names none).

    The manifest names the English text; another language's sits in a folder named after the language
    beside it (rules/nl/<id>.md), with the same structure and card rows."""
    found = manifests.registry().get(game_id)
    english = found.rules if found is not None and found.rules else f"rules/{game_id}.md"
    if language == SOURCE_LANGUAGE:
        return english
    folder, _slash, name = english.rpartition("/")
    return f"{folder}/{language}/{name}" if folder else f"{language}/{name}"


def rules_file_for_language(game_id: str, language: str) -> str:
    """The rules text to show in `language`: its own, or the English one while it has none."""
    translated = rules_file(game_id, language)
    if asset_path(*translated.split("/")).is_file():
        return translated
    return rules_file(game_id)


class RulesScene(MenuScene):
    hover_focus = True

    def __init__(self, app: "AppServices", game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        game = app.catalog.games.get(game_id)
        self.game_title = game.title if game is not None else game_id
        self.read_text()
        self.game: Game | None = game
        self.art: CardArt | None = None
        self.deck_ids: frozenset[str] = frozenset()
        self.faces_problem = ""
        self.faces_loaded = False         # the game's faces are loaded when the first card row is laid out
        self.scroll = 0.0
        self.pieces: list[Piece] = []
        self.cards: list[PlacedCard] = []
        self.card_row_tops: list[int] = []     # content y of each card row, top first (to scroll to an example)
        self._unknown_cards: dict[tuple[str, int], pygame.Surface] = {}
        self.lines: list[tuple[str, pygame.Rect]] = []
        self.content_h = 0
        self.relayout()

    def read_text(self) -> None:
        """Read the rules in the player's language (a missing or unreadable file: a message saying so)."""
        self.rules_file = rules_file_for_language(self.game_id, current_language())
        self.path = asset_path(*self.rules_file.split("/"))
        self.message = ""
        try:
            self.blocks = parse_markdown(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            self.blocks = []
            self.message = _("The rules of {game} are not installed: the file {file} is missing from the "
                             "program's assets.").format(game=self.game_title, file=self.rules_file)
        except (OSError, UnicodeDecodeError) as exc:
            self.blocks = []
            self.message = _("The rules of {game} could not be read ({reason}).").format(game=self.game_title,
                                                                                         reason=exc)
        if self.message:
            self.blocks = [Block("heading2", [(_("Rules not available"), True)]),
                           Block("paragraph", [(self.message, False)])]

    def language_changed(self) -> None:
        """The same page in the other language, scrolled back to its top (the two texts differ in length)."""
        self.read_text()
        self.scroll = 0.0

    # ----- card faces ---------------------------------------------------------------------------------
    def _load_faces(self) -> None:
        """The game's card art and deck ids; when they cannot be had, rows show "?" cards and say why."""
        self.faces_loaded = True
        try:
            game = self.game
            if game is None:
                from game.catalog import load_game

                game = load_game(self.game_id)
                self.game_title = game.title
            self.art, self.deck_ids = card_faces(self.game_id, game)
        except (LookupError, ImportError, ContentError, ManifestError, OSError) as exc:
            self.art = None
            self.faces_problem = _("The cards of {game} cannot be drawn here: {reason}.").format(
                game=self.game_title, reason=exc)

    def row_messages(self, block: Block, first_row: bool) -> list[str]:
        """What is wrong with one card row, in words for the screen (empty when nothing is)."""
        row = block.row
        if row is None:
            return []
        where = _("Card row on line {line} of {file}").format(line=row.line, file=self.rules_file)
        found = [f"{where}: {problem}." for problem in row.problems]
        if self.art is None:
            if first_row and self.faces_problem:
                found.append(self.faces_problem)
            return found
        unknown = [card for card in dict.fromkeys(row.card_ids) if card not in self.deck_ids]
        if unknown:
            quoted = [f"\u201c{card}\u201d" for card in unknown]
            names = quoted[0] if len(quoted) == 1 else _("{names} or {last}").format(names=", ".join(quoted[:-1]),
                                                                                    last=quoted[-1])
            found.append(_("{where}: the {game} deck has no card {names}.").format(where=where, game=self.game_title,
                                                                                   names=names))
        return found

    def drawable(self, card_id: str) -> bool:
        return self.art is not None and card_id in self.deck_ids

    # ----- layout --------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = ui_scale(size)
        self.s = s
        self.header_h = max(44, int(76 * s))
        button_h = max(30, int(46 * s))
        self.back = Button(pygame.Rect(int(20 * s), (self.header_h - button_h) // 2, int(130 * s), button_h), _("Back"),
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
        self.cards = []
        self.card_row_tops = []
        self.card_row_messages: list[str] = []
        for block in self.blocks:
            if block.kind.startswith("heading"):
                size = sizes[block.kind]
                y += int(body * (0.9 if block.kind != "heading1" else 0.2))
                style = "title" if block.kind != "heading3" else "bold"
                new, y = layout_runs(block.runs, x0, y, self.text_w, size, theme.TERRACOTTA_DARK, style)
                pieces += new
                if block.kind == "heading1":
                    self.lines.append(("meander", pygame.Rect(x0, y + int(body * 0.2), self.text_w, int(body * 0.8))))
                    y += int(body * 1.2)
                y += int(body * 0.35)
            elif block.kind == "paragraph":
                new, y = layout_runs(block.runs, x0, y, self.text_w, body, theme.INK)
                pieces += new
                y += int(body * 0.6)
            elif block.kind == "bullet":
                indent = int(body * 1.6)
                pieces.append((x0 + int(body * 0.3), y, block.marker, "bold", body, theme.TERRACOTTA_DARK))
                new, y = layout_runs(block.runs, x0 + indent, y, self.text_w - indent, body, theme.INK)
                pieces += new
                y += int(body * 0.3)
            elif block.kind == "rule":
                y += int(body * 0.4)
                self.lines.append(("rule", pygame.Rect(x0, y, self.text_w, max(1, int(2 * s)))))
                y += int(body * 0.8)
            elif block.kind == "table" and block.cells:
                y = self._layout_table(block, x0, y, body, pieces)
                y += int(body * 0.6)
            elif block.kind == "cards" and block.row is not None:
                if not self.faces_loaded:
                    self._load_faces()
                indent = int(body * 1.6) if block.indented else 0
                self.card_row_tops.append(y)
                y = self._layout_card_row(block.row, x0 + indent, y, self.text_w - indent, body, pieces)
                messages = self.row_messages(block, first_row=not self.card_row_tops[:-1])
                self.card_row_messages += messages
                for message in messages:
                    new, y = layout_runs([(message, False)], x0 + indent, y, self.text_w - indent,
                                         max(11, int(body * 0.85)), theme.ILLEGAL)
                    pieces += new
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
                colour = theme.TERRACOTTA_DARK if r == 0 else theme.INK
                runs = [(t, True) for t, _bold in cell] if r == 0 else cell
                new, cell_bottom = layout_runs(runs, x + pad, y + pad // 2, widths[c] - 2 * pad, size, colour)
                pieces += new
                bottom = max(bottom, cell_bottom + pad // 2)
                x += widths[c]
            self.lines.append(("row" if r else "header", pygame.Rect(x0, y, sum(widths), bottom - y)))
            y = bottom
        return y

    def card_width(self, body: int) -> int:
        """Cards scale with the text: wide enough at 1280×720 for a Zeus god to print its effect, and
        never so narrow (60 px) that a god's name no longer fits its banner."""
        return max(60, int(body * 4.2))

    def _layout_card_row(self, row: CardRow, x0: int, y: int, width: int, body: int, pieces: list[Piece]) -> int:
        """Groups side by side, each a fan of overlapping cards with its caption centred under it.

        A group that does not fit the rest of the line starts a new one; a group wider than the page
        overlaps its cards more tightly. Returns the y below the row.
        """
        card_w = min(width, self.card_width(body))
        card_h = card_height(card_w)
        caption_size = max(11, int(body * 0.85))
        caption_line = font(caption_size).get_linesize()
        gap = max(10, int(card_w * 0.4))
        ring = 2 * max(2, card_w // 24)   # room for a marked card's ring
        slots: list[GroupSlot] = []
        for group in row.groups:
            count = len(group.cards)
            step = int(card_w * 0.55) if count > 1 else 0
            if count > 1 and card_w + (count - 1) * step > width:
                step = max(2, (width - card_w) // (count - 1))
            fan_w = card_w + (count - 1) * step
            caption_w = font(caption_size).size(group.caption)[0] if group.caption else 0
            slot_w = min(width, max(fan_w, min(caption_w, int(card_w * 2.3))))
            caption = wrap_text(group.caption, caption_size, slot_w) if group.caption else []
            slots.append(GroupSlot(group, step, fan_w, slot_w, caption))

        def space_before(slot: GroupSlot) -> int:
            return gap * 2 if slot.group.new_example else gap    # a new example stands apart, past a divider

        examples: list[list[GroupSlot]] = []
        for slot in slots:
            if slot.group.new_example or not examples:
                examples.append([])
            examples[-1].append(slot)
        lines: list[list[GroupSlot]] = []
        used = 0
        for example in examples:
            example_w = sum(slot.width for slot in example) + gap * (len(example) - 1)
            if lines and used + space_before(example[0]) + example_w > width and example_w <= width:
                lines.append([])      # an example that fits a line of its own is not split
            for slot in example:
                if lines and (not lines[-1] or used + space_before(slot) + slot.width <= width):
                    used = used + space_before(slot) + slot.width if lines[-1] else slot.width
                    lines[-1].append(slot)
                else:
                    lines.append([slot])
                    used = slot.width
        y += ring + int(body * 0.2)
        for line in lines:
            x = x0
            for n, (group, step, fan_w, slot_w, caption) in enumerate(line):
                if n > 0:
                    if group.new_example:
                        self.lines.append(("divider", pygame.Rect(x + gap, y, 1, card_h)))
                    x += space_before(line[n])
                left = x + (slot_w - fan_w) // 2
                for i, card in enumerate(group.cards):
                    self.cards.append(PlacedCard(left + i * step, y, card_w, card.id, card.marked, self.drawable(card.id)))
                text_y = y + card_h + ring + int(caption_size * 0.3)
                for text in caption:
                    text_x = x + (slot_w - font(caption_size).size(text)[0]) // 2
                    pieces.append((text_x, text_y, text, "sans", caption_size, theme.INK))
                    text_y += caption_line
                x += slot_w
            caption_h = max(len(slot.caption) for slot in line) * caption_line
            y += card_h + ring + int(caption_size * 0.3) + caption_h + int(body * 0.5)
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
        width = surface.get_width()
        s = self.s
        room = width - 2 * (self.back.rect.right + int(20 * s))
        title = _("Rules · {game}").format(game=self.game_title)
        title_size = fitting_size(title, max(16, int(32 * s)), room, "title", smallest=16)
        title = ellipsize(title, title_size, room, "title")
        title_right = draw_text(surface, title, (width // 2, self.header_h // 2), title_size, theme.CREAM, "title", "center").right
        self.focus.draw(surface)

        page = self.page
        pygame.draw.rect(surface, (0, 0, 0), page.move(0, int(4 * s)), border_radius=int(10 * s))
        pygame.draw.rect(surface, theme.PARCHMENT, page, border_radius=int(10 * s))
        clip = surface.get_clip()
        surface.set_clip(page.inflate(-4, -4))
        offset_x, offset_y = page.x, page.y - int(self.scroll)
        for kind, rect in self.lines:
            shifted = rect.move(offset_x, offset_y)
            if kind == "meander":
                draw_meander(surface, shifted, theme.TERRACOTTA, None)
            elif kind == "rule":
                pygame.draw.rect(surface, theme.TERRACOTTA, shifted)
            elif kind == "header":
                pygame.draw.rect(surface, (222, 200, 160), shifted)
            elif kind == "divider":
                pygame.draw.line(surface, theme.TERRACOTTA, shifted.topleft, shifted.bottomleft, max(1, int(2 * s)))
            else:
                pygame.draw.line(surface, (200, 180, 150), shifted.topleft, shifted.topright, 1)
        self._draw_cards(surface, offset_x, offset_y)
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
            pygame.draw.rect(surface, theme.TERRACOTTA_DARK, (track.x, thumb_y, track.w, thumb_h), border_radius=track.w // 2)
            hint = _("Wheel, arrows, Page Up/Down · Esc: back")
            hint_size = max(10, int(14 * s))
            # Only where it fits beside the title (a wide window at a modest UI scale).
            if width >= 1200 and width - int(20 * s) - text_width(hint, hint_size) > title_right + int(20 * s):
                draw_text(surface, hint, (width - int(20 * s), self.header_h // 2), hint_size, theme.PARCHMENT,
                          "sans", "midright")

    def _draw_cards(self, surface: pygame.Surface, offset_x: int, offset_y: int) -> None:
        """The placed cards with a soft shadow; a marked card gets a gold ring, an unknown one a "?" card."""
        page = self.page
        for x, y, width, card_id, marked, drawable in self.cards:
            height = card_height(width)
            sx, sy = x + offset_x, y + offset_y
            if sy > page.bottom or sy + height < page.y:
                continue
            drop = max(1, width // 30)
            if self.art is not None:
                surface.blit(self.art.shadow(width), (sx + drop, sy + drop))
            if marked:    # a gold ring edged in ink, so it shows on an ochre or gold card too
                ring = max(2, width // 24)
                outline = pygame.Rect(sx, sy, width, height).inflate(4 * ring, 4 * ring)
                pygame.draw.rect(surface, theme.INK, outline, width=ring * 2, border_radius=corner_radius(width) + 2 * ring)
                pygame.draw.rect(surface, theme.GOLD, outline.inflate(-ring, -ring), width=ring,
                                 border_radius=corner_radius(width) + ring)
            image = self.art.card(card_id, width, True) if drawable and self.art is not None \
                else self._unknown_card(card_id, width)
            surface.blit(image, (sx, sy))

    def _unknown_card(self, card_id: str, width: int) -> pygame.Surface:
        """A plain card saying "?" and the id it was given: an example naming a card the deck lacks."""
        key = (card_id, width)
        if key not in self._unknown_cards:
            height = card_height(width)
            image = pygame.Surface((width, height), pygame.SRCALPHA)
            radius = corner_radius(width)
            pygame.draw.rect(image, theme.CREAM, image.get_rect(), border_radius=radius)
            pygame.draw.rect(image, theme.ILLEGAL, image.get_rect(), width=max(2, width // 24), border_radius=radius)
            mark = font(int(height * 0.4), "bold").render("?", True, theme.ILLEGAL)
            image.blit(mark, mark.get_rect(center=(width // 2, int(height * 0.4))))
            label = font(max(9, width // 6), "sans").render(ellipsize(card_id, max(9, width // 6), width - 6), True, theme.INK)
            image.blit(label, label.get_rect(center=(width // 2, int(height * 0.78))))
            self._unknown_cards[key] = image
        return self._unknown_cards[key]
