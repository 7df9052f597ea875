// micropython32: a hosted 32-bit MicroPython VM configured like CircuitPython on a SAMD51,
// used by tools/device_heap.py to measure the device program's heap with 4-byte pointers.
//
//   micropython32 [-X heapsize=N[k|m]] [-X pystack=N[k]] script.py [args...]
//   micropython32 [-X ...] -c "code"
//
// The command line is the unix port's (for what the tools use): sys.path is
// ["<script's folder>", MICROPYPATH entries...], sys.argv = [script, args...].
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "py/builtin.h"
#include "py/compile.h"
#include "py/cstack.h"
#include "py/gc.h"
#include "py/lexer.h"
#include "py/mperrno.h"
#include "py/mphal.h"
#include "py/runtime.h"
#include "py/stackctrl.h"
#include "shared/runtime/gchelper.h"

// The firmware's default CIRCUITPY_PYSTACK_SIZE: Python frames live there, not on the heap.
#define DEFAULT_PYSTACK_BYTES (1536)
#define C_STACK_BYTES (256 * 1024)

// ---------------------------------------------------------------- HAL (stdio)

mp_uint_t mp_hal_stdout_tx_strn(const char *str, size_t len) {
    ssize_t r = write(STDOUT_FILENO, str, len);
    return r < 0 ? 0 : (mp_uint_t)r;
}

// No "\n" -> "\r\n" cooking: the output is read by tools on a desktop.
void mp_hal_stdout_tx_strn_cooked(const char *str, size_t len) {
    mp_hal_stdout_tx_strn(str, len);
}

void mp_hal_stdout_tx_str(const char *str) {
    mp_hal_stdout_tx_strn(str, strlen(str));
}

int mp_hal_stdin_rx_chr(void) {
    unsigned char c;
    return read(STDIN_FILENO, &c, 1) == 1 ? c : 4;  // end of input reads as Ctrl-D
}

static void stderr_strn(void *env, const char *str, size_t len) {
    (void)env;
    ssize_t r = write(STDERR_FILENO, str, len);
    (void)r;
}

static const mp_print_t stderr_print = {NULL, stderr_strn};

// ---------------------------------------------------------------- GC, import, errors

void gc_collect(void) {
    gc_collect_start();
    gc_helper_collect_regs_and_stack();
    gc_collect_end();
}

mp_import_stat_t mp_import_stat(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            return MP_IMPORT_STAT_DIR;
        } else if (S_ISREG(st.st_mode)) {
            return MP_IMPORT_STAT_FILE;
        }
    }
    return MP_IMPORT_STAT_NO_EXIST;
}

void nlr_jump_fail(void *val) {
    fprintf(stderr, "micropython32: uncaught NLR %p\n", val);
    exit(1);
}

void __fatal_error(const char *msg) {
    fprintf(stderr, "micropython32: fatal: %s\n", msg);
    exit(1);
}

#ifndef NDEBUG
void MP_WEAK __assert_func(const char *file, int line, const char *func, const char *expr) {
    fprintf(stderr, "Assertion '%s' failed, at file %s:%d\n", expr, file, line);
    exit(1);
}
#endif

// ---------------------------------------------------------------- running code

#define FORCED_EXIT (0x100)

// Exit status of an uncaught exception (SystemExit gives its code), printed as the unix
// port prints it.
static int handle_uncaught_exception(mp_obj_base_t *exc) {
    if (mp_obj_is_subclass_fast(MP_OBJ_FROM_PTR(exc->type), MP_OBJ_FROM_PTR(&mp_type_SystemExit))) {
        mp_obj_t exit_val = mp_obj_exception_get_value(MP_OBJ_FROM_PTR(exc));
        mp_int_t val = 0;
        if (exit_val != mp_const_none && !mp_obj_get_int_maybe(exit_val, &val)) {
            val = 1;
        }
        return FORCED_EXIT | (val & 255);
    }
    mp_obj_print_exception(&stderr_print, MP_OBJ_FROM_PTR(exc));
    return 1;
}

