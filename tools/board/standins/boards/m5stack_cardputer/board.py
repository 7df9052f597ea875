"""board for an M5Stack Cardputer (stand-in): the pins of circuitpython-stubs'
board_definitions/m5stack_cardputer (aliases share one Pin), DISPLAY a 240x135
busdisplay.BusDisplay (ports/espressif/boards/m5stack_cardputer/board.c: an ST7789 at 240x135,
backlight on GPIO38, so brightness is adjustable), 8 KB nvm (ports/espressif/mpconfigport.h
CIRCUITPY_INTERNAL_NVM_SIZE).

The keyboard matrix's pins belong to the firmware's cardputer_keyboard.KEYBOARD from
power-on (cardputer_keyboard.c builds it in board_serial_init): they are claimed when
cardputer_keyboard is imported, as they are in use on the board.

For the scripted keypad: _keys names the key numbers (row * 7 + column,
ports/espressif/module/cardputer_keymap.h) that the PyBadge's button names stand for here,
and the Cardputer's own key names."""
from _board_pins import Pin, _claim, _release, _claimed, pins  # noqa: F401

board_id = "m5stack_cardputer"
pins(globals(), "TX:GPIO1 PORTA1:GPIO1 D1:GPIO1 G1:GPIO1 RX:GPIO2 PORTA2:GPIO2 D2:GPIO2 "
     "G2:GPIO2 KB_COL_0:GPIO13 KB_COL_1:GPIO15 KB_COL_2:GPIO3 KB_COL_3:GPIO4 KB_COL_4:GPIO5 "
     "KB_COL_5:GPIO6 KB_COL_6:GPIO7 KB_A_0:GPIO8 KB_A_1:GPIO9 KB_A_2:GPIO11 NEOPIXEL:GPIO21 "
     "I2S_BIT_CLOCK:GPIO41 I2S_DATA:GPIO42 I2S_WORD_SELECT:GPIO43 MIC_DATA:GPIO46 "
     "MIC_CLK:GPIO43 IR_TX:GPIO44 SD_MOSI:GPIO14 SD_SCK:GPIO40 SD_MISO:GPIO39 SD_CS:GPIO12 "
     "TFT_RST:GPIO33 TFT_RESET:GPIO33 TFT_DC:GPIO34 TFT_RS:GPIO34 TFT_MOSI:GPIO35 "
     "TFT_DATA:GPIO35 TFT_SCK:GPIO36 TFT_CS:GPIO37 TFT_BACKLIGHT:GPIO38 TFT_BL:GPIO38 "
     "BUTTON:GPIO0 BOOT0:GPIO0 BAT_ADC:GPIO10")

from busdisplay import BusDisplay  # noqa: E402

DISPLAY = BusDisplay(240, 135)

# the PyBadge's button names (A on the 'a' key, B on 'b', START Enter, SELECT Space, the
# arrows on ; . , /) and the other keys the program maps
_keys = {"A": 36, "B": 3, "START": 13, "SELECT": 6, "UP": 12, "DOWN": 5, "LEFT": 33,
         "RIGHT": 34, "z": 1, "x": 30, "ESC": 49, "BACKSPACE": 27, "TAB": 42, "h": 10,
         "q": 14, "FN": 35}
