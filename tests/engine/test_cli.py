"""The command line: JSON in, JSON out, one-line errors, never a traceback."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start subprocesses")

HAND = "三三三 贰柒拾 壹贰叁 四五六 七八九 一一 捌玖拾"


def run(args, stdin):
    data = stdin if isinstance(stdin, bytes) else stdin.encode("utf-8")
    return subprocess.run([sys.executable, "-m", "changpai", *args], input=data, capture_output=True, timeout=60)


def test_score_reads_and_writes_json():
    done = run(["score", "--rules", "luzhou-a"], json.dumps({"hand": HAND, "win_card": "三", "from": "discard"}))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["win"] is True and answer["points"] == 21
    assert all({"cards", "kind", "points"} <= set(s) for s in answer["sets"])


def test_waits_reads_and_writes_json():
    done = run(["waits", "--rules", "luzhou-a", "--option", "win_on_pair=kan"], json.dumps({"hand": HAND}))
    assert done.returncode == 0, done.stderr
    waits = {w["card"]: w["points"] for w in json.loads(done.stdout)["waits"]}
    assert waits["一"] == 3 + 3 + 9 + 6  # 一一一 counts as a 坎 under the option


@pytest.mark.parametrize(
    ("args", "stdin", "named"),
    [
        (["score", "--rules", "luzhou-a"], {"hand": "一二三九x"}, "“x”"),
        (["score", "--rules", "luzhou-a"], {"hand": "贰贰贰贰贰"}, "“贰”"),
        (["score", "--rules", "luzhou-a"], {"hand": "一二三", "win_card": "四"}, "hand"),
        (
            ["waits", "--rules", "luzhou-a"],
            {"hand": HAND, "table": [{"set": "eat", "cards": "一二"}]},
            "table[0].cards",
        ),
        (["waits", "--rules", "luzhou-a"], {"hand": HAND, "table": [{"sett": "eat"}]}, "table[0].sett"),
        (["waits", "--rules", "luzhou"], {"hand": HAND}, "luzhou"),
        (["waits", "--rules", "luzhou-a"], {"hnd": HAND}, "hnd"),
        (["waits", "--rules", "luzhou-a", "--option", "nonsense"], {"hand": HAND}, "nonsense"),
        (["waits", "--rules", "luzhou-a"], "{not json", "line 1"),
        (["waits", "--rules", "luzhou-a"], "[1, 2]", "JSON object"),
        (["waits", "--rules", "luzhou-a"], b"\xff\xfe", "UTF-8"),
        (["waits", "--rules", "luzhou-a"], "", "empty"),
    ],
)
def test_bad_input_exits_nonzero_with_one_line(args, stdin, named):
    done = run(args, stdin if isinstance(stdin, str | bytes) else json.dumps(stdin, ensure_ascii=False))
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2
    assert done.stdout == b""
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert named in err


def test_rules_subcommand():
    done = run(["rules", "wuchuan"], "")
    assert done.returncode == 0
    assert json.loads(done.stdout)["name"] == "wuchuan"


def test_missing_rules_flag_is_a_usage_error():
    done = run(["score"], "{}")
    assert done.returncode == 2 and b"--rules" in done.stderr and b"Traceback" not in done.stderr


def test_a_match_is_recorded_replayed_and_simulated(tmp_path):
    done = run(["record", "--rules", "leshan", "--players", "3", "--match", "3", "--seed", "4"], "")
    assert done.returncode == 0, done.stderr
    path = tmp_path / "match.yml"
    path.write_bytes(done.stdout)
    replayed = run(["replay", str(path)], "")
    assert replayed.returncode == 0, replayed.stderr
    assert "a leshan match, 3 seats, 3 deals" in replayed.stdout.decode()
    tampered = done.stdout.decode().replace("first_shuffler: ", "first_shuffler: 1", 1)  # a seat that does not exist
    path.write_text(tampered, encoding="utf-8")
    refused = run(["replay", str(path)], "")
    assert refused.returncode == 2 and b"Traceback" not in refused.stderr, refused.stderr
    assert b"first_shuffler (match.yml:3): there is no seat 1" in refused.stderr, refused.stderr
    summary = run(["simulate", "--rules", "wuchuan", "--match", "4", "--deals", "3"], "")
    assert summary.returncode == 0, summary.stderr
    answer = json.loads(summary.stdout)
    assert answer["matches"] == 3 and answer["deals"] == 12 and answer["max_abs_ledger_sum"] == 0
