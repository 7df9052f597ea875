# Alley Cat computer player, Hard level: determinized playouts scored by the game-win chance.
#
# hard_begin(brain), hard_step(brain, work) until True -> brain.hs[_BEST], an index into
# brain.obs.hand. Perfect-information Monte Carlo: deal the unseen
# cards into the opponent's hand and the stock order at random, play every candidate card in that
# same world to the end of the round with a fast policy on a compact simulator (leader: best
# static LEAD value, i.e. the Normal lead formula against a random 5-card hand, so playouts do not
# let the leader peek; follower: best FU, or as captured a card that reaches the target, and
# never a card that hands the leader the target; both O(hand) per trick), and score the
# resulting position by the chance of winning the game (engine/winprob_alleycat.py: end-of-round
# totals and who leads the next round, or the target reached mid-round as captured), plus the
# round's point margin as a tie-break (it decides when the game chance is flat, e.g. far ahead).
# Fixed work budget: worlds are drawn until brain.budget simulated tricks are used up (a decision
# costs what its rounds cost); after _CUT_PCT % of it only the best _KEEP candidates are played
# on (successive halving: the close comparison gets the samples).
# Sliced: hard_begin starts a search, hard_step(b, work) goes on for about work simulated tricks
# (the front end thinks between key polls); its state lives in the brain's fields.
# Allocation-free: every buffer belongs to the brain.
from engine.common import const
from engine.bot_alleycat_tables import FU, LEAD, VAL
from engine.winprob_alleycat import win_prob_end

_N = const(27)
_CAT = const(10)
_NONE = const(255)
_SCALE = const(8)     # value of one half-level of win chance (0..180) in round points
_MAX_WORLDS = const(160)  # worlds per decision at most (short rounds: cheap worlds)
_CUT_PCT = const(40)  # after this share of the budget only the best _KEEP candidates go on
_KEEP = const(2)
_MIN_WORLDS = const(4)
# b.hs, the search's state between slices (a list: the brain's member table stays small):
_LIVE = const(0)  # candidates still sampled
_WK = const(1)    # stock cards a world draws
_WLO = const(2)   # the first unseen card shuffled
_NEXT = const(3)  # the candidate played out next (-1: a new world)
_BEST = const(4)  # the chosen candidate


def hard_begin(b):
    """Start a search: its state is kept in b's fields, so hard_step can run it in slices."""
    hs = b.hs
    v = b.obs
    n = v.hand_n
    b.find_unseen()
    nu = b.unseen_n
    m = v.opp_n
    tot = b.totals
    pts = b.points
    alive = b.alive
    for i in range(6):
        tot[i] = 0
        pts[i] = 0
        alive[i] = 1
    wh = b.wh
    for i in range(n):
        wh[i] = v.hand[i]
    hs[_LIVE] = n
    b.steps = 0
    b.worlds = 0
    # only the opponent's hand and the draws the round can still make need a random order:
    # a partial Fisher-Yates from the end (a draw per trick at most, and some hand runs out
    # within n + m tricks) leaves un[lo:] a uniform random sequence of the unseen cards
    k = n + m
    if k > nu - m:
        k = nu - m
    hs[_WK] = k
    hs[_WLO] = nu - m - k
    hs[_NEXT] = -1  # the candidate to play out next in the current world; -1: draw a world


def hard_step(b, work):
    """Go on with the search for about work simulated tricks (at least one playout; it stops
    at the first playout boundary past work). True when it is done: the move is hs[_BEST].
    A slice ends between two playouts, so any slicing makes the same moves in the same order
    and draws the same numbers as one uninterrupted search."""
    hs = b.hs
    v = b.obs
    n = v.hand_n
    tot = b.totals
    pts = b.points
    alive = b.alive
    steps = b.steps
    worlds = b.worlds
    budget = b.budget
    i = hs[_NEXT]
    used = 0
    while True:
        if i < 0:
            if worlds >= _MAX_WORLDS or (worlds and steps >= budget):
                break
            _world(b, steps, worlds)
            i = 0
        elif i >= n:
            worlds += 1
            i = -1
        elif not alive[i]:
            i += 1
        elif used >= work:
            b.steps = steps
            b.worlds = worlds
            hs[_NEXT] = i
            return False
        else:
            tot[i] += rollout(b, i)
            pts[i] += b.margin
            t = b.tricks + 1  # + 1: a playout's fixed cost (copying, the lookup)
            steps += t
            used += t
            i += 1
    bi = -1
    bp = -1
    for i in range(n):
        if alive[i]:
            if bi < 0 or tot[i] > tot[bi]:
                bi = i
            if bp < 0 or pts[i] > pts[bp]:
                bp = i
    b.worlds = worlds
    b.steps = steps
    b.differs = bi != bp
    hs[_BEST] = bi
    return True


