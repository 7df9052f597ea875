# The ESP32-S3 has no DAC: CircuitPython's espressif port builds no audioio for it (the
# Cardputer's module list in board_definitions/m5stack_cardputer has audiobusio, not audioio).
raise ImportError("no module named 'audioio'")
