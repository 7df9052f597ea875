"""keypad_demux stand-in (shared-bindings/keypad_demux/DemuxKeyMatrix.c): row_addr_pins and
column_pins (positional or keyword, required); columns_to_anodes, transpose, interval,
max_events and debounce_threshold keyword-only (MP_ARG_KW_ONLY: the stubs let them be
positional, the firmware does not); interval >= 0, max_events >= 1, debounce_threshold
1-127; no pin twice (validate_no_duplicate_pins_2), every pin free. Key n is
row * len(column_pins) + column, 2 ** len(row_addr_pins) rows."""
import keypad


class DemuxKeyMatrix(keypad._Keys):
    def __init__(self, row_addr_pins, column_pins, *, columns_to_anodes=True, transpose=False,
                 interval=0.02, max_events=64, debounce_threshold=1):
        if not 1 <= debounce_threshold <= 127:
            raise ValueError("debounce_threshold must be 1-127")
        pins = tuple(row_addr_pins) + tuple(column_pins)
        for i in range(len(pins)):
            if pins[i] in pins[i + 1:]:
                raise TypeError("row_addr_pins and column_pins contain duplicate pins")
        keypad._Keys.__init__(self, (1 << len(row_addr_pins)) * len(column_pins), interval,
                              max_events, pins)
