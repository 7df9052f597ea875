def neopixel_write(digitalinout, buf):
    pass
