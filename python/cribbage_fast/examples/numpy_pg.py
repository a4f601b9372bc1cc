"""A small NumPy policy learns cribbage against the random player: proof that
the environments are learnable, with no torch or JAX.

    python -m cribbage_fast.examples.numpy_pg --minutes 4 --plot curve.png

Advantage actor-critic on `CribbageVectorEnv` (seat 0 against the built-in
random opponent, ``reward="points"``: each step the points gained minus the
opponent's, a dense signal that tracks winning). The policy is a one-hidden-
layer MLP (444 -> 64 tanh -> 53 masked logits, plus a value head), trained by
hand-written backpropagation and Adam. After training it plays
``--eval-games`` fresh games (greedy: its most likely legal action) against
the random opponent and prints the win rate with a 95% Wilson interval.
``--plot PATH`` saves the learning curve (win rate of finished training games
per update window) as a PNG (matplotlib, extra ``plot``). Ctrl-C stops the
training early and still evaluates.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from cribbage_fast._core import NUM_ACTIONS, OBS_SIZE
from cribbage_fast._util import progress as _progress
from cribbage_fast.envs import CribbageVectorEnv
from cribbage_fast.examples import parser as example_parser
from cribbage_fast.examples.ismcts import wilson

Array = NDArray[np.float32]


@dataclass
class Policy:
    """Masked-softmax MLP policy with a value head; parameters in ``params``."""

    hidden: int = 64
    seed: int = 0
    params: dict[str, Array] = field(default_factory=dict)
    steps: int = 0
    """Agent steps trained on so far (one per game row per env step)."""

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        h = self.hidden

        def init(*shape: int) -> Array:
            weights: Array = (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)
            return weights

        self.params = {
            "w1": init(OBS_SIZE, h),
            "b1": np.zeros(h, np.float32),
            "wp": init(h, NUM_ACTIONS) * 0.1,
            "bp": np.zeros(NUM_ACTIONS, np.float32),
            "wv": init(h, 1) * 0.1,
            "bv": np.zeros(1, np.float32),
        }

    def forward(self, obs: Array, masks: NDArray[np.int8]) -> tuple[Array, Array, Array]:
        """(hidden activations, action probabilities, values)."""
        p = self.params
        hid = np.tanh(obs @ p["w1"] + p["b1"])
        logits = hid @ p["wp"] + p["bp"]
        logits = np.where(masks > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        values = (hid @ p["wv"] + p["bv"])[:, 0]
        return hid, probs, values

    def act(
        self, obs: Array, masks: NDArray[np.int8], rng: np.random.Generator | None
    ) -> NDArray[np.int64]:
        """Sampled actions (``rng``) or the most likely legal ones (``None``)."""
        _, probs, _ = self.forward(obs, masks)
        if rng is None:
            return np.asarray(probs.argmax(axis=1), np.int64)
        draws = rng.random((len(probs), 1), np.float32)
        picked = np.minimum((probs.cumsum(axis=1) < draws).sum(axis=1), NUM_ACTIONS - 1)
        return np.asarray(picked, np.int64)


class Adam:
    def __init__(self, params: dict[str, Array], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            params[k] -= self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def gradients(
    policy: Policy,
    obs: Array,
    masks: NDArray[np.int8],
    actions: NDArray[np.int64],
    returns: Array,
    entropy_coef: float,
) -> dict[str, Array]:
    """Gradients of the actor-critic loss (policy gradient with the value as
    baseline, squared value error, minus an entropy bonus), batch mean."""
    p = policy.params
    hid, probs, values = policy.forward(obs, masks)
    n = len(obs)
    adv = returns - values
    adv = (adv - adv.mean()) / (adv.std() + 1e-6)
    # d(-log pi(a) * adv)/dlogits = (probs - onehot) * adv
    dlogits = probs.copy()
    dlogits[np.arange(n), actions] -= 1.0
    dlogits *= adv[:, None]
    # Entropy bonus: dH/dlogits = -probs * (log probs + H); we subtract H.
    logp = np.log(np.maximum(probs, 1e-12))
    entropy = -(probs * logp).sum(axis=1, keepdims=True)
    dlogits += entropy_coef * probs * (logp + entropy)
    dlogits /= n
    dvalues = (0.5 * (values - returns) / n)[:, None]
    dhid = dlogits @ p["wp"].T + dvalues @ p["wv"].T
    dpre = dhid * (1 - hid * hid)
    return {
        "w1": obs.T @ dpre,
        "b1": dpre.sum(axis=0),
        "wp": hid.T @ dlogits,
        "bp": dlogits.sum(axis=0),
        "wv": hid.T @ dvalues,
        "bv": dvalues.sum(axis=0),
    }


def train(
    seconds: float,
    num_envs: int = 256,
    horizon: int = 16,
    gamma: float = 0.99,
    lr: float = 3e-3,
    seed: int = 0,
    max_updates: int | None = None,
    progress: bool = False,
) -> tuple[Policy, list[tuple[int, float]]]:
    """Trains for ``seconds`` (or ``max_updates``); returns the policy and the
    curve: (agent steps so far, win rate of training games finished since the
    last point)."""
    policy = Policy(seed=seed)
    adam = Adam(policy.params, lr)
    env = CribbageVectorEnv(num_envs, reward="points", copy=False)
    # A second env scored by "win" would double the work: a game is won when
    # the final reward row leaves seat 0 at the target, read from final_obs.
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed + 1)
    curve: list[tuple[int, float]] = []
    wins = games = steps = updates = 0
    start = time.perf_counter()
    with _progress.progress(None, "training", enabled=progress, unit="update") as bar:
        try:
            while time.perf_counter() - start < seconds and updates != max_updates:
                batch_obs, batch_masks, batch_actions = [], [], []
                batch_rewards, batch_done = [], []
                for _ in range(horizon):
                    masks = info["action_mask"].copy()
                    actions = policy.act(obs, masks, rng)
                    batch_obs.append(obs.copy())
                    batch_masks.append(masks)
                    batch_actions.append(actions)
                    obs, rewards, terms, _, info = env.step(actions)
                    batch_rewards.append(rewards.copy())
                    batch_done.append(terms.copy())
                    if terms.any():
                        finals = np.stack(list(info["final_obs"][terms]))
                        wins += int((finals[:, 436] == 1.0).sum())  # own score reached the target
                        games += int(terms.sum())
                _, _, running = policy.forward(obs, info["action_mask"])
                returns = np.zeros((horizon, num_envs), np.float32)
                for t in reversed(range(horizon)):
                    running = batch_rewards[t] + gamma * running * (~batch_done[t])
                    returns[t] = running
                grads = gradients(
                    policy,
                    np.concatenate(batch_obs),
                    np.concatenate(batch_masks),
                    np.concatenate(batch_actions),
                    returns.reshape(-1) / 10.0,
                    entropy_coef=0.01,
                )
                adam.step(policy.params, grads)
                updates += 1
                steps += horizon * num_envs
                policy.steps = steps
                if updates % 25 == 0 and games:
                    curve.append((steps, wins / games))
                    wins = games = 0
                    bar.set_postfix(win_rate=f"{curve[-1][1]:.3f}", steps=steps)
                    bar.update(25)
        except KeyboardInterrupt:
            print("stopped: evaluating the policy so far", file=sys.stderr)
    return policy, curve


def evaluate(policy: Policy, games: int, seed: int = 12345, num_envs: int = 512) -> tuple[int, int]:
    """(wins, games) of the greedy policy against the random player, on fresh
    seeds; every row plays games until ``games`` have finished."""
    env = CribbageVectorEnv(min(num_envs, games), reward="win", copy=False)
    obs, info = env.reset(seed=seed)
    wins = done = 0
    while done < games:
        obs, rewards, terms, _, info = env.step(policy.act(obs, info["action_mask"], None))
        finished = rewards[terms]
        take = min(len(finished), games - done)
        wins += int((finished[:take] > 0).sum())
        done += take
    return wins, done


def plot(curve: list[tuple[int, float]], path: str) -> None:
    from cribbage_fast._util.extras import require
    from cribbage_fast._util.files import save_figure

    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    if curve:
        x, y = zip(*curve, strict=True)
        ax.plot(np.array(x) / 1e6, y)
    ax.axhline(0.5, color="grey", linestyle=":", label="random vs random")
    ax.set_xlabel("agent steps (millions)")
    ax.set_ylabel("win rate in training games")
    ax.set_title("NumPy actor-critic against the random player")
    ax.legend(loc="lower right")
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=120)
    finally:
        plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = example_parser("numpy_pg", __doc__)
    parser.add_argument("--minutes", type=float, default=4.0, help="training time")
    parser.add_argument(
        "--updates", type=int, default=None, help="stop after this many updates (None: --minutes)"
    )
    parser.add_argument("--envs", type=int, default=256, help="games stepped together")
    parser.add_argument("--eval-games", type=int, default=4000, help="games of the evaluation")
    parser.add_argument("--seed", type=int, default=0, help="seed of the policy and the games")
    parser.add_argument("--plot", metavar="PATH", help="save the learning curve as a PNG")
    args = parser.parse_args(argv)
    if not (math.isfinite(args.minutes) and args.minutes > 0):
        parser.error("--minutes must be a positive number")
    if min(args.envs, args.eval_games) < 1 or (args.updates is not None and args.updates < 1):
        parser.error("--envs, --eval-games and --updates must be at least 1")
    if args.seed < 0:
        parser.error("--seed must be at least 0")
    start = time.perf_counter()
    policy, curve = train(
        args.minutes * 60,
        num_envs=args.envs,
        seed=args.seed,
        max_updates=args.updates,
        progress=True,
    )
    trained = time.perf_counter() - start
    wins, games = evaluate(policy, args.eval_games)
    low, high = wilson(wins, games)
    steps = policy.steps
    print(
        f"trained {trained:.0f} s ({steps:,} agent steps); greedy policy vs random: "
        f"won {wins}/{games} = {wins / max(games, 1):.3f} (95% Wilson {low:.3f}-{high:.3f})"
    )
    if args.plot:
        plot(curve, args.plot)
        print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
