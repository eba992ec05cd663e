"""Exact answers computed by an independent implementation (poker-equity 0.1.1,
`exact_from_text("stud", ["AsKsAhKhQhJh", "**Qc2d3d4d"])`), kept as fixtures so the
check runs without it installed."""

from studodds import equity


def test_sixth_street_against_unknown_hole_cards_matches_poker_equity():
    result = equity("stud7", ["(As Ks) Ah Kh Qh Jh", "(x x) Qc 2d 3d 4d"], exact=True)
    assert result.samples == 447_720
    assert abs(result.players[0].equity - 0.8425288126507638) < 1e-15
    assert abs(result.players[1].equity - 0.15747118734923612) < 1e-15
