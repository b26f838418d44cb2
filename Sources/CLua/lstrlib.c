/*
** Copies of Lua 5.4.4's string functions (lstrlib.c) that the sandbox puts in
** place of the originals, because those run in C for as long as they like,
** where neither the instruction budget's hook nor the watchdog can see them:
**  - string.rep, which copies an empty piece n times (string.rep("", 1e15)
**    spins for days): here an empty piece and separator give "" at once, as in
**    Lua 5.4.5.
** Otherwise the code is Lua's, and so are the results and the messages.
**
** Copyright (C) 1994-2022 Lua.org, PUC-Rio.
**
** Permission is hereby granted, free of charge, to any person obtaining
** a copy of this software and associated documentation files (the
** "Software"), to deal in the Software without restriction, including
** without limitation the rights to use, copy, modify, merge, publish,
** distribute, sublicense, and/or sell copies of the Software, and to
** permit persons to whom the Software is furnished to do so, subject to
** the following conditions:
**
** The above copyright notice and this permission notice shall be
** included in all copies or substantial portions of the Software.
**
** THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
** EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
** MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
** IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
** CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
** TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
** SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
*/

#include <string.h>
#include "tide_inline.h"

/*
** string.rep, with an empty piece and an empty separator giving "" at once.
** Same arguments, results and messages as the original.
*/
int tide_str_rep(lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  const size_t maxsize = (sizeof(size_t) < sizeof(lua_Integer) ? (size_t)~(size_t)0 : (size_t)LUA_MAXINTEGER);
  if (n <= 0 || l + lsep == 0)
    lua_pushliteral(L, "");
  else if (l + lsep < l || l + lsep > maxsize / (size_t)n)
    return luaL_error(L, "resulting string too large");
  else {
    size_t totallen = (size_t)n * l + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, totallen);
    while (n-- > 1) { /* first n-1 copies, each followed by the separator */
      memcpy(p, s, l);
      p += l;
      if (lsep > 0) {
        memcpy(p, sep, lsep);
        p += lsep;
      }
    }
    memcpy(p, s, l); /* the last copy, with no separator */
    luaL_pushresultsize(&b, totallen);
  }
  return 1;
}
