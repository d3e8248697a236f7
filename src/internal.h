/* internal.h — declarations shared by the library's translation units (not installed). */
#ifndef MQSAD_INTERNAL_H
#define MQSAD_INTERNAL_H

#include "mqsad.h"

#define MQSAD_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
