"""The one set of analysis settings: what an equity means (the objective),
how precisely and how long each decision is sampled (precision, budget), who
plays the samples out (policy) and the seed.

`analyze_game`, `analyze_games`, `hint`, the JSON engine and the command line
all read `Settings`, so they share one set of defaults, and every value is
checked here, once, with an error naming the setting (docs/analysis.md,
"Settings"). Each front end takes ``settings=`` and the five settings as
keywords; a keyword given replaces that setting (one left `UNSET` keeps it).

>>> Settings()
Settings(objective='win', precision=0.005, budget=40960, policy='expert', seed=0)
>>> Settings(objective="points", budget=46).objective is Objective.POINTS
True
>>> Settings.of(Settings(budget=46), seed=3).seed
3
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any, Final, Self

from .. import _core
from .._util import json as _json
from .._util.args import _describe, int_text, integer, positive

__all__ = [
    "DEFAULTS",
    "DEFAULT_BUDGET",
    "DEFAULT_PRECISION",
    "MAX_BUDGET",
    "OBJECTIVES",
    "UNSET",
    "Objective",
    "Policy",
    "Settings",
    "Unset",
]

#: The largest budget the core accepts (a longer evaluation would look like a hang).
MAX_BUDGET: int = _core.ANALYSIS_MAX_BUDGET

_LAST_SEED = (1 << 64) - 1


class _Choice(StrEnum):
    """A setting with a few named values (a member equals its name)."""

    @classmethod
    def parse(cls, value: object) -> Self:
        """The member named `value` (a member is itself).

        Parameters
        ----------
        value : str or member
            The name, such as ``"win"``.

        Returns
        -------
        member

        Raises
        ------
        TypeError
            Not a string, naming the setting.
        ValueError
            No such name, naming the setting and the choices.

        Examples
        --------
        >>> Objective.parse("points") is Objective.POINTS
        True
        >>> Policy.parse("fun")
        Traceback (most recent call last):
        ValueError: policy must be "expert" or "master", got "fun"
        """
        if isinstance(value, cls):
            return value
        choices = " or ".join(f'"{m.value}"' for m in cls)
        name = cls.__name__.lower()
        if not isinstance(value, str):
            raise TypeError(f"{name} must be {choices}, got {_describe(value)}")
        try:
            return cls(value)
        except ValueError:
            raise ValueError(f"{name} must be {choices}, got {_json.preview(value)}") from None

    def __repr__(self) -> str:
        return repr(self.value)


class Objective(_Choice):
    """What an equity is: `WIN`, the chance to win (0 to 1); `POINTS`, the
    expected game points won (1, 2 or 3 with skunks) less those lost.

    Examples
    --------
    >>> Objective.WIN == "win", Objective.POINTS.scale
    (True, 1.0)
    """

    WIN = "win"
    POINTS = "points"

    @property
    def is_chance(self) -> bool:
        """Whether an equity is a chance to win (shown as a percentage)."""
        return self is Objective.WIN

    @property
    def mark_scale(self) -> float:
        """The factor on the marks' thresholds (set in win probability): a
        game point spans about twice a chance to win (-3..3 against 0..1)."""
        return 1.0 if self.is_chance else 2.0

    @property
    def scale(self) -> float:
        """The factor that shows an equity in `unit`: 100 for a chance."""
        return 100.0 if self.is_chance else 1.0

    @property
    def unit(self) -> str:
        """What a shown equity difference counts."""
        return "percentage points of win probability" if self.is_chance else "game points"


class Policy(_Choice):
    """Who plays the rest of each sampled deal: the Expert or the master.

    Examples
    --------
    >>> Policy.parse("master")
    'master'
    """

    EXPERT = "expert"
    MASTER = "master"


class Unset(Enum):
    """The default of a front end's setting keyword: not given, so the
    setting comes from ``settings=`` (or `Settings()`). None is not a
    setting, and is refused as any other wrong value is.

    Examples
    --------
    >>> UNSET
    UNSET
    """

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"


#: A setting keyword left out (`Unset`).
UNSET: Final = Unset.UNSET


#: The objectives by name, in the order the report shows them.
OBJECTIVES: tuple[str, ...] = tuple(o.value for o in Objective)


@dataclass(frozen=True, init=False)
class Settings:
    """How decisions are valued, with the one set of defaults every front
    end uses. Frozen; `of` or ``dataclasses.replace`` make a changed copy.

    Parameters
    ----------
    objective : {"win", "points"} or Objective, default "win"
        Equity as the chance to win, or the expected game points won less
        those lost (skunks counted).
    precision : float, default 0.005
        Sampling stops once the played action's difference from the best has
        at most this standard error (win probability) and every other action
        trails the best by 3 standard errors of the paired difference or is
        measured against it to this precision; an action so settled is no
        longer sampled (docs/analysis-method.md, "The evaluator").
    budget : int, default 40960
        Samples per evaluation at most, 1 to `MAX_BUDGET` (100,000), rounded
        up to whole batches (32 in the play, one per possible starter before
        the cut): enough for the default precision on any decision (a sampled
        difference of two chances lies in [-1, 1], so 40,000 samples bring
        its standard error within 0.005).
    policy : {"expert", "master"} or Policy, default "expert"
        Who plays the rest of each sampled deal.
    seed : int, default 0
        0 to 2**64 - 1: the same seed gives the same values at any thread count.

    Raises
    ------
    TypeError
        A setting of the wrong type (a bool is not a number), naming it.
    ValueError
        A setting out of range or an unknown name, naming it.

    Examples
    --------
    >>> s = Settings(budget=46, seed=1)
    >>> s.budget, s.objective, s.policy
    (46, 'win', 'expert')
    >>> Settings(budget=0)
    Traceback (most recent call last):
    ValueError: budget must be at least 1 and at most 100000, got 0
    """

    objective: Objective
    precision: float
    budget: int
    policy: Policy
    seed: int

    def __init__(
        self,
        objective: Objective | str = Objective.WIN,
        precision: float = _core.ANALYSIS_PRECISION,
        budget: int = _core.ANALYSIS_BUDGET,
        policy: Policy | str = Policy.EXPERT,
        seed: int = 0,
    ) -> None:
        checked_seed = integer(seed, "seed")
        if not 0 <= checked_seed <= _LAST_SEED:
            raise ValueError(f"seed must be 0 to 2**64 - 1, got {int_text(checked_seed)}")
        checked = {
            "objective": Objective.parse(objective),
            "precision": positive(precision, "precision", "standard error"),
            "budget": integer(budget, "budget", 1, MAX_BUDGET),
            "policy": Policy.parse(policy),
            "seed": checked_seed,
        }
        for name, value in checked.items():
            object.__setattr__(self, name, value)

    @classmethod
    def of(cls, settings: Settings | None = None, **overrides: Any) -> Settings:
        """`settings` (None: the defaults) with each override that is not `UNSET`.

        This is how every front end reads its arguments: ``settings=`` and the
        five settings as keywords, a keyword given replacing its setting.

        Parameters
        ----------
        settings : Settings or None
            The starting settings.
        **overrides
            ``objective``, ``precision``, ``budget``, ``policy``, ``seed``
            (`UNSET`: as in `settings`).

        Returns
        -------
        Settings

        Raises
        ------
        TypeError
            `settings` is not a `Settings`, an unknown setting, or a bad
            value (named).
        ValueError
            A bad value (named).

        Examples
        --------
        >>> Settings.of(Settings(budget=46), seed=3, policy=UNSET)
        Settings(objective='win', precision=0.005, budget=46, policy='expert', seed=3)
        >>> Settings.of(budget=None)
        Traceback (most recent call last):
        TypeError: budget must be an integer, got NoneType None
        """
        if settings is None:
            settings = DEFAULTS
        elif not isinstance(settings, Settings):
            raise TypeError(f"settings must be a Settings, got {_describe(settings)}")
        names = [f.name for f in fields(cls)]
        unknown = sorted(set(overrides) - set(names))
        if unknown:
            raise TypeError(f"{unknown[0]!r} is not a setting (settings: {', '.join(names)})")
        given = {k: v for k, v in overrides.items() if v is not UNSET}
        return cls(**{**settings.to_dict(), **given}) if given else settings

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON values (the names as strings), also
        the keywords of the core's evaluator.

        Returns
        -------
        dict
            One entry per setting.

        Examples
        --------
        >>> Settings().to_dict()
        {'objective': 'win', 'precision': 0.005, 'budget': 40960, 'policy': 'expert', 'seed': 0}
        """
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out


#: The defaults every front end reads.
DEFAULTS = Settings()

#: The default precision and budget (`DEFAULTS`' own).
DEFAULT_PRECISION: float = DEFAULTS.precision
DEFAULT_BUDGET: int = DEFAULTS.budget
