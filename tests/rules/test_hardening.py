"""One named regression test per hardened edge: nothing a caller passes can
hang, abort or corrupt the engine."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cribbage_fast as cf
from cribbage_fast import Game, Move, Player

ROW = np.arange(5, dtype=np.uint8)[None]


def _threads() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no thread count in /proc/self/status")


# ----- 1. threads ----------------------------------------------------------


@pytest.mark.parametrize("threads", [0, 257, 100_000, 2**64, -1])
@pytest.mark.parametrize("fn", [cf.score_hands, lambda a, **k: cf.score_plays(a, **k)])
def test_item1_threads_have_a_bound(fn: Any, threads: int) -> None:
    start = time.monotonic()
    with pytest.raises(ValueError, match=r"threads must be at least 1 and at most 256"):
        fn(ROW, threads=threads)
    assert time.monotonic() - start < 5  # refused before any thread starts


@pytest.mark.parametrize("threads", [True, 1.5, "2"])
def test_item1_threads_must_be_an_integer(threads: Any) -> None:
    with pytest.raises(TypeError, match="threads must be an integer"):
        cf.score_hands(ROW, threads=threads)


def test_item1_live_threads_stay_bounded() -> None:
    before = _threads()
    for n in range(2, 40):  # 779 threads if every pool were kept
        assert cf.score_hands(ROW, threads=n).tolist() == [12]
    deadline = time.monotonic() + 5
    while _threads() - before > 256 and time.monotonic() < deadline:
        time.sleep(0.05)  # dropped pools' threads exit asynchronously
    assert _threads() - before <= 256


def test_item1_simulate_threads_bound() -> None:
    with pytest.raises(ValueError, match="threads"):
        cf.simulate("random", "random", games=2, threads=100_000)


def test_item1_simulate_threads_beyond_64_bits() -> None:
    with pytest.raises(ValueError, match="threads"):
        cf.simulate("random", "random", games=2, threads=2**64)


# ----- 1-3. processes that must end with a Python exception ---------------


def _exit_status(code: str) -> tuple[int, str]:
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stderr


def test_item1_threads_100000_ends_with_an_exception() -> None:
    status, err = _exit_status(
        "import numpy as np, cribbage_fast as cf\n"
        "cf.score_hands(np.arange(5, dtype=np.uint8)[None], threads=100000)"
    )
    assert status == 1 and ("ValueError" in err or "CribbageError" in err)


@pytest.mark.parametrize(
    "code",
    [
        "CribbageVectorEnv(10**8)",  # item 2: allocation abort
        "CribbageVectorEnv(2**63)",  # item 3: capacity overflow panic
        "CribbageVectorEnv(2, threads=100000)",  # item 1
    ],
)
def test_item2_3_vector_env_ends_with_an_exception(code: str) -> None:
    pytest.importorskip("gymnasium")
    status, err = _exit_status(f"from cribbage_fast.envs import CribbageVectorEnv\n{code}")
    assert status == 1, err
    assert any(kind in err for kind in ("MemoryError", "ValueError", "CribbageError"))


def test_item3_read_only_output_arrays_are_refused() -> None:
    pytest.importorskip("gymnasium")
    status, err = _exit_status(
        "import numpy as np\n"
        "from cribbage_fast.envs import CribbageVectorEnv\n"
        "env = CribbageVectorEnv(2)\n"
        "env._obs.flags.writeable = False\n"
        "try:\n"
        "    env.reset(seed=0)\n"
        "except ValueError:\n"
        "    raise SystemExit(0)\n"
        "raise SystemExit(2)\n"
    )
    assert status == 0, err


# ----- 4. out-of-range integers are ValueError, never OverflowError --------

_GAME = dict(num_players=2, seed=1)
CASES: list[Any] = [
    ("Card.from_index(np.uint64(2**63))", lambda: cf.Card.from_index(np.uint64(2**63))),
    ("Game(num_players=2**63)", lambda: Game(num_players=2**63)),
    ("Game(target=2**63)", lambda: Game(target=2**63)),
    ("Game(seed=-1)", lambda: Game(seed=-1)),
    ("Game(2).hand(2**63)", lambda: Game(**_GAME).hand(2**63)),
    ("Game(2).view(2**63)", lambda: Game(**_GAME).view(2**63)),
    ("Game(2).kept(2**63)", lambda: Game(**_GAME).kept(2**63)),
    ("Game(2).side_of(2**63)", lambda: Game(**_GAME).side_of(2**63)),
    ("Game.determinize(-1)", lambda: Game(**_GAME).determinize(-1)),
    ("playout(seed=-1)", lambda: Game(**_GAME).playout(seed=-1)),
    ("Move.count(2**63)", lambda: Move.count(2**63)),
    (
        "supply_deal(scores=[65536, 0])",
        lambda: Game(**_GAME).supply_deal(
            ["AH 2H 3H 4H 5H 6H", "AS 2S 3S 4S 5S 6S"], starter="KD", scores=[65536, 0]
        ),
    ),
    ("Pegging(leader=2**63)", lambda: cf.Pegging(["5H", "6D"], leader=2**63)),
    ("RandomPlayer(seed=-1)", lambda: cf.RandomPlayer(seed=-1)),
    ("score_hands(threads=2**64)", lambda: cf.score_hands(ROW, threads=2**64)),
    ("simulate(seed=-1)", lambda: cf.simulate("random", "random", games=2, seed=-1)),
    ("simulate(games=2**64)", lambda: cf.simulate("random", "random", games=2**64)),
]


@pytest.mark.parametrize(
    ("name", "call"),
    [pytest.param(*c, id=c[0]) if type(c) is tuple else c for c in CASES],
)
def test_item4_out_of_range_integers_are_value_errors(name: str, call: Any) -> None:
    with pytest.raises(ValueError):
        call()


def _env() -> Any:
    pytest.importorskip("gymnasium")
    from cribbage_fast.envs import CribbageEnv

    return CribbageEnv


@pytest.mark.parametrize("case", ["ActionGame(256)", "CribbageEnv(target=-1)", "step(-1)"])
def test_item4_environment_integers(case: str) -> None:
    env_cls = _env()
    from cribbage_fast._core import ActionGame

    with pytest.raises(ValueError):
        if case == "ActionGame(256)":
            ActionGame(256)
        elif case == "CribbageEnv(target=-1)":
            env_cls(target=-1)
        else:
            env = env_cls(illegal_action="raise")
            env.reset(seed=0)
            env.step(-1)


# ----- 5. game records -----------------------------------------------------


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    result = Game(num_players=2, seed=4).play([Player(), Player()])
    log: dict[str, Any] = json.loads(result.to_json())
    return log


@pytest.mark.parametrize(
    ("bad", "error", "message"),
    [
        ("[]", TypeError, "a game record must be a dict"),
        (None, TypeError, "a game record must be a dict"),
        ("{}", ValueError, "no num_players"),
        ("not json", ValueError, "must be JSON"),
    ],
)
def test_item5_records_that_are_not_records(bad: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        Game.replay(bad)


def test_item5_a_bad_move_names_its_index(record: dict[str, Any]) -> None:
    bad = copy.deepcopy(record)
    bad["moves"][2] = {}
    with pytest.raises(ValueError, match=r'move 2 of the record .*no "move" entry'):
        Game.replay(bad)
    with pytest.raises(ValueError, match='no "move" entry'):
        Move.from_dict({})
    with pytest.raises(TypeError, match="a move must be a dict"):
        Move.from_dict(np.int64(5))


def test_item5_tampered_seats_and_events_fail(record: dict[str, Any]) -> None:
    assert Game.replay(record).moves() == record["moves"]
    bad = copy.deepcopy(record)
    bad["moves"][3]["seat"] = 1 - bad["moves"][3]["seat"]
    with pytest.raises(ValueError, match=r"move 3 of the record differs .*seat: record"):
        Game.replay(bad)
    bad = copy.deepcopy(record)
    bad["events"][7]["points"] = 9
    with pytest.raises(ValueError, match=r"event 7 of the record differs .*points: record 9"):
        Game.replay(bad)
    bad = copy.deepcopy(record)
    bad["events"].pop()
    with pytest.raises(ValueError, match="events"):
        Game.replay(bad)


def test_item5_play_match_without_players() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        cf.play_match([], 1)
    with pytest.raises(TypeError, match="PlayerProtocol"):
        cf.play_match([1, 2], 1)


# ----- 6. the OpenSpiel adapter --------------------------------------------


def test_item6_openspiel_refuses_illegal_actions() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import cribbage_fast.envs.openspiel  # noqa: F401

    state = pyspiel.load_game("python_cribbage_fast", {"target": 31}).new_initial_state()
    state.apply_action(0)  # first dealer
    state.apply_action(3)
    for action in (3, 52, 99, 2**40):  # a duplicate card, then no cards at all
        before = (str(state), state.history())
        with pytest.raises(ValueError, match="not legal"):
            state.apply_action(action)
        assert (str(state), state.history()) == before
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    held = set(state.legal_actions())
    not_held = next(c for c in range(52) if c not in held)
    before = (str(state), state.history())
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(not_held)
    assert (str(state), state.history()) == before


# ----- 7. non-integer actions ----------------------------------------------


@pytest.mark.parametrize("action", [5.9, "5"])
def test_item7_non_integer_actions_are_type_errors(action: Any) -> None:
    env = _env()()
    env.reset(seed=0)
    with pytest.raises(TypeError):
        env.step(action)


# ----- 8. pickling, copying, masked arrays ----------------------------------


def _values() -> list[Any]:
    game = Game(num_players=2, seed=5)
    for _ in range(12):
        game.step(Player())
    play = cf.Pegging(["5H 6D 9C", "7C 8S KD"], leader=1)
    play.lay("7C")
    play.lay("5H")
    return [
        game,
        play,
        game.legal_moves()[0],
        play.events[-1],
        cf.best_discard("5H 5D JC 4S 6H KD", True),
        cf.explain_hand("5H 5D 5C JS", "5S"),
        cf.explain_play("4S 6H 5D"),
    ]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Game):
        return bool(a.moves() == b.moves() and a.events() == b.events() and repr(a) == repr(b))
    return bool(a == b)


@pytest.mark.parametrize("index", range(7))
def test_item8_values_pickle_and_copy(index: int) -> None:
    value = _values()[index]
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert type(again) is type(value)
        assert _same(again, value)


def test_item8_masked_arrays_are_refused() -> None:
    with pytest.raises(TypeError, match="masked array"):
        cf.score_hands(np.ma.masked_array(ROW))
    with pytest.raises(TypeError, match="masked array"):
        cf.score_plays(np.ma.masked_array(np.array([[0, 1, -1]])))


def test_item8_random_player_seed_is_honoured() -> None:
    one = cf.simulate(cf.RandomPlayer(seed=1), "random", games=20, seed=0)
    two = cf.simulate(cf.RandomPlayer(seed=2), "random", games=20, seed=0)
    assert one.to_dict() != two.to_dict()


# ----- first-hour messages ---------------------------------------------------


def test_parameter_names_in_first_hour_errors() -> None:
    with pytest.raises(TypeError, match="crib must be True or False"):
        cf.explain_hand("5H 5D 5C JS", "5S", crib="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="starter must be one card"):
        cf.score_hand("5H 5D 5C JS", "5S 6S")
