"""board for an Adafruit PyGamer (stand-in): the pins of circuitpython-stubs'
board_definitions/pygamer (aliases share one Pin), DISPLAY a 160x128 busdisplay.BusDisplay.
Its shift register has 4 keys (B, A, Start, Select); the directions are the analog stick.

For the scripted keypad (keypad.script): _keys names its key numbers, and a direction step
tilts the stick (_stick: the AnalogIn pin and its reading) for one poll."""
from _board_pins import Pin, _claim, _release, _claimed, pins  # noqa: F401

board_id = "pygamer"
pins(globals(), "A0:PA02 A1:PA05 A2:PB08 A3:PB09 A4:PA04 A5:PA06 A6:PB01 A7:PB04 A8:PB03 "
     "A9:PB02 D0:PB17 D1:PB16 D2:PB03 D3:PB02 D4:PA14 D5:PA16 D6:PA18 D7:PB14 D8:PA15 "
     "D9:PA19 D10:PA20 D11:PA21 D12:PA22 LED:PA23 D13:PA23 RX:PB17 TX:PB16 SDA:PA12 "
     "SCL:PA13 SCK:PA17 MISO:PB22 MOSI:PB23 SD_CS:PA14 NEOPIXEL:PA15 LIGHT:PB04 "
     "ACCELEROMETER_INTERRUPT:PB14 SPEAKER:PA02 SPEAKER_ENABLE:PA27 BUTTON_LATCH:PB00 "
     "BUTTON_OUT:PB30 BUTTON_CLOCK:PB31 TFT_LITE:PA01 TFT_MOSI:PB15 TFT_SCK:PB13 "
     "TFT_RST:PA00 TFT_CS:PB12 TFT_DC:PB05 JOYSTICK_X:PB07 JOYSTICK_Y:PB06")

from busdisplay import BusDisplay  # noqa: E402

DISPLAY = BusDisplay(160, 128)

_keys = {"B": 0, "A": 1, "START": 2, "SELECT": 3}
_stick = {"LEFT": ("JOYSTICK_X", 0), "RIGHT": ("JOYSTICK_X", 65535),
          "UP": ("JOYSTICK_Y", 0), "DOWN": ("JOYSTICK_Y", 65535)}
