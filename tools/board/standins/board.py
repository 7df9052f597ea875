"""board for an Adafruit PyBadge (stand-in): pins are Pin objects (aliases share one
object, as in the firmware's board module), DISPLAY a busdisplay.BusDisplay (CircuitPython
10 has no displayio.Display).

PyBadge wiring (ZigEmbeddedGroup/sycl-badge docs/pinout.md): the speaker is driven by the
DAC on PA02 (SPEAKER = A0) with its amplifier switched by PA27 (SPEAKER_ENABLE); PA02 has
no TC/TCC timer on the SAMD51 (samd-peripherals sam_d5x_e5x/pins.c: PIN(PA02, ...,
NO_TIMER, NO_TIMER, NO_TIMER)), so pwmio refuses it and audioio plays through it.

Pins are claimed by what uses them (digitalio, keypad, neopixel, pwmio): a second claim
is ValueError "... in use", as validate_obj_is_free_pin raises in the firmware.
(Names come from one string: every identifier a stand-in compiles is interned in the
unix port's heap, where the firmware keeps its names in flash.)
"""


board_id = "pybadge"
from _board_pins import Pin, _claim, _release, _claimed  # noqa: E402,F401

for _n in ("SPEAKER SPEAKER_ENABLE NEOPIXEL BUTTON_CLOCK BUTTON_LATCH BUTTON_OUT LIGHT LED "
           "A1 A2 A3 A4 A5 A6 D2 D3 SCL SDA SCK MOSI MISO RX TX TFT_CS TFT_DC TFT_RST "
           "TFT_LITE TFT_SCK TFT_MOSI ACCELEROMETER_INTERRUPT").split():
    globals()[_n] = Pin(_n)
_n = "A0 SPEAKER D8 NEOPIXEL D13 LED".split()  # alias, pin
for i in range(0, len(_n), 2):
    globals()[_n[i]] = globals()[_n[i + 1]]
del _n, i

from busdisplay import BusDisplay  # noqa: E402

DISPLAY = BusDisplay(160, 128)


def I2C():
    import busio

    return busio.I2C(globals()["SCL"], globals()["SDA"])


def SPI():
    import busio

    return busio.SPI(globals()["SCK"], globals()["MOSI"], globals()["MISO"])
