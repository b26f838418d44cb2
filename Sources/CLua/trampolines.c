/*
** The trampolines: the lua_CFunctions behind every Swift function. Each calls
** tide_callswift (callswift.h) with the Swift box it stands for, so a Lua error
** or yield a Swift function asks for is raised here, after its frames returned.
**
** A VM hands out TIDE_FAST_SLOTS slot trampolines, each a C function of its own
** that finds its box in the VM's fast_boxes with no Lua API call at all; a slot
** is never handed out twice, so a closure called after its box was collected
** finds NULL (which tide_dispatch reports) and never another function. Functions
** pushed after the slots are gone share tide_trampoline, which reads its box from
** an upvalue: one call into liblua more per call.
*/

#include "callswift.h"

/* The trampoline for a Swift function that got no slot: the box is read from
** upvalue 1, a light userdata holding the box userdata's memory. */
int tide_trampoline(lua_State *L) {
  return tide_callswift(L, *(void **)lua_touserdata(L, lua_upvalueindex(1)));
}

/* Slot trampolines: tide_fast_NNN (NNN in octal) calls the box in slot 0NNN of
** its VM's fast_boxes, found through the state's extra space with no Lua API
** call at all. Reading an upvalue costs a call into liblua (lua_touserdata on
** lua_upvalueindex), a third of what a Swift function adds to a bare C one. */
#define TIDE_FAST_FN(d) \
  static int tide_fast_##d(lua_State *L) { return tide_callswift(L, tide_state(L)->fast_boxes[0##d]); }
#define TIDE_FAST_8(p, X) X(p##0) X(p##1) X(p##2) X(p##3) X(p##4) X(p##5) X(p##6) X(p##7)
#define TIDE_FAST_64(p, X) TIDE_FAST_8(p##0, X) TIDE_FAST_8(p##1, X) TIDE_FAST_8(p##2, X) \
  TIDE_FAST_8(p##3, X) TIDE_FAST_8(p##4, X) TIDE_FAST_8(p##5, X) TIDE_FAST_8(p##6, X) TIDE_FAST_8(p##7, X)
#define TIDE_FAST_512(X) TIDE_FAST_64(0, X) TIDE_FAST_64(1, X) TIDE_FAST_64(2, X) TIDE_FAST_64(3, X) \
  TIDE_FAST_64(4, X) TIDE_FAST_64(5, X) TIDE_FAST_64(6, X) TIDE_FAST_64(7, X)
TIDE_FAST_512(TIDE_FAST_FN)
#define TIDE_FAST_ENTRY(d) tide_fast_##d,

static const lua_CFunction tide_fast[TIDE_FAST_SLOTS] = { TIDE_FAST_512(TIDE_FAST_ENTRY) };

/* Pushes a Swift function: [-1 (box userdata), +1 (closure)]. While the VM has
** slots left, the closure is a slot trampoline whose one upvalue is the box
** userdata, which keeps the box alive for as long as the closure can be called
** (finalizers included); the box's __gc empties the slot, which tide_dispatch
** turns into an error, and a slot is never reused, so a closure called late
** can never reach another function. The engine's API is pushed when its VM
** starts, so it is what gets slots. After that, the closure is tide_trampoline
** with upvalue 1 the box's memory as a light userdata and upvalue 2 the box. */
void tide_pushtrampoline(lua_State *L) {
  tide_State *s = tide_state(L);
  tide_FunctionBox *box = (tide_FunctionBox *)lua_touserdata(L, -1);
  if (s->fast_boxes != NULL && s->fast_used < TIDE_FAST_SLOTS) {
    int slot = s->fast_used++;
    s->fast_boxes[slot] = box->box;
    box->slot = slot;
    lua_pushcclosure(L, tide_fast[slot], 1);
    return;
  }
  lua_pushlightuserdata(L, box);
  lua_insert(L, -2);
  lua_pushcclosure(L, tide_trampoline, 2);
}
