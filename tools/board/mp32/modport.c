// micropython32's own modules: open() on POSIX file descriptors (py/stream.c helpers),
// a minimal `os` (getenv) and `utime` (gmtime, mktime) for tools/standins/, and utime's
// ticks_us / ticks_diff for tools/board_time.py's driver and pystone (the board's firmware has
// neither: the device program never uses them).
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "py/builtin.h"
#include "py/mperrno.h"
#include "py/objstr.h"
#include "py/runtime.h"
#include "py/stream.h"
#include "shared/timeutils/timeutils.h"

// ---------------------------------------------------------------- open()

typedef struct _file_obj_t {
    mp_obj_base_t base;
    int fd;
} file_obj_t;

static const mp_obj_type_t file_type_binary;
static const mp_obj_type_t file_type_text;

static void file_check_open(file_obj_t *self) {
    if (self->fd < 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("I/O operation on closed file"));
    }
}

static mp_uint_t file_read(mp_obj_t self_in, void *buf, mp_uint_t size, int *errcode) {
    file_obj_t *self = MP_OBJ_TO_PTR(self_in);
    file_check_open(self);
    ssize_t r = read(self->fd, buf, size);
    if (r < 0) {
        *errcode = errno;
        return MP_STREAM_ERROR;
    }
    return r;
}

static mp_uint_t file_write(mp_obj_t self_in, const void *buf, mp_uint_t size, int *errcode) {
    file_obj_t *self = MP_OBJ_TO_PTR(self_in);
    file_check_open(self);
    ssize_t r = write(self->fd, buf, size);
    if (r < 0) {
        *errcode = errno;
        return MP_STREAM_ERROR;
    }
    return r;
}

static mp_uint_t file_ioctl(mp_obj_t self_in, mp_uint_t request, uintptr_t arg, int *errcode) {
    file_obj_t *self = MP_OBJ_TO_PTR(self_in);
    if (request != MP_STREAM_CLOSE) {
        file_check_open(self);
    }
    switch (request) {
        case MP_STREAM_FLUSH:
            return 0;
        case MP_STREAM_SEEK: {
            struct mp_stream_seek_t *s = (struct mp_stream_seek_t *)arg;
            off_t off = lseek(self->fd, s->offset, s->whence);
            if (off == (off_t)-1) {
                *errcode = errno;
                return MP_STREAM_ERROR;
            }
            s->offset = off;
            return 0;
        }
        case MP_STREAM_CLOSE:
            if (self->fd >= 0) {
                close(self->fd);
                self->fd = -1;
            }
            return 0;
        case MP_STREAM_GET_FILENO:
            return self->fd;
        default:
            *errcode = MP_EINVAL;
            return MP_STREAM_ERROR;
    }
}

static void file_print(const mp_print_t *print, mp_obj_t self_in, mp_print_kind_t kind) {
    (void)kind;
    file_obj_t *self = MP_OBJ_TO_PTR(self_in);
    mp_printf(print, "<io.%s %d>", mp_obj_get_type_str(self_in), self->fd);
}

static const mp_rom_map_elem_t file_locals_dict_table[] = {
    { MP_ROM_QSTR(MP_QSTR_read), MP_ROM_PTR(&mp_stream_read_obj) },
    { MP_ROM_QSTR(MP_QSTR_readinto), MP_ROM_PTR(&mp_stream_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_readline), MP_ROM_PTR(&mp_stream_unbuffered_readline_obj) },
    { MP_ROM_QSTR(MP_QSTR_readlines), MP_ROM_PTR(&mp_stream_unbuffered_readlines_obj) },
    { MP_ROM_QSTR(MP_QSTR_write), MP_ROM_PTR(&mp_stream_write_obj) },
    { MP_ROM_QSTR(MP_QSTR_flush), MP_ROM_PTR(&mp_stream_flush_obj) },
    { MP_ROM_QSTR(MP_QSTR_seek), MP_ROM_PTR(&mp_stream_seek_obj) },
    { MP_ROM_QSTR(MP_QSTR_tell), MP_ROM_PTR(&mp_stream_tell_obj) },
    { MP_ROM_QSTR(MP_QSTR_close), MP_ROM_PTR(&mp_stream_close_obj) },
    { MP_ROM_QSTR(MP_QSTR___del__), MP_ROM_PTR(&mp_stream_close_obj) },
    { MP_ROM_QSTR(MP_QSTR___enter__), MP_ROM_PTR(&mp_identity_obj) },
    { MP_ROM_QSTR(MP_QSTR___exit__), MP_ROM_PTR(&mp_stream___exit___obj) },
};
static MP_DEFINE_CONST_DICT(file_locals_dict, file_locals_dict_table);

