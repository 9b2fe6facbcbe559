#ifndef SWITCHBOARD_CZLIB_SHIM_H
#define SWITCHBOARD_CZLIB_SHIM_H

/* zlib, for the RFC 1950 stream inside a Tencent UserSig (compress2 to write one; inflate with a
   bounded output buffer to read one). */
#include <zlib.h>

#endif
