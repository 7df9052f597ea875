"""pwmio stand-in for a SAMD51 board.

PWMOut needs a TC/TCC output on its pin: ports/atmel-samd/common-hal/pwmio/PWMOut.c
returns PWMOUT_INVALID_PIN when none of the pin's timer slots has one, and
shared-bindings/pwmio/PWMOut.c turns that into ValueError("Invalid pin"). The PyBadge's
speaker pin PA02 (board.SPEAKER = board.A0) has none (samd-peripherals sam_d5x_e5x
pins.c: PIN(PA02, ..., NO_TIMER, NO_TIMER, NO_TIMER)): on a PyBadge / PyGamer the
speaker plays through audioio (the DAC), never pwmio. frequency 0 is
PWMOUT_INVALID_FREQUENCY (ValueError).
"""
import board


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        if pin is board.SPEAKER:
            raise ValueError("Invalid pin")
        if frequency <= 0:
            raise ValueError("Invalid PWM frequency")
        board._claim(pin, "PWMOut")
        self.pin = pin
        self.duty_cycle = duty_cycle
        self.frequency = frequency

    def deinit(self):
        board._release(self.pin)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
