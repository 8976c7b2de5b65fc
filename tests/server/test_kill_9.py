"""Kill -9 a few times mid-play (the test-sized run of benchmarks/bench_kill9.py): every action
any browser was shown is in the database, and every table comes back."""

import json
import subprocess
import sys
from pathlib import Path

from fastapi.testclient import TestClient

from machine_speed import MACHINE_SPEED
from meeple.server import create_app

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_kill9.py"


def test_killed_three_times_mid_play_no_acknowledged_action_is_lost(tmp_path: Path) -> None:
    db = tmp_path / "kill9.sqlite"
    command = [sys.executable, str(BENCH), "--kills", "3", "--tables", "3", "--json", "--db", str(db)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["kills"] == 3 and report["acknowledged"] > 0
    assert report["lost"] == 0 and report["broken"] == []
    # Checked again here, by the server's own loading: every table replays, none is short.
    with TestClient(create_app(str(db), bot_workers=0, limits=MACHINE_SPEED)) as client:
        manager = client.app.state.manager
        for table_id, shown in report["acknowledged_by_table"].items():
            table = client.portal.call(manager.find, table_id)  # finished ones too
            assert table is not None and table.broken is None
            kept = table.seq
            assert kept >= shown, f"table {table_id}: {shown} actions were shown, {kept} are kept"
