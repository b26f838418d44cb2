#define _GNU_SOURCE
#include "czip.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>

static struct tide_zip_api api;
static int loaded;
static char problem[512];
static const char *path;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define TIDE_ZIP_EACH(X) \
  X(zip_close) X(zip_discard) X(zip_error_fini) X(zip_error_init) X(zip_error_init_with_code) \
  X(zip_error_strerror) X(zip_fclose) X(zip_file_add) X(zip_file_get_external_attributes) \
  X(zip_file_set_dostime) X(zip_file_set_external_attributes) X(zip_file_strerror) \
  X(zip_fopen_index) X(zip_fread) X(zip_get_num_entries) X(zip_open) X(zip_open_from_source) \
  X(zip_set_file_compression) X(zip_source_buffer) X(zip_source_buffer_create) X(zip_source_free) \
  X(zip_stat_index) X(zip_stat_init) X(zip_strerror)

static void load(void) {
  /* Debian's soname first; later libzip releases kept the API under the next one. */
  static const char *const names[] = { "libzip.so.4", "libzip.so.5", "libzip.so" };
  void *library = NULL;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++)
    library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(problem, sizeof problem, "libzip could not be opened (%s); install libzip4",
             reason != NULL ? reason : "not found");
    return;
  }
#define TIDE_ZIP_FIND(name)                                                       \
  if ((api.name = (__typeof__(api.name))dlsym(library, #name)) == NULL) {          \
    snprintf(problem, sizeof problem, "the libzip this machine has lacks %s", #name); \
    return;                                                                       \
  }
  TIDE_ZIP_EACH(TIDE_ZIP_FIND)
#undef TIDE_ZIP_FIND
  struct link_map *map = NULL;
  if (dlinfo(library, RTLD_DI_LINKMAP, &map) == 0 && map != NULL) path = map->l_name;
  loaded = 1;
}

const struct tide_zip_api *tide_zip_load(void) {
  pthread_once(&once, load);
  return loaded ? &api : NULL;
}

const char *tide_zip_problem(void) {
  pthread_once(&once, load);
  return loaded ? NULL : problem;
}

const char *tide_zip_library_path(void) {
  pthread_once(&once, load);
  return path;
}
