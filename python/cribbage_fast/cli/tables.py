"""``cribbage-fast tables ...``: build the tables into files (``--out``).

Example::

    $ cribbage-fast tables crib --out crib_tables.npz --plot crib.png
    $ cribbage-fast tables pegging --out pegging_table.npz --target-se 0.05 --seed 2026
    $ cribbage-fast tables atlas --out ~/.cache/cribbage_fast/atlas.npz
    $ cribbage-fast tables expert --out src/data/expert_discards.bin

``cli.positions`` adds ``tables positions`` to the same group. The tables
built into the engine (``src/data``) are written by the repository's
``scripts/ship_tables.py``, never by the installed command.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import numpy as np

from .. import builders
from .._util.files import save_figure, write_bytes
from ..tables.crib import _table_key
from ..tables.pegging import PeggingTable
from .errors import wrote
from .params import F, FiniteFloat, OutPath, check_ray_address, stacked


def ray_option(what: str) -> Callable[[F], F]:
    """``--ray [ADDRESS]`` for a command that can run on Ray: `what` says what
    runs there. Alone it gives "local"; see `ray_address_of`."""
    return click.option(
        "--ray",
        "ray_address",
        is_flag=False,
        flag_value="local",
        default=None,
        metavar="[ADDRESS]",
        callback=check_ray_address,
        help=f"{what} on Ray: alone a local Ray, or a cluster (auto, HOST:PORT, ray://HOST:PORT).",
    )


def ray_address_of(value: str | None) -> str | None:
    """The address for `distributed.connect` from a ``--ray`` value (None
    for a local Ray, or when --ray is not given)."""
    return None if value == "local" else value


@click.group(name="tables", context_settings={"help_option_names": ["-h", "--help"]})
def tables() -> None:
    """Build the tables into files: crib and pegging values, the atlas, board positions."""


def out_option(
    *suffixes: str, make_dirs: bool = False, help: str = "File to write."
) -> Callable[[F], F]:
    """``--out FILE`` (a Path), checked before any work (`OutPath`)."""
    return click.option(
        "--out", type=OutPath(*suffixes, make_dirs=make_dirs), required=True, help=help
    )


@tables.command()
@out_option(".npz", help="File to write (.npz).")
@click.option("--plot", type=OutPath(".png"), default=None, help="Heat map PNG.")
def crib(out: Path, plot: Path | None) -> None:
    """Crib tables: exact over every deal (a few minutes on two cores)."""
    analysis = builders.analyze_all_deals(progress=sys.stderr.isatty())
    built = builders.build_crib_tables(analysis)
    builders.save_crib_tables(built, out)
    wrote(out, "the crib tables")
    fp = built["meta"]["fixed_point"]
    for key, info in fp.items():
        click.echo(
            f"fixed point ({key}): {info['iterations']} iterations, last change "
            f"{info['max_change_per_iteration'][-1]:.1e}, converged={info['converged']}"
        )
    own = built[_table_key("fixed_point", True, False)]
    opp = built[_table_key("fixed_point", False, False)]
    click.echo(f"5-5 without crib flushes: own crib {own[4, 4]:.2f}, opponent's {opp[4, 4]:.2f}")
    if plot is not None:
        plot_crib_tables({"own crib": own, "opponent's crib": opp}, plot)
        wrote(plot, "the heat maps")


def plot_crib_tables(tables_by_title: dict[str, np.ndarray], path: Path) -> None:
    """Heat maps of (13, 13) crib tables side by side."""
    from .._util.extras import require

    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    fig, axes = plt.subplots(1, len(tables_by_title), figsize=(6 * len(tables_by_title), 5.2))
    for ax, (title, table) in zip(np.atleast_1d(axes), tables_by_title.items(), strict=True):
        image = ax.imshow(table, cmap="viridis", origin="upper")
        ax.set_xticks(range(13), names)
        ax.set_yticks(range(13), names)
        ax.set_title(f"Expected {title} (fixed point, no crib flushes)")
        for i in range(13):
            for j in range(13):
                ax.text(j, i, f"{table[i, j]:.1f}", ha="center", va="center", fontsize=6, color="w")
        fig.colorbar(image, ax=ax, shrink=0.8)
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=90)
    finally:
        plt.close(fig)


def pegging_options(f: F) -> F:
    """The options of a pegging-table build (``--seed``, ``--samples``,
    ``--target-se``, ``--pilot``, ``--ray``), passed on to `build_pegging`."""
    return stacked(
        click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=2026, show_default=True),
        click.option(
            "--samples",
            type=click.IntRange(min=2),
            default=None,
            help="Samples per kept hand, the same for every keep (instead of --target-se).",
        ),
        click.option(
            "--target-se",
            type=FiniteFloat(min=1e-4),
            default=0.05,
            show_default=True,
            help="Standard error every value reaches: a pilot, then samples where the variance is.",
        ),
        click.option(
            "--pilot",
            type=click.IntRange(min=2),
            default=2000,
            show_default=True,
            help="Pilot samples.",
        ),
        ray_option("Simulate"),
    )(f)


def build_pegging(
    seed: int, samples: int | None, target_se: float, pilot: int, ray_address: str | None
) -> PeggingTable:
    """The pegging table the `pegging_options` ask for, progress on a terminal."""
    return builders.build_pegging_table(
        samples,
        seed,
        target_se=None if samples else target_se,
        pilot=pilot,
        use_ray=ray_address is not None,
        ray_address=ray_address_of(ray_address),
        progress=sys.stderr.isatty(),
    )


def echo_pegging(table: PeggingTable) -> None:
    """One line on a built pegging table: its samples, time and standard errors."""
    meta = table.meta
    click.echo(
        f"{meta['total_samples']} samples ({table.samples} to "
        f"{int(table.sums[:, 0, 0].max())} per keep) in {meta['seconds']} s; "
        f"standard error {meta['median_se']:.4f} median, {meta['max_se']:.4f} largest"
    )


@tables.command()
@out_option(".npz", help="File to write (.npz, read by pegging_table(FILE)).")
@pegging_options
def pegging(out: Path, **options: Any) -> None:
    """Pegging table: simulated against the Expert, same seed same table."""
    table = build_pegging(**options)
    builders.save_pegging_table(table, out)
    echo_pegging(table)
    wrote(out, "the pegging table")


@tables.command()
@out_option(".npz", ".parquet", make_dirs=True, help="File to write (.npz or .parquet).")
def atlas(out: Path) -> None:
    """The atlas of every deal's discards (.npz, or .parquet with pyarrow)."""
    built = builders.build_atlas(builders.analyze_all_deals(progress=sys.stderr.isatty()))
    out.parent.mkdir(parents=True, exist_ok=True)
    built.save(out)
    wrote(out, f"the atlas ({len(built)} deals, dealer and pone)")


@tables.command()
@out_option(".bin", help="File to write (.bin).")
def expert(out: Path) -> None:
    """The Expert's discard table (src/data/expert_discards.bin)."""
    analysis = builders.analyze_all_deals(progress=sys.stderr.isatty())
    write_bytes(out, analysis.expert_table())
    wrote(out, f"the Expert's discard table ({len(analysis)} deals)")
