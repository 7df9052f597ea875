"""microcontroller stand-in: nvm is 8 KB (SAMD51 PyBadge); flash-backed, not heap."""
nvm = bytearray(8192)


class _Processor:
    frequency = 120000000
    temperature = 25.0
    voltage = 3.3
    uid = b"\x00" * 16


cpu = _Processor()


class RunMode:
    NORMAL = 0
    SAFE_MODE = 1
    BOOTLOADER = 2
    UF2 = 3


class Pin:
    pass


def reset():
    raise SystemExit("microcontroller.reset()")


def on_next_reset(run_mode):
    pass


def delay_us(us):
    pass


def disable_interrupts():
    pass


def enable_interrupts():
    pass
