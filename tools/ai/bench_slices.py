"""Sliced thinking timed per slice, for the MicroPython bot benchmarks
(tools/ai/bench_bots_alleycat.py and tools/ai/bench_bots_backalley.py, option --slice).

    st = SliceTimer(reps)
    st.time(bot, game, level)    # one decision thought in slices, `reps` times
    st.report(("easy", "normal", "hard"))
"""
import time

CPU_CLOCK = hasattr(time, "clock")  # the unix port's process CPU time


class SliceTimer:
    def __init__(self, reps, cap=4000):
        self.reps = reps
        self.sbuf = [0] * cap           # fastest time of the k-th slice of this decision (us)
        self.slice_t = [[], [], []]     # per level: time of every slice (us)
        self.per_dec = [[], [], []]     # per level: slices per decision
        self.cpu_mean = [[], [], []]    # per level and decision: CPU time of its slices / slices

    def time(self, bot, g, lv):
        """Think g in slices `reps` times (begin counts with the first slice, as the front end
        runs them in one step); keep each slice's fastest time; return the slices."""
        sbuf = self.sbuf
        n = 0
        c0 = time.clock() if CPU_CLOCK else 0
        for rep in range(self.reps):
            k = 0
            t0 = time.ticks_us()
            bot.begin(g)
            while True:
                done = bot.think(bot.slice)
                d = time.ticks_diff(time.ticks_us(), t0)
                if rep == 0 or d < sbuf[k]:
                    sbuf[k] = d
                k += 1
                if done:
                    break
                t0 = time.ticks_us()
            n = k
        out = self.slice_t[lv]
        for i in range(n):
            out.append(sbuf[i])
        self.per_dec[lv].append(n)
        if CPU_CLOCK:  # immune to other load
            self.cpu_mean[lv].append(int((time.clock() - c0) * 1000000) // (self.reps * n))
        return n

    def report(self, names):
        print("--slice: time per slice (bot.slice work units; begin counted with the first"
              " slice), fastest of %d runs:" % self.reps)
        for lv in range(len(names)):
            t = sorted(self.slice_t[lv])
            k = sorted(self.per_dec[lv])
            if t:
                print("%-7s slices %5d  median %.3f ms  p90 %.3f ms  max %.3f ms  per decision %d"
                      " (max %d)" % (names[lv], len(t), t[len(t) // 2] / 1000,
                                     t[len(t) * 9 // 10] / 1000, t[-1] / 1000,
                                     k[len(k) // 2], k[-1]))
        print("CPU time per slice, each decision's mean (process time: immune to other load):")
        for lv in range(len(names)):
            t = sorted(self.cpu_mean[lv])
            if t:
                print("%-7s median %.3f ms  p90 %.3f ms  max %.3f ms" % (
                    names[lv], t[len(t) // 2] / 1000, t[len(t) * 9 // 10] / 1000, t[-1] / 1000))
