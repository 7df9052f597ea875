# M5Stack Cardputer (ESP32-S3): a 240x135 ST7789 (board.DISPLAY, a busdisplay.BusDisplay)
# shows the 160x128 table centred at scale 1 (hw_frame); the keyboard is a 74HC138-demuxed
# matrix (keypad_demux.DemuxKeyMatrix, 8 rows x 7 columns) that the firmware builds itself
# and feeds to the REPL (ports/espressif/module/cardputer_keyboard.c: its pins are in use):
# detached from the REPL, its events are the keys here, mapped as the desktop maps a PC's
# keyboard (the arrows printed on ; . , /, Enter, Esc, Backspace, Space, Tab, Z/A, X/B, H).
# lights: the one NeoPixel shows the first lit of the program's five. sound: square-wave
# tones over I2S to the NS4168 amplifier (no DAC audioio, no SPEAKER pin on the ESP32-S3).
# nvm: microcontroller.nvm (8 KB on espressif). clock: supervisor.ticks_ms().
import board
import keypad
import microcontroller
import neopixel

import hw_device
import hw_frame
from buttons import A, B, START, SELECT, LEFT, RIGHT, UP, DOWN

# key number (row * 7 + column, ports/espressif/module/cardputer_keymap.h) -> button bit
_KEYS = bytearray(56)
for _k, _b in ((12, UP), (5, DOWN), (33, LEFT), (34, RIGHT),  # ; . , / (Fn: the arrows)
               (36, A), (1, A), (30, B), (3, B),  # a z x b
               (13, START), (49, START),  # Enter, Esc (` under Fn)
               (27, B),  # Backspace
               (6, SELECT), (42, SELECT),  # Space, Tab
               (10, UP)):  # h: hint
    _KEYS[_k] = _b
del _k, _b


def _keyboard():
    """The Cardputer's key matrix: the firmware's own, taken from the REPL."""
    try:
        import cardputer_keyboard
    except ImportError:  # a build without the board's keyboard module: scan it here
        import keypad_demux

        return keypad_demux.DemuxKeyMatrix(
            (board.KB_A_0, board.KB_A_1, board.KB_A_2),
            (board.KB_COL_0, board.KB_COL_1, board.KB_COL_2, board.KB_COL_3,
             board.KB_COL_4, board.KB_COL_5, board.KB_COL_6),
            columns_to_anodes=True, interval=0.01, debounce_threshold=2)
    cardputer_keyboard.detach_serial()
    return cardputer_keyboard.KEYBOARD


class Device(hw_device.Device):
    def __init__(self):
        self.display = hw_frame.Frame(board.DISPLAY)
        self.keys = _keyboard()
        self.ev = keypad.Event()
        self._held = 0
        self.pix = neopixel.NeoPixel(board.NEOPIXEL, 1, brightness=0.1, auto_write=False)
        self.lit = [0, 0, 0, 0, 0]
        self.nvm = microcontroller.nvm
        self._pwm = None
        self._audio = None
        self._sample = None
        self._tone_end = -1
        self._spk_en = None
        try:
            self._open_speaker()
        except (ValueError, RuntimeError, OSError, ImportError):
            pass

    def poll(self):
        pressed = 0
        ev = self.ev
        while self.keys.events.get_into(ev):  # up to the first press: one key per poll
            bit = _KEYS[ev.key_number]
            if ev.pressed:
                if bit:
                    pressed = bit
                    self._held |= bit
                    break
            else:
                self._held &= ~bit
        return pressed

    def set_pixel(self, i, rgb):
        self.lit[i] = rgb

    def show_pixels(self):
        c = 0
        for c in self.lit:
            if c:
                break
        self.pix[0] = c
        self.pix.show()

    def _open_speaker(self):
        import array
        import audiobusio
        import audiocore

        # hw_device.Device.tone's wave: 16 samples a period, played at freq * 16 a second
        self._wave = array.array("H", [0xC000 if i < 8 else 0x4000 for i in range(16)])
        self._sample = audiocore.RawSample(self._wave, sample_rate=440 << 4)
        self._audio = audiobusio.I2SOut(board.I2S_BIT_CLOCK, board.I2S_WORD_SELECT,
                                        board.I2S_DATA)
