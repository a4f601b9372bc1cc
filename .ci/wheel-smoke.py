"""Smoke test of an installed wheel, run in a fresh virtual environment of each
supported Python by .ci/run (with `--no-rust`: no Rust toolchain on PATH) and by
the release workflow."""

import shutil
import subprocess
import sys
import sysconfig
from importlib.metadata import version
from pathlib import Path

import gymnasium as gym
import numpy as np

import cribbage_fast
import cribbage_fast.envs  # the `rl` extra; registers Cribbage-v0
from cribbage_fast import cards, score_hand, score_hands, simulate, win_probability

if "--no-rust" in sys.argv:
    assert shutil.which("cargo") is None and shutil.which("rustc") is None, "Rust is on PATH"
# The installed wheel, not a source tree, and the one stable-ABI build.
core = Path(cribbage_fast._core.__file__)
assert Path(sys.prefix) in core.parents, core
assert ".abi3." in core.name or core.suffix == ".pyd", core.name
assert cribbage_fast.__version__ == version("cribbage_fast")

assert score_hand("5H 5D 5C JS", "5S") == 29
deals = np.array([[c.index for c in cards("5H 5D 5C JS 5S 4S 5H 5D 6C KS")]], dtype=np.uint8)
assert score_hands(deals.reshape(2, 5)).tolist() == [29, 16]

# The position table is built into the engine (no data file).
assert 0.5 < win_probability(0, 0, dealer=True) < 0.6

# The shipped puzzle set is a data file of the package.
from cribbage_fast.puzzles import load_puzzles  # noqa: E402

assert len(load_puzzles(theme="pair royal")) > 10

stats = simulate("greedy", "random", games=1_000, seed=1)
assert sum(stats.wins) == 1_000 and stats.wins[0] > stats.wins[1]

env = gym.make("Cribbage-v0", opponent="random")
_, info = env.reset(seed=0)
rng = np.random.default_rng(0)
done = False
while not done:
    action = rng.choice(np.flatnonzero(info["action_mask"]))
    _, reward, done, truncated, info = env.step(action)
    done = done or truncated
assert reward in (-1.0, 1.0)

script = shutil.which("cribbage-fast", path=sysconfig.get_path("scripts"))
assert script, "the cribbage-fast command is not installed"
out = subprocess.run([script, "--version"], check=True, capture_output=True, text=True).stdout
assert cribbage_fast.__version__ in out, out
print(f"Python {sys.version.split()[0]}: {core.name} {cribbage_fast.__version__} ok")
