"""board for an Adafruit PyBadge (stand-in): pins are plain objects, DISPLAY a stub."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


_NAMES = (
    "A0 A1 A2 A3 A4 A5 A6 A7 A8 D0 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12 D13 "
    "SCL SDA SCK MOSI MISO RX TX NEOPIXEL SPEAKER SPEAKER_ENABLE LIGHT "
    "BUTTON_CLOCK BUTTON_LATCH BUTTON_OUT ACCELEROMETER_INTERRUPT "
    "TFT_CS TFT_DC TFT_RST TFT_LITE TFT_SCK TFT_MOSI L LED"
).split()

for _n in _NAMES:
    globals()[_n] = Pin(_n)
del _n

import displayio as _displayio  # noqa: E402

DISPLAY = _displayio.Display(160, 128)


def I2C():
    import busio

    return busio.I2C(SCL, SDA)


def SPI():
    import busio

    return busio.SPI(SCK, MOSI, MISO)
