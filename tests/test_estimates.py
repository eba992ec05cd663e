"""Run-time estimates: told before the work starts, for the method that then runs.

How close an estimate is to the time taken is measured by `scripts/bench.py --estimates`,
not asserted here (timings vary with the machine's load)."""

import numba
import pytest
from click.testing import CliRunner

from studodds import equity
from studodds.cli import cli, render
from studodds.engine import timing
from studodds.equity import estimate_run
from studodds.messages import OptionError
from studodds.method import Method, RunEstimate
from studodds.scenario import build_scenario
from studodds.whatif import next_card_table, with_next_card


def _told(**kwargs):
    seen = []
    result = equity(on_estimate=seen.append, **kwargs)
    assert len(seen) == 1
    return seen[0], result


@pytest.mark.parametrize(
    ("hands", "options", "method"),
    [
        (["(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d"], {"exact": True}, "counting"),
        (["(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d", "(9s 9d) 5c 6c 7c 8c"], {}, "enumeration"),
        (["(As Ks) Ah", "(x x) Qd", "(x x) 2c"], {"trials": 1000, "seed": 1}, "sampling"),
    ],
)
def test_the_estimate_names_the_method_that_runs(hands, options, method):
    estimate, result = _told(game="stud7", hands=hands, **options)
    assert estimate.method == method
    assert result.method == ("monte-carlo" if method == "sampling" else "exact")
    assert estimate.deals == result.samples
    assert estimate.at_most is False and estimate.runs == 1
    assert estimate.seconds > 0


def test_sampling_to_a_precision_is_estimated_as_an_upper_bound():
    estimate, result = _told(game="stud7", hands=["(As Ks) Ah", "(x x) Qd", "(x x) 2c"],
                             precision=0.01, seed=1)
    # An equity's variance is at most 1/4: 1 / (4 * 0.01**2) trials at most.
    assert estimate.at_most and estimate.deals == 2500
    assert result.samples >= 1


def test_one_thread_is_estimated_slower_than_two():
    scenario = build_scenario("stud7", ["(As Ad) 7c", "(x x) Kh"])
    one = timing.counting_seconds(len(scenario.pool), 4, 6, False, 1)
    two = timing.counting_seconds(len(scenario.pool), 4, 6, False, 2)
    fixed = timing.QUESTION_SECONDS  # building the question does not use the threads
    assert one - fixed == pytest.approx(2 * (two - fixed))


def test_a_long_estimate_is_scaled_by_this_machines_speed(monkeypatch):
    """The constants are one machine's: a long estimate is scaled by a probe of this one
    (a short one is told to nobody and not scaled)."""
    monkeypatch.setattr(timing, "_factor", {})
    factor = timing.machine_factor()
    assert 0.1 <= factor < 50 and timing.machine_factor() == factor  # measured once
    assert timing.on_this_machine(0.5) == 0.5
    assert timing.on_this_machine(10.0) == pytest.approx(10.0 * factor)
    scenario = build_scenario("stud7", ["(As Ad) 7c", "(x x) Kh"])
    raw = timing.counting_seconds(len(scenario.pool), 4, 6, False, numba.get_num_threads())
    estimate = estimate_run(scenario, Method(exact=True))
    assert estimate.seconds == pytest.approx(raw)
    assert estimate.on_this_machine().seconds == pytest.approx(raw * factor)
    monkeypatch.setattr(timing, "_factor", {0: 3.0})
    told = []
    with pytest.raises(_Stopped):
        equity("stud7", ["(As Ks) Ah", "(x x) Qd"], trials=10**8, seed=1,
               on_estimate=told.append, progress=_stop_at_once)
    assert told[0].seconds > timing.PROBE_ABOVE_SECONDS
    plain = timing.sampling_seconds(10**8, 2, False, 1, numba.get_num_threads())
    assert told[0].seconds == pytest.approx(plain * 3.0)


class _Stopped(Exception):
    pass


def _stop_at_once(fraction):
    raise _Stopped  # the estimate is all this test wants: stop the run at its first round


