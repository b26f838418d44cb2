#ifndef TIDE_CLOADER_H
#define TIDE_CLOADER_H
/*
** Opens a shared library on first use and fills a struct of its function pointers, for the
** libraries most runs of `tide` never touch (libzip; SDL_image and SDL_mixer, which headless
** runs, tests and bots do without). Linked, each would be loaded and bound at every start,
** with everything it loads in turn. The struct's fields are typed from the library's own
** header, so a call through them is checked as a direct call would be.
*/
#include <pthread.h>
#include <stddef.h>

/* One function to find: its name and where its pointer goes in the API struct. */
struct tide_symbol {
  const char *_Nonnull name;
  size_t offset;
};

struct tide_library {
  /* File names to try, most likely first (the soname Debian ships, then later ones). */
  const char *_Nonnull const *_Nonnull names;
  size_t name_count;
  /* Said in the problem when it cannot be opened: what to install. */
  const char *_Nonnull package;
  const struct tide_symbol *_Nonnull symbols;
  size_t symbol_count;
  /* The API struct the pointers are written into. */
  void *_Nonnull api;
  /* Set on the first call below, under `lock` (PTHREAD_MUTEX_INITIALIZER). */
  pthread_mutex_t lock;
  int tried;
  int loaded;
  char problem[512];
  const char *_Nullable path;
};

/* The filled API struct, opening the library on the first call (once per process, from any
   thread), or NULL when it cannot be opened or lacks a function. Callers keep the pointer. */
const void *_Nullable tide_library_api(struct tide_library *_Nonnull library);
/* Why `tide_library_api` gave NULL (the loader's message), or NULL. */
const char *_Nullable tide_library_problem(struct tide_library *_Nonnull library);
/* The file the library was opened from, or NULL. */
const char *_Nullable tide_library_path(struct tide_library *_Nonnull library);

#endif
