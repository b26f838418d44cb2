// fontconfig finds installed fonts by family name, as every desktop program on Linux does:
// Debian's packages decide where the files go, so Tide asks rather than hard-coding paths.
#include <fontconfig/fontconfig.h>