static const mp_stream_p_t file_stream_binary = {
    .read = file_read, .write = file_write, .ioctl = file_ioctl, .is_text = false,
};
static const mp_stream_p_t file_stream_text = {
    .read = file_read, .write = file_write, .ioctl = file_ioctl, .is_text = true,
};

static MP_DEFINE_CONST_OBJ_TYPE(file_type_binary, MP_QSTR_FileIO, MP_TYPE_FLAG_ITER_IS_STREAM,
    print, file_print, protocol, &file_stream_binary, locals_dict, &file_locals_dict);
static MP_DEFINE_CONST_OBJ_TYPE(file_type_text, MP_QSTR_TextIOWrapper, MP_TYPE_FLAG_ITER_IS_STREAM,
    print, file_print, protocol, &file_stream_text, locals_dict, &file_locals_dict);

mp_obj_t mp_builtin_open(size_t n_args, const mp_obj_t *args, mp_map_t *kwargs) {
    enum { ARG_file, ARG_mode, ARG_buffering, ARG_encoding };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_file, MP_ARG_OBJ | MP_ARG_REQUIRED, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_mode, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_QSTR(MP_QSTR_r)} },
        { MP_QSTR_buffering, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_encoding, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
    };
    mp_arg_val_t vals[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all(n_args, args, kwargs, MP_ARRAY_SIZE(allowed), allowed, vals);
    const char *name = mp_obj_str_get_str(vals[ARG_file].u_obj);
    const char *mode = mp_obj_str_get_str(vals[ARG_mode].u_obj);
    int flags = 0, access = O_RDONLY;
    bool text = true;
    for (const char *m = mode; *m; m++) {
        switch (*m) {
            case 'r':
                access = O_RDONLY;
                break;
            case 'w':
                access = O_WRONLY;
                flags |= O_CREAT | O_TRUNC;
                break;
            case 'a':
                access = O_WRONLY;
                flags |= O_CREAT | O_APPEND;
                break;
            case 'x':
                access = O_WRONLY;
                flags |= O_CREAT | O_EXCL;
                break;
            case '+':
                access = O_RDWR;
                break;
            case 'b':
                text = false;
                break;
            case 't':
                text = true;
                break;
            default:
                mp_raise_ValueError(MP_ERROR_TEXT("invalid mode"));
        }
    }
    int fd = open(name, access | flags, 0644);
    if (fd < 0) {
        mp_raise_OSError(errno);
    }
    file_obj_t *f = mp_obj_malloc_with_finaliser(file_obj_t, text ? &file_type_text : &file_type_binary);
    f->fd = fd;
    return MP_OBJ_FROM_PTR(f);
}
MP_DEFINE_CONST_FUN_OBJ_KW(mp_builtin_open_obj, 1, mp_builtin_open);

// ---------------------------------------------------------------- os

static mp_obj_t os_getenv(size_t n_args, const mp_obj_t *args) {
    const char *v = getenv(mp_obj_str_get_str(args[0]));
    if (v == NULL) {
        return n_args > 1 ? args[1] : mp_const_none;
    }
    return mp_obj_new_str(v, strlen(v));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(os_getenv_obj, 1, 2, os_getenv);

static const mp_rom_map_elem_t os_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_os) },
    { MP_ROM_QSTR(MP_QSTR_getenv), MP_ROM_PTR(&os_getenv_obj) },
};
static MP_DEFINE_CONST_DICT(os_globals, os_globals_table);

