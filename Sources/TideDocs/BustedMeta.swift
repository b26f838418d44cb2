/// The test globals `tide test` gives a spec (busted 2's, which it runs), for editors: the names
/// `.luarc.json` declares and the LuaLS library `docs/meta/busted.lua` that types them and
/// luassert's `assert`. Debian's lua-busted and lua-luassert carry no annotations to point at.
public enum BustedMeta {
  /// The globals busted's root context exports to every test file (`busted.context.get().env`).
  public static let fileGlobals = [
    "after_each", "assert", "before_each", "context", "describe", "expose", "insulate", "it", "lazy_setup",
    "lazy_teardown", "match", "mock", "pending", "setup", "spec", "spy", "strict_setup", "strict_teardown", "stub",
    "teardown", "test",
  ]
  /// The globals busted sets only inside a block: `finally` in an `it`, `randomize` in a describe.
  public static let blockGlobals = ["finally", "randomize"]

  /// Every name a spec may use besides Lua's and `tide`: `.luarc.json`'s `diagnostics.globals`.
  public static var globals: [String] { ["tide"] + fileGlobals + blockGlobals }

  /// The `---@meta` library, valid Lua as well: loaded, it defines a stub of each global.
  public static let library = """
    ---@meta busted
    -- busted 2 and luassert as `tide test` runs them, for lua-language-server (LuaLS). Written by
    -- `tide docs`; do not edit. Only what specs commonly call is typed in detail; every name a spec
    -- can reach is declared.

    ---@alias busted.Block fun()

    ---A group of tests; `context` and `insulate`/`expose` are the same with other isolation.
    ---@param name string
    ---@param block busted.Block
    function describe(name, block) end
    ---@param name string
    ---@param block busted.Block
    function context(name, block) end
    ---Runs `block` with the globals and loaded modules restored afterwards (busted's default).
    ---@param name string
    ---@param block busted.Block
    function insulate(name, block) end
    ---Runs `block` with its globals and loaded modules kept for the blocks after it.
    ---@param name string
    ---@param block busted.Block
    function expose(name, block) end

    ---One test; `spec` and `test` are the same.
    ---@param name string
    ---@param block? busted.Block without one the test is pending
    function it(name, block) end
    ---@param name string
    ---@param block? busted.Block
    function spec(name, block) end
    ---@param name string
    ---@param block? busted.Block
    function test(name, block) end
    ---Marks a test pending: as a block, a test not yet written; inside an `it`, stops it there.
    ---@param name string
    ---@param block? busted.Block
    function pending(name, block) end

    ---@param block busted.Block
    function before_each(block) end
    ---@param block busted.Block
    function after_each(block) end
    ---Runs once before the tests of its describe block.
    ---@param block busted.Block
    function setup(block) end
    ---@param block busted.Block
    function teardown(block) end
    ---@param block busted.Block
    function lazy_setup(block) end
    ---@param block busted.Block
    function lazy_teardown(block) end
    ---@param block busted.Block
    function strict_setup(block) end
    ---@param block busted.Block
    function strict_teardown(block) end
    ---Inside an `it`: runs `block` when the test ends, passed or failed.
    ---@param block busted.Block
    function finally(block) end
    ---Inside a describe: runs its tests in random order (`seed` fixes the order).
    ---@param seed? integer
    function randomize(seed) end

    ---An assertion: `assert.are.equal(expected, actual)`, `assert.is_true(v)`, `assert.has_error(fn)`.
    ---Words chain (`are`, `is`, `has`, `no`, `not`, `are_not`, `is_not`, `has_no`) and the last
    ---names the check; a failing one raises with `message` when given.
    ---@class luassert
    ---@overload fun(v: any, message?: any, ...: any): any
    ---@field are luassert
    ---@field is luassert
    ---@field has luassert
    ---@field was luassert
    ---@field no luassert
    ---@field are_not luassert
    ---@field is_not luassert
    ---@field has_no luassert
    ---@field was_not luassert
    ---@field Not luassert
    ---@field equal fun(expected: any, actual: any, message?: string) the same value (`==`)
    ---@field equals fun(expected: any, actual: any, message?: string)
    ---@field same fun(expected: any, actual: any, message?: string) equal contents, tables compared deeply
    ---@field near fun(expected: number, actual: number, tolerance: number, message?: string)
    ---@field unique fun(list: table, deep?: boolean, message?: string)
    ---@field matches fun(pattern: string, actual: string, init?: integer, plain?: boolean, message?: string)
    ---@field match fun(pattern: string, actual: string, init?: integer, plain?: boolean, message?: string)
    ---@field error fun(fn: function, expected?: any, message?: string)
    ---@field errors fun(fn: function, expected?: any, message?: string)
    ---@field error_matches fun(fn: function, pattern: string, init?: integer, plain?: boolean, message?: string)
    ---@field has_error fun(fn: function, expected?: any, message?: string)
    ---@field has_no_error fun(fn: function, message?: string)
    ---@field truthy fun(value: any, message?: string)
    ---@field falsy fun(value: any, message?: string)
    ---@field is_true fun(value: any, message?: string)
    ---@field is_false fun(value: any, message?: string)
    ---@field is_nil fun(value: any, message?: string)
    ---@field is_not_nil fun(value: any, message?: string)
    ---@field is_truthy fun(value: any, message?: string)
    ---@field is_falsy fun(value: any, message?: string)
    ---@field is_number fun(value: any, message?: string)
    ---@field is_string fun(value: any, message?: string)
    ---@field is_table fun(value: any, message?: string)
    ---@field is_function fun(value: any, message?: string)
    ---@field is_boolean fun(value: any, message?: string)
    ---@field are_equal fun(expected: any, actual: any, message?: string)
    ---@field are_same fun(expected: any, actual: any, message?: string)
    ---@field are_not_equal fun(expected: any, actual: any, message?: string)
    ---@field are_not_same fun(expected: any, actual: any, message?: string)
    ---@field called fun(times?: integer) a spy: called (`times` times)
    ---@field called_with fun(...: any) a spy: called with these arguments
    ---@field returned_with fun(...: any) a spy: returned these
    ---@field [string] any
    assert = {}

    ---A spy: records calls to a function (`spy.new(fn)`) or a table's method (`spy.on(t, "name")`).
    ---@class luassert.spy
    ---@overload fun(fn?: function): luassert.spied
    ---@field new fun(fn?: function): luassert.spied
    ---@field on fun(target: table, name: string): luassert.spied
    ---@field is_spy fun(value: any): boolean
    spy = {}

    ---A spied function: callable, with its calls recorded.
    ---@class luassert.spied
    ---@overload fun(...: any): ...
    ---@field calls table[]
    ---@field clear fun(self: luassert.spied): luassert.spied
    ---@field revert fun(self: luassert.spied)
    ---@field returns fun(self: luassert.spied, ...: any): luassert.spied
    ---@field invokes fun(self: luassert.spied, fn: function): luassert.spied
    ---@field called fun(self: luassert.spied, times?: integer): boolean
    ---@field called_with fun(self: luassert.spied, ...: any): boolean

    ---A stub: `stub(t, "name")` replaces a table's function with a spy that does nothing.
    ---@class luassert.stub
    ---@overload fun(target: table, name: string, ...: any): luassert.spied
    ---@field new fun(target?: table, name?: string, ...: any): luassert.spied
    stub = {}

    ---Spies (or, with `stubbed`, stubs) on every function of `target`.
    ---@param target table
    ---@param stubbed? boolean
    ---@return table
    function mock(target, stubbed) end

    ---Argument matchers for `called_with`: `match.is_string()`, `match._` (anything).
    ---@class luassert.match
    ---@field _ any
    ---@field [string] fun(...: any): any
    match = {}

    return { describe = describe, it = it, assert = assert, spy = spy, stub = stub }

    """
}
