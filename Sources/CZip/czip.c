#include "czip.h"

#include <cloader.h>

static struct tide_zip_api api;

#define TIDE_ZIP_EACH(X) \
  X(zip_close) X(zip_discard) X(zip_error_fini) X(zip_error_init) X(zip_error_init_with_code) \
  X(zip_error_strerror) X(zip_fclose) X(zip_file_add) X(zip_file_get_external_attributes) \
  X(zip_file_set_dostime) X(zip_file_set_external_attributes) X(zip_file_strerror) \
  X(zip_fopen_index) X(zip_fread) X(zip_get_num_entries) X(zip_open) X(zip_open_from_source) \
  X(zip_set_file_compression) X(zip_source_buffer) X(zip_source_buffer_create) X(zip_source_free) \
  X(zip_stat_index) X(zip_stat_init) X(zip_strerror)

#define TIDE_ZIP_SYMBOL(name) { #name, offsetof(struct tide_zip_api, name) },
static const struct tide_symbol symbols[] = { TIDE_ZIP_EACH(TIDE_ZIP_SYMBOL) };
#undef TIDE_ZIP_SYMBOL

/* Debian's soname first; later libzip releases kept the API under the next one. */
static const char *const names[] = { "libzip.so.4", "libzip.so.5", "libzip.so" };

static struct tide_library library = {
  .names = names, .name_count = sizeof names / sizeof names[0], .package = "libzip4",
  .symbols = symbols, .symbol_count = sizeof symbols / sizeof symbols[0], .api = &api,
  .lock = PTHREAD_MUTEX_INITIALIZER,
};

const struct tide_zip_api *tide_zip_load(void) { return tide_library_api(&library); }
const char *tide_zip_problem(void) { return tide_library_problem(&library); }
const char *tide_zip_library_path(void) { return tide_library_path(&library); }
