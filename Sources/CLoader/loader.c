#define _GNU_SOURCE
#include "cloader.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>

static void open_library(struct tide_library *library) {
  void *handle = NULL;
  for (size_t i = 0; i < library->name_count && handle == NULL; i++)
    handle = dlopen(library->names[i], RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(library->problem, sizeof library->problem, "%s could not be opened (%s); install %s",
             library->names[0], reason != NULL ? reason : "not found", library->package);
    return;
  }
  for (size_t i = 0; i < library->symbol_count; i++) {
    void *found = dlsym(handle, library->symbols[i].name);
    if (found == NULL) {
      snprintf(library->problem, sizeof library->problem, "the %s this machine has lacks %s",
               library->names[0], library->symbols[i].name);
      return;
    }
    *(void **)((char *)library->api + library->symbols[i].offset) = found;
  }
  struct link_map *map = NULL;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map != NULL) library->path = map->l_name;
  library->loaded = 1;
}

/* Opens the library if no call has tried yet. */
static void ensure(struct tide_library *library) {
  pthread_mutex_lock(&library->lock);
  if (!library->tried) {
    library->tried = 1;
    open_library(library);
  }
  pthread_mutex_unlock(&library->lock);
}

const void *tide_library_api(struct tide_library *library) {
  ensure(library);
  return library->loaded ? library->api : NULL;
}

const char *tide_library_problem(struct tide_library *library) {
  ensure(library);
  return library->loaded ? NULL : library->problem;
}

const char *tide_library_path(struct tide_library *library) {
  ensure(library);
  return library->path;
}
