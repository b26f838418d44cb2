#ifndef TIDE_CSDL2_SHIM_H
#define TIDE_CSDL2_SHIM_H
/* By their SDL2/ folder, not through pkg-config's -I (see Package.swift). */
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_mixer.h>

/* SDL_WINDOWPOS_CENTERED expands to a function-like macro, which Swift cannot import. */
static inline int tide_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }

/* Starts loading the cache line at `p`: a window's drawing threads fetch the next sprite they
   draw while blitting this one (see NodeRenderer.draw). */
static inline void tide_prefetch(const void *_Nullable p) { __builtin_prefetch(p); }

/* SDL_SetError takes a format and varargs, which Swift cannot call. */
static inline void tide_sdl_set_error(const char *_Nonnull message) { SDL_SetError("%s", message); }

/*
** SDL_image and SDL_mixer are opened the first time an image file is read or a sound device
** opened, not linked (see cloader.h): between them they load two dozen more libraries (TIFF,
** WebP, FluidSynth, JACK, ...), bound at every start of every headless run, test and bot that
** never reads a PNG or plays a sound. SDL2 and SDL_ttf, which every run measures text with,
** stay linked. The types and constants are the libraries' own headers'; the functions are
** reached through these structs, one pointer each, typed from those headers.
*/
struct tide_sdl_image_api {
  __typeof__(IMG_Init) *_Nonnull IMG_Init;
  __typeof__(IMG_Load) *_Nonnull IMG_Load;
  __typeof__(IMG_Load_RW) *_Nonnull IMG_Load_RW;
  __typeof__(IMG_SavePNG) *_Nonnull IMG_SavePNG;
};

struct tide_sdl_mixer_api {
  __typeof__(Mix_Init) *_Nonnull Mix_Init;
  __typeof__(Mix_OpenAudio) *_Nonnull Mix_OpenAudio;
  __typeof__(Mix_CloseAudio) *_Nonnull Mix_CloseAudio;
  __typeof__(Mix_AllocateChannels) *_Nonnull Mix_AllocateChannels;
  __typeof__(Mix_LoadWAV) *_Nonnull Mix_LoadWAV;
  __typeof__(Mix_LoadWAV_RW) *_Nonnull Mix_LoadWAV_RW;
  __typeof__(Mix_FreeChunk) *_Nonnull Mix_FreeChunk;
  __typeof__(Mix_PlayChannel) *_Nonnull Mix_PlayChannel;
  __typeof__(Mix_HaltChannel) *_Nonnull Mix_HaltChannel;
  __typeof__(Mix_Pause) *_Nonnull Mix_Pause;
  __typeof__(Mix_Resume) *_Nonnull Mix_Resume;
  __typeof__(Mix_Paused) *_Nonnull Mix_Paused;
  __typeof__(Mix_Playing) *_Nonnull Mix_Playing;
  __typeof__(Mix_Volume) *_Nonnull Mix_Volume;
  __typeof__(Mix_SetPanning) *_Nonnull Mix_SetPanning;
  __typeof__(Mix_GetChunk) *_Nonnull Mix_GetChunk;
  __typeof__(Mix_LoadMUS) *_Nonnull Mix_LoadMUS;
  __typeof__(Mix_LoadMUS_RW) *_Nonnull Mix_LoadMUS_RW;
  __typeof__(Mix_FreeMusic) *_Nonnull Mix_FreeMusic;
  __typeof__(Mix_PlayMusic) *_Nonnull Mix_PlayMusic;
  __typeof__(Mix_HaltMusic) *_Nonnull Mix_HaltMusic;
  __typeof__(Mix_PauseMusic) *_Nonnull Mix_PauseMusic;
  __typeof__(Mix_ResumeMusic) *_Nonnull Mix_ResumeMusic;
  __typeof__(Mix_VolumeMusic) *_Nonnull Mix_VolumeMusic;
  __typeof__(Mix_PlayingMusic) *_Nonnull Mix_PlayingMusic;
};

/* SDL_image's functions, opening it on the first call (once per process, from any thread);
   NULL when it cannot be opened or lacks one, and `tide_sdl_image_problem` says why. */
const struct tide_sdl_image_api *_Nullable tide_sdl_image(void);
const char *_Nullable tide_sdl_image_problem(void);
/* SDL_mixer's, the same way. */
const struct tide_sdl_mixer_api *_Nullable tide_sdl_mixer(void);
const char *_Nullable tide_sdl_mixer_problem(void);
/* The files they were opened from (for `tide pack --bundle`, which carries them), or NULL. */
const char *_Nullable tide_sdl_image_path(void);
const char *_Nullable tide_sdl_mixer_path(void);
#endif
