# PyBadge, PyBadge LC, EdgeBadge: 160x128 ST7735R, 8 shift-register keys in buttons.py's
# bit order, 5 NeoPixels, the DAC speaker, 8 KB nvm. hw_device.Device is this board as is.
from hw_device import Device  # noqa: F401
