"""No rule code (A-8, E-5, T-12, Z-7…) and no internal index in any text a player reads (issue 20, item 3:
"must be kept (A-8)", "The first turn must place a group with a joker (E-5); group 0 'ryv' has none" while
the tray is labelled 1 on screen). Rule codes stay in code comments and developer logs."""
from __future__ import annotations

import itertools
import random
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "build"))

import message_catalogs as catalogs  # noqa: E402

from game.catalog import load_game  # noqa: E402
from game.core.actions import Action  # noqa: E402
from game.core.engine import SeatInfo  # noqa: E402
from tests.test_engine_messages import probes  # noqa: E402

RULE_CODE = re.compile(r"\b[ATEZ]-\d+")


def test_no_catalog_entry_names_a_rule_code() -> None:
    """Every text the program can show: what the code marks for translation today, and each translation."""
    found = [m.id for m in catalogs.extract_template() if m.id and RULE_CODE.search(str(m.id))]
    assert found == []
    found = [m.string for m in catalogs.read_catalog("nl") if m.id and RULE_CODE.search(str(m.string))]
    assert found == []


@pytest.mark.parametrize("game_id,players", [("tamoul", 3), ("elios", 2), ("elios", 4), ("zeus", 3), ("telos", 4)])
def test_no_refusal_met_in_random_games_names_a_rule_code(game_id: str, players: int) -> None:
    game = load_game(game_id)
    rng = random.Random(11)
    met = set()
    for seed in range(2):
        state = game.new_state([SeatInfo(f"P{i}", "ai:random") for i in range(players)], None, seed)
        agent = game.agent("random")
        for _step in range(300):
            if state.finished or not state.to_act():
                break
            for seat in range(-1, players):
                for action in probes(state, max(seat, 0)):
                    reason = state.why_illegal(seat, action)
                    if reason is not None:
                        met.add(reason.template)
                        assert not RULE_CODE.search(reason), reason
            seat = state.to_act()[0]
            state.apply(seat, state.chance_action() if seat < 0 else
                        agent.choose(state.view(seat), state.legal_actions(seat), rng))
    assert len(met) >= 5


def table_shaped_elios_moves(state, seat: int) -> list[Action]:
    """Every placement and split of the seat's groups the table can send: the right number of stacks, each
    beam on a stack of its own, any stacks. Their refusals are what a player at the table reads."""
    groups = state.view(seat).groups[seat] or ()
    moves = [Action("disc")]
    for index, group in enumerate(groups):
        for stacks in itertools.permutations(range(8), len(group)):
            moves.append(Action("place", (str(index), ",".join(map(str, stacks)))))
        for cut in range(1, len(group)):
            moves.append(Action("split", (str(index), f"{group[:cut]}/{group[cut:]}")))
        moves.append(Action("split", (str(index), f"{group}/")))
    return moves


def test_elios_refusals_at_the_table_name_no_group_index_or_beam_letters() -> None:
    """The table numbers trays from 1 and shows coloured beams, so "group 0 'ryv'" would be a riddle."""
    game = load_game("elios")
    rng = random.Random(3)
    state = game.new_state([SeatInfo("Io", "ai:random"), SeatInfo("Bion", "ai:random")], None, 5)
    agent = game.agent("random")
    met = set()
    for _step in range(60):
        if state.finished or not state.to_act():
            break
        seat = state.to_act()[0]
        if state.phase != "grouping":
            for action in table_shaped_elios_moves(state, seat):
                reason = state.why_illegal(seat, action)
                if reason is not None:
                    met.add(reason.template)
                    assert "{index}" not in reason.template and "{group}" not in reason.template, reason
        state.apply(seat, agent.choose(state.view(seat), state.legal_actions(seat), rng))
    assert any("joker" in t for t in met) and any("height" in t for t in met)
