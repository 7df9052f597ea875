# Alley Cat & Back Alley -- boot.py
# The program keeps its save game, settings and statistics in microcontroller.nvm, which
# needs no file-system access, so the CIRCUITPY drive stays writable from the computer
# (CircuitPython's default) and flashing over USB keeps working. Nothing is remounted.
#
# If a later version ever needs to write files from the program, hold SELECT while
# powering on to hand the drive to the program (the computer then sees it read-only):
#
#   import board, keypad, storage
#   k = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
#                                latch=board.BUTTON_LATCH, key_count=8,
#                                value_when_pressed=True)
#   ... if key 3 (Select) is held: storage.remount("/", readonly=False)
#
# Today nothing here runs, on purpose.