const mp_obj_module_t mp32_os_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&os_globals,
};
MP_REGISTER_MODULE(MP_QSTR_os, mp32_os_module);

// ---------------------------------------------------------------- utime (gmtime, mktime)

static mp_obj_t utime_gmtime(mp_obj_t secs) {
    timeutils_struct_time_t tm;
    timeutils_seconds_since_epoch_to_struct_time(mp_obj_get_int(secs), &tm);
    mp_obj_t t[8] = {
        mp_obj_new_int(tm.tm_year), MP_OBJ_NEW_SMALL_INT(tm.tm_mon),
        MP_OBJ_NEW_SMALL_INT(tm.tm_mday), MP_OBJ_NEW_SMALL_INT(tm.tm_hour),
        MP_OBJ_NEW_SMALL_INT(tm.tm_min), MP_OBJ_NEW_SMALL_INT(tm.tm_sec),
        MP_OBJ_NEW_SMALL_INT(tm.tm_wday), MP_OBJ_NEW_SMALL_INT(tm.tm_yday),
    };
    return mp_obj_new_tuple(8, t);
}
static MP_DEFINE_CONST_FUN_OBJ_1(utime_gmtime_obj, utime_gmtime);

static mp_obj_t utime_mktime(mp_obj_t tuple) {
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(tuple, &len, &items);
    if (len < 6) {
        mp_raise_TypeError(MP_ERROR_TEXT("mktime needs a tuple of at least 6"));
    }
    return mp_obj_new_int_from_ll(timeutils_mktime(mp_obj_get_int(items[0]),
        mp_obj_get_int(items[1]), mp_obj_get_int(items[2]), mp_obj_get_int(items[3]),
        mp_obj_get_int(items[4]), mp_obj_get_int(items[5])));
}
static MP_DEFINE_CONST_FUN_OBJ_1(utime_mktime_obj, utime_mktime);

// MicroPython's ticks: microseconds of the monotonic clock, wrapping at 2**30 (small ints)
#define TICKS_MASK (0x3FFFFFFF)
#define TICKS_HALF (0x20000000)

static mp_obj_t utime_ticks_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    unsigned long long us = (unsigned long long)ts.tv_sec * 1000000ULL + ts.tv_nsec / 1000;
    return MP_OBJ_NEW_SMALL_INT((mp_int_t)(us & TICKS_MASK));
}
static MP_DEFINE_CONST_FUN_OBJ_0(utime_ticks_us_obj, utime_ticks_us);

static mp_obj_t utime_ticks_diff(mp_obj_t end, mp_obj_t start) {
    mp_int_t d = ((mp_obj_get_int(end) - mp_obj_get_int(start) + TICKS_HALF) & TICKS_MASK)
        - TICKS_HALF;
    return MP_OBJ_NEW_SMALL_INT(d);
}
static MP_DEFINE_CONST_FUN_OBJ_2(utime_ticks_diff_obj, utime_ticks_diff);

static const mp_rom_map_elem_t utime_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_ticks_us), MP_ROM_PTR(&utime_ticks_us_obj) },
    { MP_ROM_QSTR(MP_QSTR_ticks_diff), MP_ROM_PTR(&utime_ticks_diff_obj) },
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_utime) },
    { MP_ROM_QSTR(MP_QSTR_gmtime), MP_ROM_PTR(&utime_gmtime_obj) },
    { MP_ROM_QSTR(MP_QSTR_mktime), MP_ROM_PTR(&utime_mktime_obj) },
};
static MP_DEFINE_CONST_DICT(utime_globals, utime_globals_table);

const mp_obj_module_t mp32_utime_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&utime_globals,
};
MP_REGISTER_MODULE(MP_QSTR_utime, mp32_utime_module);
