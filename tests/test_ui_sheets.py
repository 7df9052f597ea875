"""Score breakdowns: the breakdown shown after each Back Alley deal and
Alley Cat round is computed from the engine's public state and must add up to the engine's
own score change; the score sheet lists every deal / round (kept in the save), scrolls, and
game over offers Play again / Menu."""
import random
import re

from test_ui_play import Driver, AC, BA, app_mod, gfx, COLORS, rgb_close, hexrgb
from engine.bots import Bot
import sheet
import sheet_alleycat
import sheet_backalley


class Sheet:
    """What app.App keeps for the score sheet, to run sheet.note_result without a device."""

    def __init__(self):
        self.hist = bytearray(100)
        self.hist_n = 0
        self.hist_open = True

    def note(self, kind, g):
        sheet.note_result(self, kind, g)


def screen_texts():
    """The visible text lines on screen: [(text, x, y)] from the label tiles."""
    inv = {c: chr(32 + c) for c in range(95)}  # (tile c is character c + 32: gfxinit)
    out = []
    for i, lab in enumerate(gfx.labels):
        if lab.hidden:
            continue
        n = gfx.llen[i]
        r = gfx.llen[gfx.NL + i]  # the cell the text starts at
        s = "".join(inv[lab[r + k]] for k in range(n))
        out.append((s, lab.x + r * gfx.FW, lab.y))
    return out


def ink_boxes():
    """(text, x0, y0, x1, y1): the inked pixels' box of each visible text line."""
    fs = gfx.font_sheet
    w = gfx.FW
    out = []
    for s, x, y in screen_texts():
        rows = set()
        cols = []
        for k, ch in enumerate(s):
            c = ord(ch) - 32
            for yy in range(gfx.FH):
                for xx in range(w):
                    if fs[c * w + xx, yy]:
                        rows.add(yy)
                        cols.append(k * w + xx)
        if rows:
            out.append((s, x + min(cols), y + min(rows), x + max(cols), y + max(rows)))
    return out


def assert_text_fits():
    """Every text line on screen stays on the screen and clear of the other lines."""
    boxes = ink_boxes()
    for s, x0, y0, x1, y1 in boxes:
        assert 0 <= x0 and x1 < 160 and 0 <= y0 and y1 < 128, s
    for i in range(len(boxes)):
        for j in range(i):
            a = boxes[i]
            b = boxes[j]
            assert a[3] < b[1] or b[3] < a[1] or a[4] < b[2] or b[4] < a[2], (a, b)


def texts():
    """The text lines on screen, checked to fit (each use checks the screen it reads)."""
    assert_text_fits()
    return [t[0] for t in screen_texts()]


def last_int(s):
    return int(re.findall(r"-?\d+", s)[-1])


def kind_of(c, took, n):
    if c & 0x80:
        return "board made" if took == n else "board set"
    if c == 0:
        return "passed"
    return "set" if took < c else ("made" if took == c else "over")


def test_backalley_breakdown_equals_engine_score_change():
    """Many seeded hands with computer players at every seat (levels 0..2 mixed, some random
    moves so that boards get bid and set): for each team the breakdown's total (its text's
    last number and the computed points) equals the engine's hand_points, and the team
    totals on the sheet add up to team_score."""
    seen = set()
    hands = 0
    for seed in range(1, 41):
        rng = random.Random(seed)
        deals = (25, 13, 7, 3, 1)[seed % 5]
        g = BA.BackAlley(seed, deals, seed % 3 == 0)
        g.start()
        bots = [Bot(seed % 3, seed * 7 + p, g) for p in range(4)]
        sh = Sheet()
        buf = bytearray(16)
        while g.phase != BA.PHASE_GAME_OVER:
            if g.phase == BA.PHASE_HAND_OVER:
                g.next_deal()
                continue
            if g.phase == BA.PHASE_BID and rng.random() < 0.15:
                n = g.legal_moves(buf)
                m = buf[n - 1] if rng.random() < 0.5 else buf[rng.randrange(n)]
            else:
                m = bots[g.turn].choose(g)
            assert g.play(m) == 0
            if g.phase >= BA.PHASE_HAND_OVER:
                sh.note(2, g)
                if all(g.bid(p) == BA.BID_PASS for p in range(4)):
                    continue
                hands += 1
                i = g.deal_number
                assert sh.hist_n == i + 1
                n = g.cards_per_hand
                for t in (0, 1):
                    c = sh.hist[4 * i + 2 * t]
                    took = sh.hist[4 * i + 2 * t + 1]
                    assert took == g.tricks(t) + g.tricks(t + 2)
                    pts, how = sheet_backalley.score(c, took, n)
                    assert pts == g.hand_points(t), (c, took, n, how)
                    assert last_int(how) == pts, how
                    assert len(how) <= 25, how
                    seen.add(kind_of(c, took, n))
                    if c & 0x80 and c != 0x81:
                        seen.add("double")
        # the sheet's rows add up to the final score
        for t in (0, 1):
            tot = sum(sheet_backalley.score(sh.hist[4 * i + 2 * t], sh.hist[4 * i + 2 * t + 1],
                                            sheet_backalley.size(g, i))[0]
                      for i in range(sh.hist_n))
            assert tot == g.team_score(t)
        assert sh.hist_n == g.deals
    assert hands > 300
    assert {"made", "over", "set", "board made", "board set", "passed"} <= seen, seen