def test_the_next_card_table_is_estimated_once_for_all_its_cards(monkeypatch):
    """Counted in one pass (heads-up) the table is one count's time; asked card by card
    (here forced) it adds up every card's question. The deals are the same either way."""
    from studodds import whatif

    hands = ["(As Ks) Ah Kh Qh", "(x x) Qc 2d 3d"]
    scenario = build_scenario("stud7", hands)
    now = estimate_run(scenario, Method(exact=True))
    card = estimate_run(with_next_card(scenario, 0, scenario.pool[0]), Method(exact=True))
    seen = []
    table = next_card_table("stud7", hands, exact=True, on_estimate=seen.append)
    (one_pass,) = seen
    assert one_pass.runs == 1 + len(table.cards) and one_pass.player == 1
    raw = whatif.by_card_estimate(scenario, 0, Method(exact=True)).seconds
    assert one_pass.seconds == pytest.approx(timing.on_this_machine(raw))
    assert raw < now.seconds + len(table.cards) * card.seconds
    monkeypatch.setattr(whatif, "by_card_estimate", lambda *args: None)
    seen = []
    next_card_table("stud7", hands, exact=True, on_estimate=seen.append)
    (total,) = seen
    assert total.runs == 1 + len(table.cards) and total.player == 1
    # The constants' figures add up first; the sum is then scaled to this machine.
    raw = now.seconds + len(table.cards) * card.seconds
    assert total.seconds == pytest.approx(timing.on_this_machine(raw))
    assert total.deals == now.deals + len(table.cards) * card.deals == one_pass.deals


def test_on_estimate_must_be_callable():
    with pytest.raises(OptionError, match="on_estimate is a function"):
        equity("stud7", ["(As Ks) Ah", "(x x) Qd"], on_estimate=5)


@pytest.mark.long_run_notice
def test_a_long_run_is_announced_on_stderr_in_a_players_words():
    notice = render.long_run_notice(RunEstimate(37.6, "counting", 1.37355e12))
    assert notice == ("studodds: this will take about 38 s: 1.37 trillion deals, all exact. "
                      "Ctrl-C stops it.")
    table = render.long_run_notice(RunEstimate(300, "counting", 9.6e12, runs=49, player=2))
    assert table == ("studodds: this will take about 5 minutes: the odds now and after each "
                     "of the 48 cards player 2 can get next (49 runs, 9.6 trillion deals in "
                     "all, all exact). Ctrl-C stops it.")
    bound = render.long_run_notice(RunEstimate(26, "sampling", 625e6, at_most=True))
    assert bound == ("studodds: this will take up to about 26 s: sampling up to 625 million "
                     "deals. Ctrl-C stops it.")
    assert render.long_run_notice(RunEstimate(render.LONG_RUN_SECONDS, "counting", 1e9)) is None


@pytest.mark.parametrize("command", [
    ["equity", "--exact", "(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d"],
    ["next", "--exact", "(As Ks) Ah Kh Qh Jh", "(Qs Qd) Qc 2d 3d 4d"],
    ["declare", "--exact", "(As) 2c 3d 4h", "(Kd) Kh 9c 9d"],
])
def test_the_cli_tells_a_long_run_before_the_result_on_stderr_only(monkeypatch, command):
    monkeypatch.setattr(render, "LONG_RUN_SECONDS", -1.0)  # every run counts as long
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 0, result.output
    assert "studodds: this will take about" in result.stderr
    assert "this will take" not in result.stdout
    assert result.output.index("this will take") < result.output.index("player")


@pytest.mark.long_run_notice
def test_a_quick_run_says_nothing_on_stderr():
    result = CliRunner().invoke(cli, ["equity", "--exact", "(As Ks) Ah Kh Qh Jh",
                                       "(Qs Qd) Qc 2d 3d 4d"])
    assert result.exit_code == 0 and result.stderr == ""


def test_counts_are_said_in_words_to_three_figures():
    from studodds.messages import count_text

    said = [count_text(n) for n in (12_345, 625e6, 999.6e6, 1.37355e12, 9.996e14, 2.53e18,
                                    3.0115e33)]
    assert said == ["12,345", "625 million", "1 billion", "1.37 trillion", "1 quadrillion",
                    "2.53 quintillion", "3.01 × 10^33"]  # rounded before the word is chosen
