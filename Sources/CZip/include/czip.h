#ifndef TIDE_CZIP_H
#define TIDE_CZIP_H
/*
** Debian's libzip (libzip-dev), opened the first time a zip is read or written rather than
** linked: it brings OpenSSL's libcrypto (bound in full at load) and libbz2 into the process,
** and most runs of `tide` (tests, bots, a game folder in a window) never touch a zip. The
** types and constants are libzip's own header's; the functions are reached through
** `tide_zip_api`, one pointer each, typed from that header, filled by CLoader.
*/
#include <zip.h>

struct tide_zip_api {
  __typeof__(zip_close) *_Nonnull zip_close;
  __typeof__(zip_discard) *_Nonnull zip_discard;
  __typeof__(zip_error_fini) *_Nonnull zip_error_fini;
  __typeof__(zip_error_init) *_Nonnull zip_error_init;
  __typeof__(zip_error_init_with_code) *_Nonnull zip_error_init_with_code;
  __typeof__(zip_error_strerror) *_Nonnull zip_error_strerror;
  __typeof__(zip_fclose) *_Nonnull zip_fclose;
  __typeof__(zip_file_add) *_Nonnull zip_file_add;
  __typeof__(zip_file_get_external_attributes) *_Nonnull zip_file_get_external_attributes;
  __typeof__(zip_file_set_dostime) *_Nonnull zip_file_set_dostime;
  __typeof__(zip_file_set_external_attributes) *_Nonnull zip_file_set_external_attributes;
  __typeof__(zip_file_strerror) *_Nonnull zip_file_strerror;
  __typeof__(zip_fopen_index) *_Nonnull zip_fopen_index;
  __typeof__(zip_fread) *_Nonnull zip_fread;
  __typeof__(zip_get_num_entries) *_Nonnull zip_get_num_entries;
  __typeof__(zip_open) *_Nonnull zip_open;
  __typeof__(zip_open_from_source) *_Nonnull zip_open_from_source;
  __typeof__(zip_set_file_compression) *_Nonnull zip_set_file_compression;
  __typeof__(zip_source_buffer) *_Nonnull zip_source_buffer;
  __typeof__(zip_source_buffer_create) *_Nonnull zip_source_buffer_create;
  __typeof__(zip_source_free) *_Nonnull zip_source_free;
  __typeof__(zip_stat_index) *_Nonnull zip_stat_index;
  __typeof__(zip_stat_init) *_Nonnull zip_stat_init;
  __typeof__(zip_strerror) *_Nonnull zip_strerror;
};

/* libzip's functions, opening the library on the first call (once per process, from any
   thread); NULL when it cannot be opened or lacks one, and `tide_zip_problem` says why. */
const struct tide_zip_api *_Nullable tide_zip_load(void);

/* Why `tide_zip_load` failed (the loader's message), or NULL. */
const char *_Nullable tide_zip_problem(void);

/* The file libzip was opened from (for `tide pack --bundle`, which carries it), or NULL. */
const char *_Nullable tide_zip_library_path(void);

#endif
