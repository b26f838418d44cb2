#include "shim.h"

#include <cloader.h>

#define TIDE_IMAGE_EACH(X) X(IMG_Init) X(IMG_Load) X(IMG_Load_RW) X(IMG_SavePNG)

#define TIDE_MIXER_EACH(X) \
  X(Mix_Init) X(Mix_OpenAudio) X(Mix_CloseAudio) X(Mix_AllocateChannels) X(Mix_LoadWAV) \
  X(Mix_LoadWAV_RW) X(Mix_FreeChunk) X(Mix_PlayChannel) X(Mix_HaltChannel) X(Mix_Pause) \
  X(Mix_Resume) X(Mix_Paused) X(Mix_Playing) X(Mix_Volume) X(Mix_SetPanning) X(Mix_GetChunk) \
  X(Mix_LoadMUS) X(Mix_LoadMUS_RW) X(Mix_FreeMusic) X(Mix_PlayMusic) X(Mix_HaltMusic) \
  X(Mix_PauseMusic) X(Mix_ResumeMusic) X(Mix_VolumeMusic) X(Mix_PlayingMusic)

static struct tide_sdl_image_api image_api;
#define TIDE_IMAGE_SYMBOL(name) { #name, offsetof(struct tide_sdl_image_api, name) },
static const struct tide_symbol image_symbols[] = { TIDE_IMAGE_EACH(TIDE_IMAGE_SYMBOL) };
static const char *const image_names[] = { "libSDL2_image-2.0.so.0", "libSDL2_image.so" };
static struct tide_library image = {
  .names = image_names, .name_count = sizeof image_names / sizeof image_names[0],
  .package = "libsdl2-image-2.0-0", .symbols = image_symbols,
  .symbol_count = sizeof image_symbols / sizeof image_symbols[0], .api = &image_api,
  .lock = PTHREAD_MUTEX_INITIALIZER,
};

static struct tide_sdl_mixer_api mixer_api;
#define TIDE_MIXER_SYMBOL(name) { #name, offsetof(struct tide_sdl_mixer_api, name) },
static const struct tide_symbol mixer_symbols[] = { TIDE_MIXER_EACH(TIDE_MIXER_SYMBOL) };
static const char *const mixer_names[] = { "libSDL2_mixer-2.0.so.0", "libSDL2_mixer.so" };
static struct tide_library mixer = {
  .names = mixer_names, .name_count = sizeof mixer_names / sizeof mixer_names[0],
  .package = "libsdl2-mixer-2.0-0", .symbols = mixer_symbols,
  .symbol_count = sizeof mixer_symbols / sizeof mixer_symbols[0], .api = &mixer_api,
  .lock = PTHREAD_MUTEX_INITIALIZER,
};

const struct tide_sdl_image_api *tide_sdl_image(void) { return tide_library_api(&image); }
const char *tide_sdl_image_problem(void) { return tide_library_problem(&image); }
const char *tide_sdl_image_path(void) { return tide_library_path(&image); }

const struct tide_sdl_mixer_api *tide_sdl_mixer(void) { return tide_library_api(&mixer); }
const char *tide_sdl_mixer_problem(void) { return tide_library_problem(&mixer); }
const char *tide_sdl_mixer_path(void) { return tide_library_path(&mixer); }
