"""Every int the engine (and bots) compute stays within +-2**30 (CircuitPython small ints)."""
import sys

from int_range import LIMIT, Recorder, instrument_source, instrumented_engine


def test_instrumentation_catches_a_big_intermediate():
    rec = Recorder()
    ns = instrument_source("def f(a):\n    b = a << 20\n    b += a * 3\n    return (b >> 20) & 7\n", rec)
    assert ns["f"](1 << 12) == 0  # result is small, the intermediate is not
    assert rec.violations >= 1 and rec.max_abs >= LIMIT


def _play(mod_ac, mod_ba, mod_rng, bots_mod, games):
    buf = bytearray(16)
    save = bytearray(256)
    rng = mod_rng.Rng(5)
    for seed in range(games):
        for g, next_part in ((mod_ac.AlleyCat(seed=seed, as_captured=seed % 2 == 1), "next_round"),
                             (mod_ba.BackAlley(seed=seed, deals=(5, 25, 13)[seed % 3],
                                               strict_trump_lead=seed % 2 == 0), "next_deal")):
            g.start()
            bots = [bots_mod.Bot(i % 3, seed * 7 + i) for i in range(4)] if seed % 4 == 0 else None
            moves = 0
            while g.phase != 3 and moves < 5000:
                if g.turn < 0:
                    getattr(g, next_part)()
                    continue
                if bots:
                    m = bots[g.turn].choose(g)
                else:
                    n = g.legal_moves(buf)
                    m = buf[rng.below(n)]
                assert g.play(m) == 0
                if moves % 13 == 0:
                    n = g.save(save)
                    assert g.load(save) == 0
                    g.play(255)
                moves += 1
            assert g.phase == 3


def test_engine_and_bots_arithmetic_stays_in_small_int_range():
    with instrumented_engine() as rec:
        import engine.alleycat as ac
        import engine.backalley as ba
        import engine.rng as rng
        import engine.bots as bots
        # the bot modules (Bot imports them lazily; listed so each is known to be checked)
        import engine.bot_alleycat as bac
        import engine.bot_alleycat_hard as bach
        import engine.bot_alleycat_tables as bact
        import engine.winprob_alleycat as wpac
        assert "__int_check__" in ac.__dict__  # really the instrumented copy
        for m in (bac, bach, bact, wpac):
            assert "__int_check__" in m.__dict__, m.__name__
        _play(ac, ba, rng, bots, 24)
        # every module of the Back Alley brain ran instrumented (they are imported by the bots)
        for name in ("bot_backalley", "bot_backalley_view", "bot_backalley_know",
                     "bot_backalley_bid", "bot_backalley_play",
                     "winprob_backalley"):
            assert "__int_check__" in sys.modules["engine." + name].__dict__, name
    print("largest |int| computed: %d (2**30 = %d) at %s" % (rec.max_abs, LIMIT, rec.where))
    # the RNG's 30-bit outputs pass through the checker, so it saw near-limit values
    assert rec.max_abs >= 1 << 29
    assert rec.violations == 0, "ints beyond +-2**30, first at %s" % rec.first_violation
    assert "engine.alleycat" not in sys.modules or "__int_check__" not in sys.modules["engine.alleycat"].__dict__
