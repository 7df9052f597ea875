// micropython32: py/modsys.c includes extmod/modplatform.h, which the sdist does not ship
// (no extmod/); modsys.c needs nothing from it in this configuration.
