#ifndef TIDE_CSDL2_SHIM_H
#define TIDE_CSDL2_SHIM_H
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <SDL_mixer.h>

/* SDL_WINDOWPOS_CENTERED expands to a function-like macro, which Swift cannot import. */
static inline int tide_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
#endif
