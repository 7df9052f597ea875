"""Which hardware module runs on which board: (family, its CircuitPython board_ids).

code.py reads board.board_id once at start and imports lib/hw/hw_<family>.py, and only that
one (as circuitpython-stage keeps one ugame.py per board); tools read this table too. Pure
data: code.py drops the module once it has the family.
"""
FAMILIES = (
    ("pybadge", ("pybadge", "edgebadge")),
    ("pygamer", ("pygamer",)),
    ("cardputer", ("m5stack_cardputer",)),
    ("fruit_jam", ("adafruit_fruit_jam",)),
)
