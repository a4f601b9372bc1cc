"""PPO with an action-masking RLModule on `CribbageMultiAgentEnv` (RLlib's new
API stack), every seat sharing one policy (self-play).

    pip install -e ".[rllib]" torch   # in a clone
    python -m cribbage_fast.examples.rllib_ppo --iterations 50 --num-players 2

Training needs torch, which cribbage_fast does not install (nor does its test
suite run this file). The configuration:

- environment: ``"cribbage_fast"`` (registered by importing
  `cribbage_fast.envs.rllib`), ``env_config={"num_players": ..., "reward":
  "win"}``; observations ``{"observations", "action_mask"}``;
- RLModule: RLlib's ``ActionMaskingTorchRLModule`` (logits of illegal actions
  set to the float minimum), a 256-256 MLP;
- one policy ``"shared"`` for every agent: all seats learn together;
- PPO with ``gamma=1`` (a game is short: about 55 moves per seat with 2
  players), ``lambda_=0.95``, ``lr=3e-4``, ``train_batch_size_per_learner=8000``,
  ``minibatch_size=500``, 10 epochs, entropy 0.01.
"""

from __future__ import annotations

from typing import Any

from cribbage_fast.envs.rllib import ENV_NAME
from cribbage_fast.examples import parser as example_parser


def ppo_config(num_players: int = 2, num_env_runners: int = 1) -> Any:
    """The PPO `AlgorithmConfig` described above (needs ray[rllib] and torch)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    return (
        PPOConfig()  # type: ignore[no-untyped-call]
        .environment(ENV_NAME, env_config={"num_players": num_players, "reward": "win"})
        .env_runners(num_env_runners=num_env_runners)
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"fcnet_hiddens": [256, 256]},
                    )
                }
            )
        )
        .training(
            gamma=1.0,
            lambda_=0.95,
            lr=3e-4,
            train_batch_size_per_learner=8000,
            minibatch_size=500,
            num_epochs=10,
            entropy_coeff=0.01,
        )
    )


def main(argv: list[str] | None = None) -> None:
    parser = example_parser("rllib_ppo", __doc__)
    parser.add_argument("--iterations", type=int, default=50, help="training iterations")
    parser.add_argument(
        "--num-players", type=int, default=2, choices=(2, 3, 4), help="players at the table"
    )
    args = parser.parse_args(argv)
    if args.iterations < 1:
        parser.error("--iterations must be at least 1")
    import ray

    ray.init(num_cpus=2, include_dashboard=False)
    algo = ppo_config(args.num_players).build_algo()
    for i in range(args.iterations):
        result = algo.train()
        returns = result.get("env_runners", {}).get("agent_episode_returns_mean", {})
        print(f"iteration {i + 1}: mean return per agent {returns}")
    ray.shutdown()


if __name__ == "__main__":
    main()