def test_backalley_breakdown_texts():
    assert sheet_backalley.score(4, 5, 7) == (21, "made: 5x4=20, +1 over=21")
    assert sheet_backalley.score(4, 4, 7) == (20, "made: 5 x 4 = 20")
    assert sheet_backalley.score(5, 3, 7) == (-25, "set: -5 x 5 = -25")
    assert sheet_backalley.score(0x81, 5, 7) == (-70, "board set: -10 x 7 = -70")
    assert sheet_backalley.score(0x81, 7, 7) == (70, "board made: 10 x 7 = 70")
    assert sheet_backalley.score(0x82, 7, 7) == (140, "made x2: 10x7x2 = 140")
    assert sheet_backalley.score(0, 2, 7) == (2, "no bid: +1 x 2 = 2")


def test_alleycat_breakdown_equals_round_points():
    """Many seeded rounds: the points per trick and the alley cat, read from the engine's
    history, add up to round_points for both players; the reason names the empty hand."""
    rounds = 0
    cats = 0
    for seed in range(1, 31):
        g = AC.AlleyCat(seed, 44, seed % 2 == 1)
        g.start()
        bots = [Bot(seed % 3, seed + p, g) for p in range(2)]
        while True:
            if g.phase == AC.PHASE_PLAY:
                assert g.play(bots[g.turn].choose(g)) == 0
                continue
            rounds += 1
            for p in (0, 1):
                vals, cat = sheet_alleycat.tricks(g, p)
                total = sum(vals) - (cat if cat >= 0 else 0)
                assert total == g.round_points(p)
                cats += cat >= 0
            rows = sheet_alleycat.breakdown(g)
            assert last_int(rows[1]) == g.round_points(0)
            assert last_int(rows[3]) == g.round_points(1)
            for r in rows:
                assert len(r) <= 25, r
            why = sheet_alleycat.why(g)
            if g.hand_size(0) == 0 and g.hand_size(1) == 0:
                assert why == "Both hands played out"
            elif g.hand_size(0) == 0:
                assert why.startswith("Your hand")
            elif g.hand_size(1) == 0:
                assert why.startswith("CPU's hand")
            else:  # as captured: the game ended mid-round
                assert g.phase == AC.PHASE_GAME_OVER and "reached" in why
            if g.phase == AC.PHASE_GAME_OVER:
                break
            g.next_round()
    assert rounds > 60 and cats > 20


def play_backalley(d, stop):
    """Hints and A until stop(d) or game over; A at each hand over."""
    for _ in range(3000):
        g = d.screen.g
        if stop(d) or g.phase == BA.PHASE_GAME_OVER:
            return
        if g.phase == BA.PHASE_HAND_OVER:
            d.press("a")
            continue
        d.press("up")
        d.press("a")
    raise AssertionError("stuck: " + d.app.state_line())


