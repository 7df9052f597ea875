"""Save and resume: power cuts between steps and in the middle of nvm writes, corrupt and
foreign records. Each Driver is one power-on of the program on the same save file."""
import random

from test_ui_play import Driver, AC, BA, app_mod, hw_desktop
import records


def game_bytes(d):
    scr = d.screen
    buf = bytearray(256)
    n = scr.g.save(buf)
    return bytes(buf[:n])


def random_step(d, rng):
    """One key press a player might make in a game screen."""
    scr = d.screen
    g = scr.g
    if g.phase in (AC.PHASE_ROUND_OVER, AC.PHASE_GAME_OVER) and scr.KIND == 1:
        d.press("a")
        return
    if scr.KIND == 2 and g.phase in (BA.PHASE_HAND_OVER, BA.PHASE_GAME_OVER):
        d.press("a")
        return
    r = rng.random()
    if r < 0.25:
        d.press(rng.choice(["left", "right"]))
    elif r < 0.35 and scr.KIND == 2:
        d.press("up")
    elif scr.KIND == 2 and g.phase == BA.PHASE_PLAY:
        d.press("up")
        d.press("a")
    else:
        d.press("a")


def resume_check(tmp_path, kind, seed, cuts):
    save = tmp_path / ("k%d.bin" % kind)
    rng = random.Random(seed)
    d = Driver(save, seed=seed)
    d.set_setting(app_mod.S_SPEED, 2)
    if kind == 2:
        d.set_setting(app_mod.S_BA_LENGTH, 2)  # 7 deals
    d.menu_to("Alley Cat" if kind == 1 else "Back Alley")
    for _ in range(cuts):
        for _ in range(rng.randrange(1, 12)):
            if d.screen.name == "title" or d.screen.g is None or \
                    d.screen.g.phase == d.screen.PHASE_GAME_OVER:
                return
            random_step(d, rng)
        assert d.app.waiting_for_input()
        if d.screen.g.phase == d.screen.PHASE_GAME_OVER:
            assert "Continue" not in Driver(save, seed=seed).title_items()
            return
        want = game_bytes(d)
        phase = d.screen.g.phase
        cur_turn = d.screen.g.turn
        # power cut here: throw the program away, power on again on the same save
        d = Driver(save, seed=seed + 1000)
        assert d.name == "title"
        assert d.title_items()[0] == "Continue"
        d.press("a")
        assert d.name == ("alleycat" if kind == 1 else "backalley")
        assert game_bytes(d) == want
        assert d.screen.g.phase == phase and d.screen.g.turn == cur_turn
        assert d.screen.level == 1


def test_resume_alleycat_random_moments(tmp_path):
    for seed in (1, 2, 3):
        resume_check(tmp_path, 1, seed, 6)


def test_resume_backalley_random_moments(tmp_path):
    for seed in (4, 5):
        resume_check(tmp_path, 2, seed, 6)


def test_power_cut_inside_nvm_writes(tmp_path):
    """Tear a write at a random byte; the next power-on must start cleanly and resume the
    last completely written game."""
    rng = random.Random(77)
    cuts = 0
    for trial in range(8):
        save = tmp_path / ("torn%d.bin" % trial)
        d = Driver(save, seed=trial)
        d.set_setting(app_mod.S_SPEED, 2)
        kind = 1 + (trial & 1)
        d.menu_to("Alley Cat" if kind == 1 else "Back Alley")
        for _ in range(rng.randrange(2, 10)):
            random_step(d, rng)
        # a new power-on with a cut armed part-way through the run's writes
        d2 = Driver(save, seed=trial)
        d2.hw.nvm.cut_after = rng.randrange(1, 300)
        try:
            d2.press("a")  # Continue
            for _ in range(40):
                random_step(d2, rng)
            continue  # no cut happened in this run
        except hw_desktop.PowerCut:
            # the write in flight is lost; the last completed game record must survive
            expect = bytes(d2.app.last_saved[:max(d2.app.last_saved_n, 0)])
            cuts += 1
        d3 = Driver(save, seed=trial)
        assert d3.name == "title"
        if expect and len(expect) > 8:
            assert d3.title_items()[0] == "Continue"
            # what power-on loaded is the last completed record, byte for byte
            assert bytes(d3.app.last_saved[:d3.app.last_saved_n]) == expect
            assert d3.app.saved == expect[0]
            d3.press("a")
            assert d3.screen.name == ("alleycat", "backalley")[expect[0] - 1]
    assert cuts >= 4


def test_corrupt_and_foreign_records_are_ignored(tmp_path):
    save = tmp_path / "c.bin"
    d = Driver(save, seed=9)
    d.menu_to("Alley Cat")
    d.press("a")
    assert d.app.saved == 1
    # flip a byte inside both game slots: checksum fails -> ignored with a message
    raw = bytearray(save.read_bytes())
    raw[512 + 20] ^= 0x5A
    raw[1024 + 20] ^= 0x5A
    save.write_bytes(bytes(raw))
    d = Driver(save, seed=9)
    assert d.name == "title"
    assert "Continue" not in d.title_items()
    assert "ignored" in d.screen.note
    # foreign data everywhere (another program's nvm)
    rng = random.Random(3)
    save.write_bytes(bytes(rng.randrange(256) for _ in range(8192)))
    d = Driver(save, seed=9)
    assert d.name == "title" and "Continue" not in d.title_items()
    assert "ignored" in d.screen.note
    assert list(d.app.settings) == list(app_mod.DEFAULTS)
    d.menu_to("Alley Cat")  # and the program still works, writing fresh records
    assert d.name == "alleycat"
    # a record that checks out but holds a foreign game is ignored too
    r = records.Records(hw_desktop.FileNvm(str(save)))
    junk = bytearray(40)
    junk[0] = 1
    r.write(records.GAME, junk, 40)
    d = Driver(save, seed=9)
    assert "Continue" not in d.title_items()
    assert "ignored" in d.screen.note


def test_records_double_buffer():
    nvm = hw_desktop.FileNvm(None)
    r = records.Records(nvm)
    assert r.read(records.STATS, bytearray(128)) == -1
    for i in range(5):
        r.write(records.STATS, bytes([i] * 24), 24)
    out = bytearray(128)
    assert records.Records(nvm).read(records.STATS, out) == 24 and out[0] == 4
    # tear the next write at every byte: the old record survives each time
    for cut in range(1, 7 + 24 + 2):
        snap = bytes(nvm.data)
        nvm.cut_after = nvm.written + cut
        r2 = records.Records(nvm)
        try:
            r2.write(records.STATS, bytes([9] * 24), 24)
        except hw_desktop.PowerCut:
            pass
        nvm.cut_after = None
        n = records.Records(nvm).read(records.STATS, out)
        assert n == 24 and out[0] in (4, 9)
        nvm.data[:] = snap
