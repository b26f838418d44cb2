#ifndef TIDE_CHIPMUNK_SHIM_H
#define TIDE_CHIPMUNK_SHIM_H
#include <chipmunk/chipmunk.h>
#endif
