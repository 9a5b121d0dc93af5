"""The command line plays 打圈 and Leshan's short deals: ``record --match`` writes a match, ``replay`` checks it (a
wrong round is refused with the file's line, in both languages), ``simulate`` and ``simulate --match`` summarise."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start subprocesses")


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "changpai", *args], capture_output=True, timeout=120)


def test_a_dajuan_match_is_recorded_and_a_wrong_round_is_located(tmp_path):
    # --match is a cap for 打圈: the rounds end the sitting (here after 49 deals)
    done = run(
        "record",
        "--rules",
        "leshan",
        "--players",
        "3",
        "--match",
        "200",
        "--seed",
        "3",
        "--option",
        "leshan_match=dajuan",
    )
    assert done.returncode == 0, done.stderr
    path = tmp_path / "dajuan.yml"
    path.write_bytes(done.stdout)
    replayed = run("replay", str(path))
    assert replayed.returncode == 0 and b"a leshan match, 3 seats" in replayed.stdout, replayed.stderr
    text = done.stdout.decode()
    assert "quan: 10" in text and "quan: 11" not in text  # 圈一 … 圈十, then the sitting ends
    path.write_text(text.replace("quan: 3", "quan: 4", 1), encoding="utf-8")
    refused = run("replay", str(path))
    assert refused.returncode == 2 and b"Traceback" not in refused.stderr
    message = refused.stderr.decode()
    assert "(dajuan.yml:" in message and "round 3, not round 4" in message and "第 3 圈" in message


@pytest.mark.parametrize(("rules", "players"), [("leshan-bazhang", "8"), ("leshan-shisi", "5")])
def test_the_short_deals_simulate_alone_and_in_matches(rules, players):
    alone = run("simulate", "--rules", rules, "--players", players, "--deals", "5")
    assert alone.returncode == 0, alone.stderr
    assert json.loads(alone.stdout)["deals"] == 5
    matches = run("simulate", "--rules", rules, "--players", players, "--match", "4", "--deals", "2")
    assert matches.returncode == 0, matches.stderr
    answer = json.loads(matches.stdout)
    assert answer["deals"] == 8 and answer["max_abs_ledger_sum"] == 0
