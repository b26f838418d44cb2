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
static inline void tide_prefetch(const void *p) { __builtin_prefetch(p); }
#endif
