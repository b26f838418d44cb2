#ifndef TIDE_CSDL2_SHIM_H
#define TIDE_CSDL2_SHIM_H
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <SDL_mixer.h>

/* Macros Swift cannot import, wrapped as functions. */
static inline int tide_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int tide_sdl_windowpos_centered_display(int display) {
  return SDL_WINDOWPOS_CENTERED_DISPLAY(display);
}
static inline Uint8 tide_sdl_button_left(void) { return SDL_BUTTON_LEFT; }
static inline int tide_sdl_blit(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
  return SDL_BlitSurface(src, srcrect, dst, dstrect);
}
static inline Mix_Chunk *tide_mix_load_wav(const char *file) { return Mix_LoadWAV(file); }
static inline int tide_mix_play_channel(int channel, Mix_Chunk *chunk, int loops) {
  return Mix_PlayChannel(channel, chunk, loops);
}
static inline Uint16 tide_mix_default_format(void) { return MIX_DEFAULT_FORMAT; }
#endif
