"""一百 on the command line: ``record --match`` writes a sitting to the target, ``replay`` checks it (a tampered
score is refused with its file line), ``simulate --match`` plays sittings (daer/wuchuan_yibai_match.py)."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start subprocesses")


def run(args):
    return subprocess.run([sys.executable, "-m", "changpai", *args], capture_output=True, timeout=120)


def test_a_yibai_sitting_is_recorded_replayed_and_simulated(tmp_path):
    done = run(["record", "--rules", "wuchuan-yibai", "--match", "200", "--seed", "3"])
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode()
    assert "scores:" in text and "\n        - do: 1 turn" not in text  # 子 as made; every draw face down
    path = tmp_path / "yibai.yml"
    path.write_text(text, encoding="utf-8")
    replayed = run(["replay", str(path)])
    assert replayed.returncode == 0, replayed.stderr
    assert "a wuchuan-yibai match, 3 seats" in replayed.stdout.decode()
    line = next(i for i, row in enumerate(text.splitlines(), start=1) if "points:" in row)
    rows = text.splitlines()
    rows[line - 1] = rows[line - 1].replace("points: ", "points: 1")  # a score claimed that was not made
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    refused = run(["replay", str(path)])
    assert refused.returncode == 2 and b"Traceback" not in refused.stderr, refused.stderr
    err = refused.stderr.decode()
    assert "deals[0].scores[0] (yibai.yml:" in err and "not made" in err and "不是这一盘得的" in err, err
    summary = run(["simulate", "--rules", "wuchuan-yibai", "--match", "200", "--deals", "3"])
    assert summary.returncode == 0, summary.stderr
    answer = json.loads(summary.stdout)
    assert answer["matches"] == 3 and answer["deals"] >= 3 and answer["max_abs_ledger_sum"] == 0
