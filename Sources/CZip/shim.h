#ifndef TIDE_ZIP_SHIM_H
#define TIDE_ZIP_SHIM_H
#include <zip.h>
#endif
