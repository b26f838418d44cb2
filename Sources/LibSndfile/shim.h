#ifndef TIDE_LIBSNDFILE_SHIM_H
#define TIDE_LIBSNDFILE_SHIM_H
#include <sndfile.h>
#endif
