"""board for an Adafruit Fruit Jam (stand-in): board_id and the pins of circuitpython-stubs'
board_definitions/adafruit_fruit_jam (= ports/raspberrypi/boards/adafruit_fruit_jam/pins.c;
aliases share one Pin, as there). No DISPLAY: the DVI display is made by the firmware at
power-on and found as supervisor.runtime.display (that stand-in makes it).

Pins are claimed by what uses them (digitalio, keypad, neopixel, picodvi): a second claim
is ValueError "... in use" (validate_obj_is_free_pin). The firmware holds the USB host
pins from power-on (board.c: common_hal_usb_host_port_construct); _gpio gives picodvi the
GPIO number of each pin (by the name of its Pin: the first of its names).

For the scripted keypad: _keys names the three buttons' key numbers (keypad.Keys over
BUTTON1..3); any other name is a key typed on the USB keyboard, _typed its bytes
(supervisor.type_keys).
"""
from _board_pins import Pin, _claim, _release, _claimed, pins  # noqa: F401

board_id = "adafruit_fruit_jam"
_SPEC = ("A0:GPIO40 A1:GPIO41 A2:GPIO42 A3:GPIO43 A4:GPIO44 A5:GPIO45 D6:GPIO6 D7:GPIO7 "
         "D8:GPIO8 D9:GPIO9 D10:GPIO10 LED:GPIO29 IR:GPIO29 NEOPIXEL:GPIO32 "
         "BUTTON1:GPIO0 BOOT:GPIO0 BUTTON2:GPIO4 BUTTON3:GPIO5 SDA:GPIO20 SCL:GPIO21 "
         "SCK:GPIO30 MOSI:GPIO31 MISO:GPIO28 TX:GPIO8 RX:GPIO9 ESP_CS:GPIO46 "
         "ESP_IRQ:GPIO23 ESP_BUSY:GPIO3 ESP_RESET:GPIO22 ESP_TX:GPIO8 ESP_RX:GPIO9 "
         "CKN:GPIO12 CKP:GPIO13 D0N:GPIO14 D0P:GPIO15 D1N:GPIO16 D1P:GPIO17 D2N:GPIO18 "
         "D2P:GPIO19 PERIPH_RESET:GPIO22 I2S_DIN:GPIO24 I2S_MCLK:GPIO25 I2S_BCLK:GPIO26 "
         "I2S_WS:GPIO27 I2S_IRQ:GPIO23 SD_SCK:GPIO34 SDIO_CLOCK:GPIO34 SD_MOSI:GPIO35 "
         "SDIO_COMMAND:GPIO35 SD_MISO:GPIO36 SDIO_DATA0:GPIO36 SDIO_DATA1:GPIO37 "
         "SDIO_DATA2:GPIO38 SD_CS:GPIO39 SDIO_DATA3:GPIO39 SD_CARD_DETECT:GPIO33 "
         "USB_HOST_DATA_PLUS:GPIO1 USB_HOST_DATA_MINUS:GPIO2 USB_HOST_5V_POWER:GPIO11")

pins(globals(), _SPEC)
_gpio = {}
for _n in _SPEC.split():
    _n = _n.split(":GPIO")
    _gpio[globals()[_n[0]].name] = int(_n[1])
SDIO_DATA = (SDIO_DATA0, SDIO_DATA1, SDIO_DATA2, SDIO_DATA3)  # noqa: F821
_claimed.append(USB_HOST_DATA_PLUS)  # noqa: F821
_claimed.append(USB_HOST_DATA_MINUS)  # noqa: F821
del _n

_keys = {"BUTTON1": 0, "BUTTON2": 1, "BUTTON3": 2}
# the PyBadge's button names and other keys, as a USB keyboard sends them (host_keyboard.c):
# typed into stdin by the keypad stand-in
_typed = {"A": b"z", "B": b"x", "START": b"\r", "SELECT": b" ", "UP": b"\x1b[A",
          "DOWN": b"\x1b[B", "RIGHT": b"\x1b[C", "LEFT": b"\x1b[D", "ESC": b"\x1b",
          "BACKSPACE": b"\x08", "TAB": b"\t", "h": b"h", "q": b"q"}


def I2C():
    import busio

    return busio.I2C(globals()["SCL"], globals()["SDA"])


STEMMA_I2C = I2C


def SPI():
    import busio

    return busio.SPI(globals()["SCK"], globals()["MOSI"], globals()["MISO"])


def UART():
    import busio

    return busio.UART(globals()["TX"], globals()["RX"])
