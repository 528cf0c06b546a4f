"""The real endplay solver behind one process-wide lock, called from many threads at once."""
from concurrent.futures import ThreadPoolExecutor

import pytest

from analysis import HuddleInputError
from analysis.law import case as case_files
from analysis.bridge.double_dummy import SOLVER_LOCK, double_dummy_table
from conftest import CASES

BOARD_9 = "N:AKQ2.KQ2.AK2.AK2 JT9.JT9.JT9.JT98 8765.8765.876.76 43.A43.Q543.Q543"


def test_board_9_table():
    table = double_dummy_table(BOARD_9)
    assert table.tricks_for("NT", "N") == 9 and table.tricks_for("N", "S") == 9
    assert table.tricks_for("S", "S") == 10 and table.tricks_for("NT", "E") == 3
    assert table.rows()[4] == {"strain": "NT", "North": 9, "East": 3, "South": 9, "West": 3}


def test_many_threads_get_the_serial_answers():
    deals = [BOARD_9] + [case_files.load(open(CASES / f"{name}.json")).board.deal
                         for name in ("laws033-6d-slam", "kooijman-high-level-6c")]
    serial = [double_dummy_table(d) for d in deals]
    with ThreadPoolExecutor(max_workers=8) as pool:
        threaded = list(pool.map(double_dummy_table, deals * 8))
    assert threaded == serial * 8
    assert not SOLVER_LOCK.locked()


def test_an_incomplete_deal_is_refused():
    with pytest.raises(HuddleInputError, match="deal: double-dummy analysis needs all four hands"):
        double_dummy_table("N:AKQ2.KQ2.AK2.AK2 - - -")
