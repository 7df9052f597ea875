// micropython32: a 32-bit MicroPython VM configured like CircuitPython on a SAMD51
// (PyBadge), to measure the device program's heap with 4-byte pointers.
// Settings follow CircuitPython's py/circuitpy_mpconfig.h (full build) where they change
// what lands on the heap; the rest is what the program and tools/standins/ need.
#include <stdint.h>

#define MICROPY_CONFIG_ROM_LEVEL (MICROPY_CONFIG_ROM_LEVEL_EXTRA_FEATURES)

// Object model as on the board: REPR_C = 31-bit small ints (|n| < 2**30) and 30-bit
// floats stored in the object word (CircuitPython sets REPR_C; REPR_A would heap-allocate
// every float, which the board does not).
#define MICROPY_OBJ_REPR            (MICROPY_OBJ_REPR_C)
#define MICROPY_LONGINT_IMPL        (MICROPY_LONGINT_IMPL_MPZ)
#define MICROPY_FLOAT_IMPL          (MICROPY_FLOAT_IMPL_FLOAT)
#define MP_SSIZE_MAX                (0x7fffffff)

// Memory: GC heap of -X heapsize; frames on a separate "pystack" of the firmware's
// default size (CIRCUITPY_PYSTACK_SIZE 1536), never on the heap.
#define MICROPY_ENABLE_GC           (1)
#define MICROPY_ENABLE_FINALISER    (1)
#define MICROPY_GC_ALLOC_THRESHOLD  (0)
#define MICROPY_ENABLE_PYSTACK      (1)
#define MICROPY_STACK_CHECK         (1)
#define MICROPY_STACK_CHECK_MARGIN  (8192)
#define MICROPY_ALLOC_PARSE_CHUNK_INIT (16)
#define MICROPY_ALLOC_PATH_MAX      (96)
#define MICROPY_QSTR_BYTES_IN_HASH  (1)
#define MICROPY_ENABLE_SOURCE_LINE  (1)
#define MICROPY_ENABLE_DOC_STRING   (0)
#define MICROPY_ERROR_REPORTING     (MICROPY_ERROR_REPORTING_NORMAL)
#define MICROPY_CPYTHON_COMPAT      (1)
#define MICROPY_CAN_OVERRIDE_BUILTINS (1)
#define MICROPY_MEM_STATS           (0)
#define MICROPY_DEBUG_PRINTERS      (0)
#define MICROPY_ROM_TEXT_COMPRESSION (0)
#define MICROPY_KBD_EXCEPTION       (0)
#define MICROPY_HELPER_REPL         (0)
#define MICROPY_USE_INTERNAL_PRINTF (0)
#define MICROPY_NLR_SETJMP          (1)
#define MICROPY_GCREGS_SETJMP       (1)  // clang refuses gchelper_generic.c's i386 %ebp read
#define MICROPY_OPT_COMPUTED_GOTO   (1)
#define MICROPY_OPT_MAP_LOOKUP_CACHE (0)
#define MICROPY_MODULE_BUILTIN_INIT (1)
#define MICROPY_MODULE_FROZEN       (0)
#define MICROPY_PY_SYS_SETTRACE     (0)
#define MICROPY_PY_THREAD           (0)
#define MICROPY_WARNINGS            (0)

// Compiler and .mpy loading; no native code (CIRCUITPY_ENABLE_MPY_NATIVE is off).
#define MICROPY_ENABLE_COMPILER     (1)
#define MICROPY_PERSISTENT_CODE_LOAD (1)
#define MICROPY_EMIT_X86            (0)
#define MICROPY_EMIT_X64            (0)
#define MICROPY_EMIT_THUMB          (0)
#define MICROPY_EMIT_INLINE_THUMB   (0)
#define MICROPY_EMIT_ARM            (0)
#define MICROPY_EMIT_XTENSA         (0)
#define MICROPY_EMIT_XTENSAWIN      (0)
#define MICROPY_EMIT_RV32           (0)
#define MICROPY_EMIT_INLINE_RV32    (0)
#define MICROPY_ENABLE_DYNRUNTIME   (0)

// Import from the filesystem (sys.path from MICROPYPATH, as the unix port does).
#define MICROPY_ENABLE_EXTERNAL_IMPORT (1)
#define MICROPY_READER_POSIX        (1)
#define MICROPY_VFS                 (0)
#define MICROPY_MODULE___FILE__     (1)
#define MICROPY_EPOCH_IS_1970       (1)

// Modules: py/'s own (gc, sys, micropython, array, struct, collections, math, io, errno)
// and the port's (os.getenv, utime.gmtime/mktime); nothing from extmod/ (not in the sdist).
#define MICROPY_PY_SYS_MAXSIZE      (1)
#define MICROPY_PY_SYS_STDFILES     (1)
#define MICROPY_PY_SYS_STDIO_BUFFER (0)
#define MICROPY_PY_SYS_PLATFORM     "micropython32"
#define MICROPY_PY_SYS_PATH_ARGV_DEFAULTS (1)
#define MICROPY_PY_MICROPYTHON_MEM_INFO (1)
#define MICROPY_PY_MICROPYTHON_HEAP_LOCKED (1)
#define MICROPY_PY_MATH_SPECIAL_FUNCTIONS (0)
#define MICROPY_PY_CMATH            (0)
#define MICROPY_PY_IO               (1)
#define MICROPY_PY_IO_IOBASE        (0)
#define MICROPY_PY_OS               (0)
#define MICROPY_PY_TIME             (0)
#define MICROPY_PY_RANDOM           (0)
#define MICROPY_PY_JSON             (0)
#define MICROPY_PY_RE               (0)
#define MICROPY_PY_BINASCII         (0)
#define MICROPY_PY_HASHLIB          (0)
#define MICROPY_PY_CRYPTOLIB        (0)
#define MICROPY_PY_HEAPQ            (0)
#define MICROPY_PY_SELECT           (0)
#define MICROPY_PY_DEFLATE          (0)
#define MICROPY_PY_FRAMEBUF         (0)
#define MICROPY_PY_MACHINE          (0)
#define MICROPY_PY_UCTYPES          (0)
#define MICROPY_PY_PLATFORM         (0)
#define MICROPY_PY_ASYNCIO          (0)
#define MICROPY_PY_WEBSOCKET        (0)
#define MICROPY_PY_OS_DUPTERM       (0)
#define MICROPY_PY_BUILTINS_HELP    (0)
#define MICROPY_PY_BUILTINS_INPUT   (0)
#define MICROPY_PY_BUILTINS_COMPLEX (1)
#define MICROPY_PY_BUILTINS_STR_UNICODE (1)
#define MICROPY_PY_FSTRINGS         (1)

#define MICROPY_PORT_BUILTINS \
    { MP_ROM_QSTR(MP_QSTR_open), MP_ROM_PTR(&mp_builtin_open_obj) },

// Types: the i386 build is 32-bit like the SAMD51 (4-byte pointers, 16-byte GC blocks).
#define MICROPY_MAKE_POINTER_CALLABLE(p) ((void *)((mp_uint_t)(p)))
#define MP_ENDIANNESS_LITTLE        (1)
#define UINT_FMT "%u"
#define INT_FMT "%d"
typedef int mp_int_t;
typedef unsigned int mp_uint_t;
typedef long mp_off_t;
_Static_assert(sizeof(void *) == 4, "micropython32 must be built for a 32-bit target");

#define MICROPY_HW_BOARD_NAME "micropython32"
#define MICROPY_HW_MCU_NAME "i386 (SAMD51-like config)"

#include <alloca.h>
