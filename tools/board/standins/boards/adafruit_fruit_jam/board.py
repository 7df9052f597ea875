"""board for an Adafruit Fruit Jam (stand-in): board_id and the pins of CircuitPython's
ports/raspberrypi/boards/adafruit_fruit_jam/pins.c (aliases share one Pin, as there; the
GPIO number is Pin.gpio). No DISPLAY: the DVI display is made by the firmware at power-on
and found as supervisor.runtime.display (that stand-in makes it).

Pins are claimed by what uses them (digitalio, keypad, neopixel, picodvi): a second claim
is ValueError "... in use" (validate_obj_is_free_pin). The firmware holds the USB host
pins from power-on (board.c: common_hal_usb_host_port_construct).
"""
board_id = "adafruit_fruit_jam"


class Pin:
    def __init__(self, name, gpio):
        self.name = name
        self.gpio = gpio

    def __repr__(self):
        return "board." + self.name


_claimed = []


def _claim(pin, name):
    if not isinstance(pin, Pin):
        raise TypeError("%s: the pin must be of type Pin" % name)
    if pin in _claimed:
        raise ValueError("%s in use" % pin.name)
    _claimed.append(pin)
    return pin


def _release(pin):
    if pin in _claimed:
        _claimed.remove(pin)


# pairs: a name and its GPIO number, or the name it is an alias of
_n = ("A0 40 A1 41 A2 42 A3 43 A4 44 A5 45 D6 6 D7 7 D8 8 TX D8 ESP_TX D8 D9 9 RX D9 "
      "ESP_RX D9 D10 10 LED 29 IR LED NEOPIXEL 32 BUTTON1 0 BOOT BUTTON1 BUTTON2 4 "
      "BUTTON3 5 SDA 20 SCL 21 SCK 30 MOSI 31 MISO 28 ESP_CS 46 ESP_IRQ 23 I2S_IRQ "
      "ESP_IRQ ESP_BUSY 3 ESP_RESET 22 PERIPH_RESET ESP_RESET CKN 12 CKP 13 D0N 14 D0P 15 "
      "D1N 16 D1P 17 D2N 18 D2P 19 I2S_DIN 24 I2S_MCLK 25 I2S_BCLK 26 I2S_WS 27 SD_SCK 34 "
      "SDIO_CLOCK SD_SCK SD_MOSI 35 SDIO_COMMAND SD_MOSI SD_MISO 36 SDIO_DATA0 SD_MISO "
      "SDIO_DATA1 37 SDIO_DATA2 38 SD_CS 39 SDIO_DATA3 SD_CS SD_CARD_DETECT 33 "
      "USB_HOST_DATA_PLUS 1 USB_HOST_DATA_MINUS 2 USB_HOST_5V_POWER 11").split()
for i in range(0, len(_n), 2):
    v = _n[i + 1]
    globals()[_n[i]] = Pin(_n[i], int(v)) if v[0].isdigit() else globals()[v]
SDIO_DATA = (SDIO_DATA0, SDIO_DATA1, SDIO_DATA2, SDIO_DATA3)  # noqa: F821
_claimed.append(USB_HOST_DATA_PLUS)  # noqa: F821
_claimed.append(USB_HOST_DATA_MINUS)  # noqa: F821
del _n, i, v


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
