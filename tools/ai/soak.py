#!/usr/bin/env python3
"""Soak: random games of both engines for N minutes (or N games), checking invariants after
every move through the public API only. Not part of CI.

    .venv/bin/python tools/ai/soak.py --minutes 10 [--games 100000] [--jobs 2]

Prints games and moves played and the violations found (with the first few described).
"""
import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from engine.alleycat import AlleyCat  # noqa: E402
from engine.backalley import BackAlley  # noqa: E402
from engine.cards import is_card  # noqa: E402
from engine.rng import Rng  # noqa: E402

AC_DECK = frozenset([(3 << 4) | r for r in range(1, 14)] + [r for r in range(1, 14)] + [0x15])


class Soak:
    def __init__(self, seed):
        self.rng = Rng(seed)
        self.buf = bytearray(16)
        self.hbuf = bytearray(16)
        self.s1 = bytearray(256)
        self.s2 = bytearray(256)
        self.violations = []
        self.moves = 0
        self.games = 0

    def bad(self, what, g, seed):
        if len(self.violations) < 20:
            self.violations.append("%s (%s seed %d, move %d)" % (what, type(g).__name__, seed, self.moves))
        else:
            self.violations.append(None)

    def hand(self, g, p):
        n = g.hand(p, self.hbuf)
        return list(self.hbuf[:n])

    def check_common(self, g, seed, players):
        if (g.turn >= 0) != (g.phase == 1 or (players == 4 and g.phase == 0)):
            self.bad("turn %d in phase %d" % (g.turn, g.phase), g, seed)
        if g.turn >= 0 and g.legal_moves(self.buf) == 0:
            self.bad("no legal move for the player to move", g, seed)
        if self.rng.below(17) == 0:
            n = g.save(self.s1)
            if n > 256 or g.load(self.s1) != 0 or g.save(self.s2) != n or self.s1[:n] != self.s2[:n]:
                self.bad("save/load/save differs", g, seed)

    def alleycat(self, seed):
        g = AlleyCat(seed=seed, target=(22, 44, 66)[seed % 3], as_captured=bool(self.rng.below(2)))
        g.start()
        played = set()
        credited = [0, 0]
        round_credit = [0, 0]
        while g.phase != 3:
            if self.moves_in_game > 3000:
                self.bad("game does not end", g, seed)
                return
            if g.phase == 2:
                for p in (0, 1):
                    if g.round_points(p) != round_credit[p]:
                        self.bad("round_points != sum of tricks", g, seed)
                    if g.score(p) != credited[p]:
                        self.bad("score != sum of scored tricks", g, seed)
                g.next_round()
                played = set()
                round_credit = [0, 0]
                continue
            n = g.legal_moves(self.buf)
            m = self.buf[self.rng.below(n)]
            ts = g.trick_size
            if g.play(m) != 0:
                self.bad("legal move refused", g, seed)
                return
            self.moves += 1
            self.moves_in_game += 1
            played.add(m)
            if ts == 1:  # that play completed a trick
                w = g.last_winner
                round_credit[w] += g.last_points
                credited[w] += g.last_points
                if g.last_drawer != -1 and g.last_drawn not in AC_DECK:
                    self.bad("drew a non-card", g, seed)
            h0 = self.hand(g, 0)
            h1 = self.hand(g, 1)
            cards = h0 + h1
            if len(set(cards)) != len(cards) or set(cards) & played or not set(cards) <= AC_DECK:
                self.bad("duplicate or foreign card in hands", g, seed)
            if len(cards) + g.stock_size() + len(played) != 27:
                self.bad("27 cards not conserved", g, seed)
            if g.phase == 3:
                # game over straight from a trick (as captured) or from the round end
                for p in (0, 1):
                    if g.score(p) != credited[p]:
                        self.bad("final score != sum of scored tricks", g, seed)
                if g.winner not in (0, 1) or g.score(g.winner) <= g.score(1 - g.winner):
                    self.bad("winner is not the higher score", g, seed)
            self.check_common(g, seed, 2)

    def backalley(self, seed):
        deals = 1 + 2 * self.rng.below(13)
        g = BackAlley(seed=seed, deals=deals, strict_trump_lead=bool(self.rng.below(2)))
        g.start()
        played = set()
        totals = [0, 0]
        while g.phase != 3:
            if self.moves_in_game > 20000:
                self.bad("game does not end", g, seed)
                return
            if g.phase == 2:
                for t in (0, 1):
                    totals[t] += g.hand_points(t)
                    if g.team_score(t) != totals[t]:
                        self.bad("team_score != sum of hand points", g, seed)
                g.next_deal()
                played = set()
                continue
            n = g.legal_moves(self.buf)
            m = self.buf[self.rng.below(n)]
            if g.play(m) != 0:
                self.bad("legal move refused", g, seed)
                return
            self.moves += 1
            self.moves_in_game += 1
            if m < 0x80:
                played.add(m)
            if g.phase == 3:
                for t in (0, 1):
                    totals[t] += g.hand_points(t)
                    if g.team_score(t) != totals[t]:
                        self.bad("final team_score != sum of hand points", g, seed)
                s0, s1 = g.team_score(0), g.team_score(1)
                if g.winner != (0 if s0 > s1 else 1 if s1 > s0 else 2):
                    self.bad("wrong winner", g, seed)
                break
            cards = []
            for p in range(4):
                cards += self.hand(g, p)
            if len(set(cards)) != len(cards) or set(cards) & played or not all(is_card(c) for c in cards):
                self.bad("duplicate or foreign card in hands", g, seed)
            if g.phase != 2 and len(cards) + len(played) != 4 * g.cards_per_hand:
                self.bad("hand cards not conserved", g, seed)
            done = len(played) // 4
            if g.phase == 1 and sum(g.tricks(p) for p in range(4)) != done:
                self.bad("tricks(p) do not add up to the tricks played", g, seed)
            self.check_common(g, seed, 4)

    def one_game(self, seed):
        self.moves_in_game = 0
        if seed % 2:
            self.alleycat(seed)
        else:
            self.backalley(seed)
        self.games += 1


def worker(args):
    first_seed, step, deadline, max_games = args
    s = Soak(first_seed)
    seed = first_seed
    while time.time() < deadline and s.games < max_games:
        s.one_game(seed)
        seed += step
    return s.games, s.moves, s.violations


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=1.0)
    ap.add_argument("--games", type=int, default=10 ** 9, help="stop after this many games in all")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    t0 = time.time()
    deadline = t0 + a.minutes * 60
    per = -(-a.games // a.jobs)
    with multiprocessing.Pool(a.jobs) as pool:
        results = pool.map(worker, [(j + 1, a.jobs, deadline, per) for j in range(a.jobs)])
    games = sum(r[0] for r in results)
    moves = sum(r[1] for r in results)
    viol = [v for r in results for v in r[2]]
    print("soak: %d games (Alley Cat and Back Alley alternating), %d moves in %.0f s, %d jobs"
          % (games, moves, time.time() - t0, a.jobs))
    print("violations found: %d" % len(viol))
    for v in viol[:20]:
        if v:
            print("  " + v)
    sys.exit(1 if viol else 0)


if __name__ == "__main__":
    main()
