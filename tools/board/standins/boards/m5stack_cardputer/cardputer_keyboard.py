"""cardputer_keyboard stand-in (ports/espressif/module/cardputer_keyboard.c; not in
circuitpython-stubs): KEYBOARD is the firmware's DemuxKeyMatrix on the keyboard's pins
(columns_to_anodes, interval 0.01, max_events 20, debounce_threshold 2), built at power-on
and routed to the REPL: while attached (the default), its events are consumed for
sys.stdin and KEYBOARD.events gives none. detach_serial() hands them to the program."""
import board
import keypad
import keypad_demux

_attached = [True]


class _ReplQueue(keypad.EventQueue):
    def get_into(self, event):
        if _attached[0]:
            # the REPL reads this poll's key, press and release: the program never sees it
            if keypad._next() is not None:
                keypad._next()
                keypad._drained = True
            return False
        return keypad.EventQueue.get_into(self, event)


KEYBOARD = keypad_demux.DemuxKeyMatrix(
    (board.KB_A_0, board.KB_A_1, board.KB_A_2),
    (board.KB_COL_0, board.KB_COL_1, board.KB_COL_2, board.KB_COL_3, board.KB_COL_4,
     board.KB_COL_5, board.KB_COL_6),
    columns_to_anodes=True, interval=0.01, max_events=20, debounce_threshold=2)
KEYBOARD._q = _ReplQueue()


def detach_serial():
    _attached[0] = False


def attach_serial():
    _attached[0] = True


def key_to_char(key, shifted):
    return None
