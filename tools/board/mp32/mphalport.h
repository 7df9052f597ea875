// micropython32: HAL of a hosted 32-bit VM (stdio on file descriptors 0/1/2).
#include <unistd.h>

#define mp_hal_stdio_poll(flags) (0)
static inline void mp_hal_set_interrupt_char(int c) {
    (void)c;
}

// No machine.Pin: keeps py/mphal.h from including extmod/virtpin.h (not in the sdist).
#define mp_hal_pin_obj_t void *