def test_backalley_sheets_in_a_game(tmp_path):
    """Deal over shows the breakdown that adds up to the engine's points; the score sheet
    lists every deal (also after a power cut and Continue) and scrolls; game over shows
    the final breakdown, the winner, and Play again / Menu."""
    save = tmp_path / "s.bin"
    d = Driver(save, seed=7)
    d.set_setting(app_mod.S_SPEED, 2)
    d.set_setting(app_mod.S_BA_LENGTH, 1)  # 13 deals
    d.menu_to("Back Alley")
    overs = 0
    while overs < 9:
        play_backalley(d, lambda d: d.screen.g.phase == BA.PHASE_HAND_OVER)
        g = d.screen.g
        assert g.phase == BA.PHASE_HAND_OVER
        t = texts()
        if t[0] == "All passed":
            d.press("a")
            continue
        overs += 1
        k = g.cards_per_hand
        assert t[0] == "Deal %d/13 over (%d card%s)" % (g.deal_number + 1, k, "s"[:k - 1])
        us = [s for s in t if s.startswith("Us: ")]
        them = [s for s in t if s.startswith("Them: ")]
        assert len(us) == 1 and len(them) == 1
        i = t.index(us[0])
        assert last_int(t[i + 1]) == g.hand_points(0)
        i = t.index(them[0])
        assert last_int(t[i + 1]) == g.hand_points(1)
        assert "Score: Us %d   Them %d" % (g.team_score(0), g.team_score(1)) in t
        d.press("a")
    d.press("start")  # paused: written
    # power cut, Continue: the sheet still has every deal
    d = Driver(save, seed=8)
    assert d.screen.detail == "Back Alley, deal 10"
    assert "Back Alley, deal 10" in texts()
    d.press("a")
    assert d.name == "backalley"
    d.press("start")
    d.menu_to("Score sheet")
    assert d.screen.overlay == 2
    t = texts()
    assert t[0] == "Score sheet  13 deals"
    rows = [s for s in t if re.match(r"^ +\d+ ", s)]
    # 9 deals + this one + the total: the latest are shown first (6 rows at a time)
    assert rows[-1].strip().startswith("10 ")
    assert t[t.index(rows[-1]) + 1].startswith("total")
    assert "Up: more" in t
    firsts = []
    for _ in range(8):
        d.press("up")
        firsts.append([s for s in texts() if re.match(r"^ +\d+ ", s)][0].strip())
    assert firsts[-1].startswith("1 ") and firsts[0] != firsts[-1]
    assert "Down: more" in texts()
    assert d.screen.overlay == 2  # Up / Down scroll, they do not close it
    d.press("b")
    assert d.screen.overlay == 0
    # to the end of the game
    play_backalley(d, lambda d: False)
    g = d.screen.g
    assert g.phase == BA.PHASE_GAME_OVER
    assert d.screen.hold_until < 0  # the last trick's show has ended by itself
    t = texts()
    assert t[0] == {0: "We win!", 1: "They win", 2: "Drawn game"}[g.winner]
    assert "Final: Us %d   Them %d" % (g.team_score(0), g.team_score(1)) in t
    assert t[1].startswith("Last deal")
    assert last_int(t[3]) == g.hand_points(0) and last_int(t[5]) == g.hand_points(1)
    assert "Play again" in t and "Menu" in t
    # Play again is selected (navy box under it), Right selects Menu
    assert rgb_close(d.hw.frame_pixel(10, 108), hexrgb(COLORS[gfx.NAVY]))
    d.press("right")
    assert rgb_close(d.hw.frame_pixel(84, 108), hexrgb(COLORS[gfx.NAVY]))
    assert not rgb_close(d.hw.frame_pixel(10, 108), hexrgb(COLORS[gfx.NAVY]))
    d.press("left")
    played = d.app.stat(2, 1, False)
    d.press("a")  # Play again: a new game of the same kind and length
    assert d.name == "backalley"
    g = d.screen.g
    assert g.phase == BA.PHASE_BID and g.deal_number == 0 and g.deals == 13
    assert d.app.stat(2, 1, False) == played + 1
    assert d.app.hist_n == 0


def test_alleycat_round_over_and_game_over(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=3)
    d.set_setting(app_mod.S_SPEED, 2)
    d.set_setting(app_mod.S_AC_TARGET, 0)  # 22
    d.menu_to("Alley Cat")
    rounds = 0
    for _ in range(2000):
        g = d.screen.g
        if g.phase == AC.PHASE_GAME_OVER:
            break
        if g.phase == AC.PHASE_ROUND_OVER:
            rounds += 1
            t = texts()
            assert t[0] == "Round %d over" % rounds
            assert t[1] == sheet_alleycat.why(g) and "played out" in t[1]
            assert last_int(t[3]) == g.round_points(0) and last_int(t[5]) == g.round_points(1)
            # the score sheet lists every round so far
            d.press("start")
            d.menu_to("Score sheet")
            rows = [s for s in texts() if re.match(r"^ +\d+ ", s)]
            assert len(rows) == rounds
            assert last_int(rows[-1]) == g.round_points(1)
            d.press("a")
            d.press("a")
            continue
        d.press("up")
        d.press("a")
    g = d.screen.g
    assert g.phase == AC.PHASE_GAME_OVER
    assert d.screen.hold_until < 0
    t = texts()
    assert t[0] == ("You win!" if g.winner == 0 else "CPU wins")
    assert "Final: You %d, CPU %d" % (g.score(0), g.score(1)) in t
    assert "Play again" in t and "Menu" in t
    d.press("down")  # Menu
    d.press("a")
    assert d.name == "title"
    assert d.screen.items[0] == "Alley Cat"  # the game is over: nothing to continue
