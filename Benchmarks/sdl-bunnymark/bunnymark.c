/*
 * Bare SDL2 bunnymark: the floor for any SDL2 engine (no Lua, no scene graph).
 *
 * Usage: bunnymark <bunnies> [software|opengl|opengles2|...] [asset-path]
 * Env:   BENCH_WARMUP   seconds before measuring (default 1.0)
 *        BENCH_SECONDS  seconds measured (default 2.0)
 *        BENCH_SCREENSHOT=out.png  save the first measured frame as PNG
 *        BENCH_EXIT_AFTER_FIRST_FRAME=1  quit right after the first present
 *        BENCH_BATCHING=0|1  SDL_HINT_RENDER_BATCHING (default 1: SDL turns batching
 *                            off when a driver is named, an engine would turn it on)
 * Prints: BUNNYMARK impl=sdl renderer=<name> bunnies=N fps=F frames=K seconds=S
 *
 * The logic is the classic bunnymark, step for step the same as
 * ../love-bunnymark/main.lua and ../tide-bunnymark/main.lua, with the same
 * Park-Miller random sequence (seed 42) so every implementation places the same
 * bunnies: x, y random in the field, vx in [0,10), vy in [-5,5), gravity 0.5 a
 * frame, floor bounce damped by 0.85 with a random kick up half of the time.
 */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIDTH 1280
#define HEIGHT 720
#define BUNNY_W 26
#define BUNNY_H 37
#define GRAVITY 0.5

typedef struct { double x, y, vx, vy; } Bunny;

/* Park-Miller minimal standard generator: exact in doubles, so Lua (LuaJIT and 5.4) match it. */
static double seed = 42;
static double rnd(void) {
  seed = fmod(seed * 16807.0, 2147483647.0);
  return seed / 2147483647.0;
}

static double env_double(const char *name, double fallback) {
  const char *v = getenv(name);
  return v && *v ? atof(v) : fallback;
}

static void step(Bunny *b, int n) {
  const double max_x = WIDTH - BUNNY_W, max_y = HEIGHT - BUNNY_H;
  for (int i = 0; i < n; i++) {
    Bunny *p = &b[i];
    p->x += p->vx;
    p->y += p->vy;
    p->vy += GRAVITY;
    if (p->x > max_x) { p->vx = -p->vx; p->x = max_x; }
    else if (p->x < 0) { p->vx = -p->vx; p->x = 0; }
    if (p->y > max_y) {
      p->vy *= -0.85;
      p->y = max_y;
      if (rnd() > 0.5) p->vy -= rnd() * 6;
    } else if (p->y < 0) { p->vy = 0; p->y = 0; }
  }
}

static int save_png(SDL_Renderer *r, const char *path) {
  SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
  if (!s) return -1;
  int rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch);
  if (rc == 0) rc = IMG_SavePNG(s, path);
  SDL_FreeSurface(s);
  return rc;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  const char *driver = argc > 2 ? argv[2] : "software";
  const char *asset = argc > 3 ? argv[3] : "Benchmarks/assets/bunny.png";
  double warmup = env_double("BENCH_WARMUP", 1.0), seconds = env_double("BENCH_SECONDS", 2.0);
  const char *shot = getenv("BENCH_SCREENSHOT");
  int exit_first = env_double("BENCH_EXIT_AFTER_FIRST_FRAME", 0) != 0;
  const char *batching = getenv("BENCH_BATCHING");

  SDL_SetHint(SDL_HINT_RENDER_DRIVER, driver);
  SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0");
  SDL_SetHint(SDL_HINT_RENDER_BATCHING, batching && *batching ? batching : "1");
  if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 1; }
  if ((IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0) { fprintf(stderr, "IMG_Init: %s\n", IMG_GetError()); return 1; }
  SDL_Window *win = SDL_CreateWindow("bunnymark (bare SDL2)", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                     WIDTH, HEIGHT, SDL_WINDOW_SHOWN);
  if (!win) { fprintf(stderr, "SDL_CreateWindow: %s\n", SDL_GetError()); return 1; }
  SDL_Renderer *ren = SDL_CreateRenderer(win, -1, 0); /* no PRESENTVSYNC */
  if (!ren) { fprintf(stderr, "SDL_CreateRenderer(%s): %s\n", driver, SDL_GetError()); return 1; }
  SDL_RendererInfo info;
  SDL_GetRendererInfo(ren, &info);
  if (strcmp(info.name, driver) != 0) fprintf(stderr, "warning: asked for %s, got %s\n", driver, info.name);
  SDL_Texture *tex = IMG_LoadTexture(ren, asset);
  if (!tex) { fprintf(stderr, "IMG_LoadTexture(%s): %s\n", asset, IMG_GetError()); return 1; }

  Bunny *bunnies = malloc(sizeof(Bunny) * (size_t)(n > 0 ? n : 1));
  if (!bunnies) return 1;
  for (int i = 0; i < n; i++) {
    bunnies[i].x = rnd() * (WIDTH - BUNNY_W);
    bunnies[i].y = rnd() * (HEIGHT - BUNNY_H);
    bunnies[i].vx = rnd() * 10;
    bunnies[i].vy = rnd() * 10 - 5;
  }

  Uint64 freq = SDL_GetPerformanceFrequency(), start = SDL_GetPerformanceCounter(), measure_start = 0;
  long frames = 0;
  int measuring = 0, running = 1;
  while (running) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) if (e.type == SDL_QUIT) running = 0;
    step(bunnies, n);
    SDL_SetRenderDrawColor(ren, 40, 44, 52, 255);
    SDL_RenderClear(ren);
    SDL_Rect dst = { 0, 0, BUNNY_W, BUNNY_H };
    for (int i = 0; i < n; i++) {
      dst.x = (int)bunnies[i].x;
      dst.y = (int)bunnies[i].y;
      SDL_RenderCopy(ren, tex, NULL, &dst);
    }
    double t = (double)(SDL_GetPerformanceCounter() - start) / (double)freq;
    if (!measuring && t >= warmup) {
      measuring = 1;
      measure_start = SDL_GetPerformanceCounter();
      if (shot && *shot && save_png(ren, shot) != 0) fprintf(stderr, "screenshot failed: %s\n", SDL_GetError());
    }
    SDL_RenderPresent(ren);
    if (exit_first) break;
    if (measuring) {
      frames++;
      double m = (double)(SDL_GetPerformanceCounter() - measure_start) / (double)freq;
      if (m >= seconds) {
        printf("BUNNYMARK impl=sdl renderer=%s bunnies=%d fps=%.1f frames=%ld seconds=%.3f\n",
               info.name, n, frames / m, frames, m);
        running = 0;
      }
    }
  }
  fflush(stdout);
  free(bunnies);
  SDL_DestroyTexture(tex);
  SDL_DestroyRenderer(ren);
  SDL_DestroyWindow(win);
  IMG_Quit();
  SDL_Quit();
  return 0;
}
