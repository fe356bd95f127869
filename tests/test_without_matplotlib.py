"""What the browser-only site (`make lite`: Pyodide) lacks, Python-side: no processes to start,
and no matplotlib. `engine.simulate` plays in-process there; every plot function of
`sumer_widgets.plots` draws nothing and leaves a note instead of an error."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from engine import simulate as simulation

ROOT = Path(__file__).resolve().parent.parent


def test_where_no_process_starts_simulate_plays_in_this_process(monkeypatch):
    specs = simulation.specs_for("sumeria", 2, 3, ["random"] * 3, seed=5)
    expected = simulation.simulate(specs, workers=1, progress=False)
    monkeypatch.setattr(simulation, "CAN_START_PROCESSES", False)

    def no_pool(*args, **kwargs):
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(simulation.cf, "ProcessPoolExecutor", no_pool)
    assert simulation.simulate(specs, progress=False) == expected
    assert simulation.simulate(specs, workers=2, progress=False) == expected


WITHOUT_MATPLOTLIB = textwrap.dedent("""
    import importlib, inspect, pkgutil, sys
    sys.modules["matplotlib"] = None          # as in Pyodide: `import matplotlib` fails
    import sumer_widgets.plots as plots
    from engine.core import RULESETS
    from sumer_widgets.plots.standin import HAVE_MATPLOTLIB, NOTE, STAND_IN, plt
    assert not HAVE_MATPLOTLIB
    functions = []
    names = [f"sumer_widgets.plots.{info.name}" for info in pkgutil.iter_modules(plots.__path__)]
    for name in names + [f"sumer_widgets.{game}.plots" for game in RULESETS]:
        module = importlib.import_module(name)
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith(("plot_", "draw_")) and function.__module__ == module.__name__:
                functions.append(name)
                given = object()
                assert function(None, ax=given) is given, name
                assert function(None) is STAND_IN, name
    print("functions", len(functions))
    plt.show()                                # one note for all the pictures asked for
    plt.show()                                # and none when nothing new was asked for
    fig, axes = plt.subplots(2, 3, figsize=(9, 3))
    assert axes.shape == (2, 3) and len(axes.ravel()) == 6 and axes[1, 2] is STAND_IN
    for ax in axes.flat:
        ax.hist([1, 2, 2]).set_title("x")
    _, row = plt.subplots(1, 2)
    first, second = row
    fig.tight_layout()
    plt.title("a title")
    plt.show()
""")


def test_without_matplotlib_every_plot_function_leaves_a_note():
    result = subprocess.run([sys.executable, "-c", WITHOUT_MATPLOTLIB], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert int(lines[0].split()[1]) >= 10
    note = [line for line in lines[1:] if line.startswith("No picture here")]
    assert len(note) == 2 and len(lines) == 3, result.stdout
