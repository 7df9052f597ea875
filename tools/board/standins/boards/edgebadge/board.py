"""board for an Adafruit EdgeBadge (stand-in): a PyBadge with a microphone; the same pins
and screen (circuitpython-stubs' board_definitions/edgebadge), its own board_id."""
exec(open(__file__.rsplit("boards", 1)[0] + "board.py").read())
board_id = "edgebadge"
