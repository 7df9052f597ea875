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
    global _script, _pos, _pending_release, _names, polls
    _script = steps  # not copied: the driver's heap figures should not include it
    _pos = 0
    _pending_release = -1
    polls = 0
    if key_names is not None:
        _names = key_names


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
    _drained = False
    k = _names[step] if isinstance(step, str) else step
    _pending_release = k
    return k, True


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return self.key_number == other.key_number and self.pressed == other.pressed


class EventQueue:
    def __init__(self):
        self.overflowed = False

    def get_into(self, event):
        got = _next()
        if got is None:
            return False
        event.key_number = got[0]
        event.pressed = got[1]
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
    def __init__(self, key_count):
        self.key_count = key_count
        self.events = EventQueue()

    def reset(self):
        pass

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        pass


class Keys(_Keys):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        _Keys.__init__(self, len(pins))


class ShiftRegisterKeys(_Keys):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count=8,
                 value_when_pressed=True, interval=0.02, max_events=64, debounce_threshold=1):
        n = key_count if isinstance(key_count, int) else sum(key_count)
        _Keys.__init__(self, n)


class KeyMatrix(_Keys):
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        _Keys.__init__(self, len(row_pins) * len(column_pins))