static int execute(mp_lexer_t *lex_or_null, const char *path, const char *str) {
    nlr_buf_t nlr;
    if (nlr_push(&nlr) == 0) {
        mp_lexer_t *lex;
        if (path != NULL) {
            lex = mp_lexer_new_from_file(qstr_from_str(path));
        } else {
            lex = mp_lexer_new_from_str_len(MP_QSTR__lt_stdin_gt_, str, strlen(str), false);
        }
        (void)lex_or_null;
        qstr source_name = lex->source_name;
        #if MICROPY_MODULE___FILE__
        if (path != NULL) {
            mp_store_global(MP_QSTR___file__, MP_OBJ_NEW_QSTR(source_name));
        }
        #endif
        mp_parse_tree_t parse_tree = mp_parse(lex, MP_PARSE_FILE_INPUT);
        mp_obj_t module_fun = mp_compile(&parse_tree, source_name, false);
        mp_call_function_0(module_fun);
        nlr_pop();
        return 0;
    } else {
        return handle_uncaught_exception(nlr.ret_val);
    }
}

static int usage(const char *prog) {
    fprintf(stderr, "usage: %s [-X heapsize=N[k|m]] [-X pystack=N[k]] script.py [args...] | -c code\n", prog);
    return 2;
}

// "N", "Nk" or "Nm" -> bytes, or -1.
static long parse_size(const char *s) {
    char *end;
    long n = strtol(s, &end, 0);
    if ((*end | 0x20) == 'k') {
        n *= 1024;
        end++;
    } else if ((*end | 0x20) == 'm') {
        n *= 1024 * 1024;
        end++;
    }
    return (*end == 0 && n > 0) ? n : -1;
}

static void sys_path_init(const char *script_dir) {
    mp_obj_list_init(MP_OBJ_TO_PTR(mp_sys_path), 0);
    mp_obj_list_append(mp_sys_path, script_dir != NULL
        ? mp_obj_new_str_via_qstr(script_dir, strlen(script_dir)) : MP_OBJ_NEW_QSTR(MP_QSTR_));
    const char *path = getenv("MICROPYPATH");
    if (path == NULL) {
        path = ".frozen";
    }
    while (*path) {
        const char *end = strchr(path, ':');
        if (end == NULL) {
            end = path + strlen(path);
        }
        if (end > path) {
            mp_obj_list_append(mp_sys_path, mp_obj_new_str_via_qstr(path, end - path));
        }
        path = *end ? end + 1 : end;
    }
}

int main(int argc, char **argv) {
    mp_cstack_init_with_sp_here(C_STACK_BYTES);

    long heap_size = 1024 * 1024;
    long pystack_size = DEFAULT_PYSTACK_BYTES;
    int a = 1;
    for (; a < argc && argv[a][0] == '-'; a++) {
        if (strcmp(argv[a], "-X") == 0 && a + 1 < argc) {
            const char *opt = argv[++a];
            if (strncmp(opt, "heapsize=", 9) == 0 && (heap_size = parse_size(opt + 9)) > 0) {
                continue;
            }
            if (strncmp(opt, "pystack=", 8) == 0 && (pystack_size = parse_size(opt + 8)) > 0) {
                continue;
            }
            return usage(argv[0]);
        } else if (strcmp(argv[a], "-c") == 0 && a + 1 < argc) {
            break;
        } else {
            return usage(argv[0]);
        }
    }
    if (a >= argc) {
        return usage(argv[0]);
    }

    char *heap = malloc(heap_size);
    mp_obj_t *pystack = malloc(pystack_size);
    if (heap == NULL || pystack == NULL) {
        fprintf(stderr, "micropython32: cannot allocate the heap\n");
        return 1;
    }
    gc_init(heap, heap + heap_size);
    mp_pystack_init(pystack, (char *)pystack + pystack_size);
    mp_init();

    int ret;
    if (strcmp(argv[a], "-c") == 0) {
        sys_path_init(NULL);
        mp_obj_list_append(mp_sys_argv, mp_obj_new_str("-c", 2));
        for (int i = a + 2; i < argc; i++) {
            mp_obj_list_append(mp_sys_argv, mp_obj_new_str_via_qstr(argv[i], strlen(argv[i])));
        }
        ret = execute(NULL, NULL, argv[a + 1]);
    } else {
        char *real = realpath(argv[a], NULL);
        if (real == NULL) {
            fprintf(stderr, "%s: can't open file '%s': [Errno %d] %s\n", argv[0], argv[a], errno, strerror(errno));
            return 2;
        }
        *strrchr(real, '/') = 0;  // the script's folder is sys.path[0], as in the unix port
        sys_path_init(real);
        free(real);
        for (int i = a; i < argc; i++) {
            mp_obj_list_append(mp_sys_argv, mp_obj_new_str_via_qstr(argv[i], strlen(argv[i])));
        }
        ret = execute(NULL, argv[a], NULL);
    }
    mp_deinit();
    return ret & 0xff;
}
