# The take-back (Easy, Normal): B at the table while the next trick has not begun takes back
# your last card or bid and the computers' moves after it (table_keys.can). Loaded for it and
# dropped after (its code is rare).
def back(t):
    # The table t's game as it was before your last move (t.old, made by table_keys.mark);
    # the game is marked (statistics: not for the best score, a win keeps the streak as it
    # was: appx.finish).
    a = t.app
    o = t.old
    t.g.load(o)
    a.hist_n = o[-2] & 127
    a.hist_open = o[-2] > 127
    o[-3] = 255  # (one take-back: the move before is not kept)
    t.took = 1
    a.changed()
    # no thinking, no move delay, no trick or panel on show
    t.hand[15] = 0
    t.summary = False
    a.fx.stop_flash()
    t.reset_view()
    t.say("Move taken back")
    a.unload("takeback", False)
    t.enter()  # (Back Alley: the bid box placed again)
