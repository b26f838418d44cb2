/*
** The floor of `tide bench physics`: the world Benchmarks/tide-physics builds through Lua,
** built and stepped by plain C on Chipmunk, with the same shapes made in the same order and
** the same settings (Tide's defaults: gravity 900 down, 10 iterations, sleep after 0.5 s).
*/
#include <chipmunk/chipmunk.h>
#include <time.h>

#include "tide_bench.h"

/* Every shape as Tide sets it up: its material, then added to the space. */
static cpShape *add(cpSpace *space, cpShape *shape, double mass) {
  if (mass > 0) cpShapeSetMass(shape, mass);
  cpShapeSetFriction(shape, 0.7);
  cpShapeSetElasticity(shape, 0);
  cpShapeSetSurfaceVelocity(shape, cpv(0, 0));
  cpShapeSetFilter(shape, cpShapeFilterNew(0, 1, ~(cpBitmask)0));
  cpShapeSetSensor(shape, cpFalse);
  return cpSpaceAddShape(space, shape);
}

static cpBody *place(cpSpace *space, cpBody *body, double x, double y) {
  cpBodySetPosition(body, cpv(x, y));
  cpBodySetAngle(body, 0);
  return cpSpaceAddBody(space, body);
}

double tide_bench_physics(int bodies, int ticks, double *checksum) {
  cpSpace *space = cpSpaceNew();
  cpSpaceSetGravity(space, cpv(0, 900));
  cpSpaceSetDamping(space, 1);
  cpSpaceSetIterations(space, 10);
  cpSpaceSetSleepTimeThreshold(space, 0.5);
  const double walls[3][4] = { { 320, 620, 640, 40 }, { -20, 300, 40, 640 }, { 660, 300, 40, 640 } };
  cpBody *wallBodies[3];
  cpShape *wallShapes[3];
  for (int i = 0; i < 3; i++) {
    const double *w = walls[i];
    wallBodies[i] = place(space, cpBodyNewStatic(), w[0], w[1]);
    wallShapes[i] = add(space, cpBoxShapeNew2(wallBodies[i], cpBBNew(-w[2] / 2, -w[3] / 2, w[2] / 2, w[3] / 2), 0), 0);
  }
  cpBody **made = cpcalloc(bodies, sizeof(cpBody *));
  cpShape **shapes = cpcalloc(bodies, sizeof(cpShape *));
  for (int i = 0; i < bodies; i++) {
    made[i] = place(space, cpBodyNew(0, 0), 20 + (i % 40) * 15, 20 + (i / 40) * 15);
    shapes[i] = add(space, cpCircleShapeNew(made[i], 8, cpv(0, 0)), cpAreaForCircle(0, 8));
  }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int t = 0; t < ticks; t++) cpSpaceStep(space, 1.0 / 60);
  clock_gettime(CLOCK_MONOTONIC, &end);
  double sum = 0;
  for (int i = 0; i < bodies; i++) sum += cpBodyGetPosition(made[i]).y;
  *checksum = sum;
  for (int i = 0; i < bodies; i++) {
    cpSpaceRemoveShape(space, shapes[i]);
    cpShapeFree(shapes[i]);
    cpSpaceRemoveBody(space, made[i]);
    cpBodyFree(made[i]);
  }
  for (int i = 0; i < 3; i++) {
    cpSpaceRemoveShape(space, wallShapes[i]);
    cpShapeFree(wallShapes[i]);
    cpSpaceRemoveBody(space, wallBodies[i]);
    cpBodyFree(wallBodies[i]);
  }
  cpfree(made);
  cpfree(shapes);
  cpSpaceFree(space);
  return (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
}
