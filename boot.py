# Placeholder: the CIRCUITPY drive stays writable from the computer (CircuitPython's default).
