"""keypad stand-in driven by a script.

    import keypad
    keypad.script([None] * 5 + ["A", None, "RIGHT", ...], key_names=PYBADGE_KEYS)

Each poll of an event queue (the first get_into()/get() call after one that returned
nothing) takes one script step: a key name (or number) delivers that key's press, and
its release on the next call; None delivers nothing; a string starting with "@" is a
mark: on_mark(name) is called and the next step is taken at once. When the script has
run out, the next poll raises ScriptDone (the driver catches it to end the program's
main loop). on_poll(), if set, is called at every poll. `polls` counts the polls.
"""

# ShiftRegisterKeys key numbers of a PyBadge (bit order of its 74HC165)
PYBADGE_KEYS = {"B": 0, "A": 1, "START": 2, "SELECT": 3, "RIGHT": 4, "DOWN": 5, "UP": 6, "LEFT": 7}


class ScriptDone(Exception):
    pass


_script = []
_pos = 0
_names = PYBADGE_KEYS
_pending_release = -1
polls = 0


def script(steps, key_names=None):
    """key_names: {name: key number}; by default the board stand-in's _keys (a board whose
    keys are not the PyBadge's), else PYBADGE_KEYS. A name the table lacks is a direction of
    the board's analog stick (board._stick: name -> (AnalogIn pin name, reading)): the
    stick is held there for that one poll."""
    global _script, _pos, _pending_release, _names, polls
    _script = steps  # not copied: the driver's heap figures should not include it
    _pos = 0
    _pending_release = -1
    polls = 0
    if key_names is None:
        import board

        key_names = getattr(board, "_keys", None)
    if key_names is not None:
        _names = key_names


_tilted = []  # the stick's pin held off centre for this poll


def _tilt(step):
    import board

    if hasattr(board, "_typed"):  # a key of a USB keyboard: its bytes on stdin (Fruit Jam)
        __import__("supervisor").type_keys(board._typed[step])
        return
    import analogio

    pin = getattr(board, board._stick[step][0])
    analogio._levels[pin] = board._stick[step][1]
    _tilted.append(pin)


_inserted = []


def insert(steps):
    """Run these steps next (used by marks that react to what is on screen); the script
    list itself is not copied, so that this costs the measured heap next to nothing."""
    _inserted.extend(steps)


on_poll = None
on_mark = None
_drained = True


def _next():
    """(key_number, pressed) for this call, or None (the queue is empty)."""
    global _pos, _pending_release, polls, _drained
    if _pending_release >= 0:
        k = _pending_release
        _pending_release = -1
        return k, False
    if not _drained:
        # the program drains the queue in a loop: the step was delivered, now it is empty
        _drained = True
        return None
    polls += 1
    if _tilted:  # back to the centre
        __import__("analogio")._levels.pop(_tilted.pop())
    if on_poll is not None:
        on_poll()
    while True:
        if _inserted:
            step = _inserted.pop(0)
        elif _pos >= len(_script):
            raise ScriptDone()
        else:
            step = _script[_pos]
            _pos += 1
        if isinstance(step, str) and step.startswith("@"):
            if on_mark is not None:
                on_mark(step[1:])
            continue
        break
    if step is None:
        return None
    if isinstance(step, str) and step not in _names:
        _tilt(step)  # (or typed on a USB keyboard)
        return None
    _drained = False
    k = _names[step] if isinstance(step, str) else step
    _pending_release = k
    return k, True


# (short private attribute names: every identifier a stand-in compiles is interned in the
# unix port's heap, where the firmware keeps its names in flash)


class Event:
    """A key transition (shared-bindings/keypad/Event.c): key_number, pressed, released and
    timestamp are read-only properties; key_number must be >= 0. EventQueue.get_into()
    fills one in place (the firmware writes its fields in C)."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        if key_number < 0:
            raise ValueError("key_number must be >= 0")
        self._k = key_number
        self._p = bool(pressed)
        self._t = timestamp

    @property
    def key_number(self):
        return self._k

    @property
    def pressed(self):
        return self._p

    @property
    def released(self):
        return not self._p

    @property
    def timestamp(self):
        return self._t

    def __eq__(self, other):
        return isinstance(other, Event) and self._k == other._k and self._p == other._p

    def __hash__(self):
        return (self._p << 15) + self._k


class EventQueue:
    def __init__(self):
        self.overflowed = False

    def get_into(self, event):
        if not isinstance(event, Event):
            raise TypeError("event must be a keypad.Event")
        got = _next()
        if got is None:
            return False
        event._k = got[0]
        event._p = got[1]
        return True

    def get(self):
        got = _next()
        if got is None:
            return None
        return Event(got[0], got[1])

    def clear(self):
        pass

    def __len__(self):
        return 0

    def __bool__(self):
        return False


class _Keys:
    """Scanner base: claims its pins; key_count and events are read-only; max_events >= 1
    and interval >= 0 (mp_arg_validate_int_min / mp_arg_validate_obj_float_non_negative)."""

    def __init__(self, key_count, interval, max_events, pins):
        import board

        if interval < 0:
            raise ValueError("interval must be >= 0")
        if max_events < 1:
            raise ValueError("max_events must be >= 1")
        for p in pins:
            board._claim(p, "keypad")
        self._p = pins
        self._k = key_count
        self._q = EventQueue()

    @property
    def key_count(self):
        return self._k

    @property
    def events(self):
        return self._q

    def reset(self):
        pass

    def deinit(self):
        import board

        for p in self._p:
            board._release(p)
        self._p = ()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()


class Keys(_Keys):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        if len(pins) < 1:
            raise ValueError("pins length must be >= 1")
        _Keys.__init__(self, len(pins), interval, max_events, tuple(pins))


class ShiftRegisterKeys(_Keys):
    """shared-bindings/keypad/ShiftRegisterKeys.c: every argument is keyword-only;
    clock, data, latch, key_count and value_when_pressed are required (MP_ARG_REQUIRED),
    key_count >= 1 (one count per data pin when data is a sequence of pins)."""

    def __init__(self, *, clock, data, latch, key_count, value_when_pressed,
                 value_to_latch=True, interval=0.02, max_events=64, debounce_threshold=1):
        if not isinstance(data, (list, tuple)):
            data = (data,)
        if isinstance(key_count, int):
            key_count = (key_count,)
        if len(key_count) != len(data):
            raise ValueError("key_count length must be %d" % len(data))
        n = 0
        for k in key_count:
            if k < 1:
                raise ValueError("key_count must be >= 1")
            n += k
        _Keys.__init__(self, n, interval, max_events, (clock, latch) + tuple(data))


class KeyMatrix(_Keys):
    """shared-bindings/keypad/KeyMatrix.c: row_pins and column_pins, then keyword-only
    options (MP_ARG_KW_ONLY; the stubs let them be positional)."""

    def __init__(self, row_pins, column_pins, *, columns_to_anodes=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        _Keys.__init__(self, len(row_pins) * len(column_pins), interval, max_events,
                       tuple(row_pins) + tuple(column_pins))