def _world(b, steps, worlds):
    """Successive halving when its time has come, then a new sampled world in b.wh / b.ws."""
    hs = b.hs
    alive = b.alive
    tot = b.totals
    n = b.obs.hand_n
    if hs[_LIVE] > _KEEP and steps >= b.budget * _CUT_PCT // 100 and worlds >= _MIN_WORLDS:
        # successive halving: the rest of the budget goes to the best _KEEP so far, whose
        # comparison is the close one (same worlds for all, so the sums compare)
        while hs[_LIVE] > _KEEP:
            wi = -1
            for i in range(n):
                if alive[i] and (wi < 0 or tot[i] < tot[wi]):
                    wi = i
            alive[wi] = 0
            hs[_LIVE] -= 1
    rng = b.rng
    un = b.unseen
    m = b.obs.opp_n
    top = b.unseen_n - 1
    lo = hs[_WLO]
    i = top
    while i >= lo and i > 0:
        j = rng.next30() % (i + 1)
        t = un[i]
        un[i] = un[j]
        un[j] = t
        i -= 1
    wh = b.wh
    ws = b.ws
    for j in range(m):
        wh[6 + j] = un[top - j]
    for j in range(hs[_WK]):
        ws[j] = un[top - m - j]


def _closer(H, base, n, a, need, bj):
    """As captured, a follower who can reach the target by winning this trick does (a real
    player would): the index of such a card in H[base:base+n], else bj."""
    if need > 12 or a == _CAT:
        return bj
    va = VAL[a]
    for j in range(n):
        x = H[base + j]
        if x > a and x != _CAT and VAL[x] - va >= need:
            return j
    return bj


def _guard(H, base, n, a, need, bj):
    """As captured, a follower whose chosen card would hand the leader the game (the leader
    takes the trick for need points or more) plays the best other card that does not."""
    if need > 12 or a == _CAT:
        return bj
    va = VAL[a]
    x = H[base + bj]
    if x > a or x == _CAT or va - VAL[x] < need:
        return bj
    best = -1
    for j in range(n):
        x = H[base + j]
        if x > a or x == _CAT or va - VAL[x] < need:
            u = FU[a * _N + x]
            if u > best:
                best = u
                bj = j
    return bj


def rollout(b, first):
    """Play the sampled world to the end of the round with my card hand[first] now.
    Returns the value for me (_SCALE * win chance + point margin); leaves the number of tricks
    simulated in b.tricks and the round's point margin in b.margin."""
    v = b.obs
    H = b.sh
    W = b.wh
    for i in range(12):
        H[i] = W[i]
    S = b.ws
    n0 = v.hand_n
    n1 = v.opp_n
    top = 0
    sn = v.stock_n
    capt = v.as_captured
    target = v.target
    g0 = v.score_me + (0 if capt else v.rp_me)
    g1 = v.score_op + (0 if capt else v.rp_op)
    p0 = 0  # points taken in the playout
    p1 = 0
    tricks = 0
    # the first trick: my card, and the lead if I am following
    n0 -= 1
    mine = H[first]
    H[first] = H[n0]
    if v.lead != _NONE:
        ldr = 1
        a = v.lead
        c = mine
    else:
        ldr = 0
        a = mine
        row = a * _N
        bu = -1
        bj = 0
        for j in range(n1):
            u = FU[row + H[6 + j]]
            if u > bu:
                bu = u
                bj = j
        if capt:
            bj = _closer(H, 6, n1, a, target - g1, bj)
            bj = _guard(H, 6, n1, a, target - g0, bj)
        c = H[6 + bj]
        n1 -= 1
        H[6 + bj] = H[6 + n1]
    while True:
        tricks += 1
        # resolve trick: a led by ldr, c followed
        d = VAL[a] - VAL[c]
        if d < 0:
            d = -d
        fol = 1 - ldr
        win = fol if c > a else ldr
        if a == _CAT or c == _CAT:
            d = -d
            drawer = win
            ldr = 1 - win
        else:
            drawer = 1 - win
            ldr = win
        if win:
            p1 += d
            if capt and g1 + p1 >= target:
                b.tricks = tricks
                b.margin = p0 - p1
                return p0 - p1
        else:
            p0 += d
            if capt and g0 + p0 >= target:
                b.tricks = tricks
                b.margin = p0 - p1
                return p0 - p1 + 180 * _SCALE
        if n0 == 0 or n1 == 0:
            break
        if top < sn:
            if drawer:
                H[6 + n1] = S[top]
                n1 += 1
            else:
                H[n0] = S[top]
                n0 += 1
            top += 1
        # next trick: the leader leads by the static table (no peeking at the follower's
        # hand, so the playouts do not flatter the leader), the follower replies best FU
        if ldr:
            lb = 6
            ln = n1
            fb = 0
            fn = n0
        else:
            lb = 0
            ln = n0
            fb = 6
            fn = n1
        best = -1
        bi = 0
        for i in range(ln):
            u = LEAD[H[lb + i]]
            if u > best:
                best = u
                bi = i
        a = H[lb + bi]
        row = a * _N
        best = -1
        bj = 0
        for j in range(fn):
            u = FU[row + H[fb + j]]
            if u > best:
                best = u
                bj = j
        if capt:
            bj = _closer(H, fb, fn, a, target - (g0 + p0 if ldr else g1 + p1), bj)
            bj = _guard(H, fb, fn, a, target - (g1 + p1 if ldr else g0 + p0), bj)
        c = H[fb + bj]
        ln -= 1
        H[lb + bi] = H[lb + ln]
        fn -= 1
        H[fb + bj] = H[fb + fn]
        if ldr:
            n1 = ln
            n0 = fn
        else:
            n0 = ln
            n1 = fn
    b.tricks = tricks
    b.margin = p0 - p1
    # the next round is led by this round's dealer (the deal alternates)
    return p0 - p1 + _SCALE * win_prob_end(capt, target, g0 + p0, g1 + p1, v.me_dealer)
