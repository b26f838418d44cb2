#ifndef TIDE_CHIPMUNK_SHIM_H
#define TIDE_CHIPMUNK_SHIM_H
#include <chipmunk/chipmunk.h>
#include <chipmunk/cpPolyline.h>
#include <string.h>

/* A polyline keeps its corners in a flexible array, which Swift cannot reach: these make one
   from corners and read them back. Freed with cpPolylineFree (Chipmunk allocates with calloc). */
static inline cpPolyline *tide_polyline_new(int count, const cpVect *verts) {
  cpPolyline *line = (cpPolyline *)calloc(1, sizeof(cpPolyline) + (size_t)count * sizeof(cpVect));
  if (line == NULL) return NULL;
  line->count = count;
  line->capacity = count;
  memcpy(line->verts, verts, (size_t)count * sizeof(cpVect));
  return line;
}

static inline cpVect tide_polyline_vert(const cpPolyline *line, int i) { return line->verts[i]; }
#endif
