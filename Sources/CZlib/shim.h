#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

// zlib's init functions are macros that pass the library version and the size of
// z_stream; Swift cannot call macros, so each one gets a prefixed inline wrapper.

static inline int CZlib_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}

static inline int CZlib_deflateInit2(z_streamp strm, int level, int method, int windowBits, int memLevel,
                                     int strategy) {
    return deflateInit2(strm, level, method, windowBits, memLevel, strategy);
}

#endif
