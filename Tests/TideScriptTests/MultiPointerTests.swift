import Foundation
import TideCore
import TideScript
import XCTest

/// Every finger is a pointer of its own, the mouse is one more, and mouse buttons, the wheel
/// and pinches reach sprites and `tide.input` listeners.
final class MultiPointerTests: XCTestCase {
  func testFingersMouseButtonsWheelAndPinch() throws {
    let report = try runLuaTests(
      #"""
      describe("many pointers", function()
        local app, log, a, b
        before_each(function()
          app = tide.test.start()
          log = {}
          a = tide.sprite.rect({ name = "a", x = 0, y = 0, width = 100, height = 100 })
          b = tide.sprite.rect({ name = "b", x = 200, y = 0, width = 100, height = 100 })
        end)

        it("taps two sprites touched on the same tick, each with its finger", function()
          for _, s in ipairs({ a, b }) do
            s:on("tap", function(e) log[#log + 1] = ("%s %s %d"):format(e.sprite.name, tostring(e.pointer), tide.time() * 60) end)
          end
          app:touch(a, b)
          assert.are.same({ "a 1 2", "b 2 2" }, log)
        end)

        it("drags two sprites at once with two fingers", function()
          for _, s in ipairs({ a, b }) do
            s:on("drag", function(e) s.x, s.y = s.x + e.dx, s.y + e.dy end)
          end
          app:press(a, { pointer = 1 })
          app:press(b, { pointer = 2 })
          app:move({ x = 50, y = 250 }, { pointer = 1, steps = 4 })
          app:move({ x = 250, y = 250 }, { pointer = 2, steps = 4 })
          app:release({ pointer = 1 })
          app:release({ pointer = 2 })
          assert.are.same({ 0, 200, 200, 200 }, { a.x, a.y, b.x, b.y })
        end)

        it("tells pointer listeners which pointer moved, and reports hovering", function()
          for _, event in ipairs({ "pointer_down", "pointer_move", "pointer_up" }) do
            tide.input.on(event, function(x, y, id) log[#log + 1] = ("%s %d %d %s"):format(event, x, y, tostring(id)) end)
          end
          app:press({ x = 10, y = 10 }, { pointer = 2 })
          app:move({ x = 20, y = 10 }, { pointer = 2 })
          app:release({ pointer = 2 })
          app:wheel(0, 0, { x = 70, y = 80 }) -- moves the mouse with no button held
          assert.are.same({ "pointer_down 10 10 2", "pointer_move 20 10 2", "pointer_up 20 10 2",
            "pointer_move 70 80 mouse" }, log)
          local x, y, down = tide.input.pointer()
          assert.are.same({ 70, 80, false }, { x, y, down })
          assert.is_nil(tide.input.pointer(2))
        end)

        it("lists the pointers down, in the order they went down", function()
          app:press({ x = 5, y = 6 }, { pointer = 3 })
          app:press({ x = 7, y = 8 })
          assert.are.same({ { id = 3, x = 5, y = 6 }, { id = "mouse", x = 7, y = 8 } }, tide.input.pointers())
          assert.has_error(function() app:release() end,
            "app:release needs { pointer = ... } while several are held (mouse, finger 3)")
        end)

        it("reports a pinch's scale and turn to the sprite the first finger pressed", function()
          a:on("pinch", function(e)
            log[#log + 1] = ("%s %.2f %.2f %d %d"):format(e.phase, e.scale, e.angle, e.x, e.y)
          end)
          tide.input.on("pinch", function(e) log[#log + 1] = "heard " .. e.phase end)
          app:press({ x = 40, y = 50 }, { pointer = 1 })
          app:press({ x = 60, y = 50 }, { pointer = 2 })
          app:move({ x = 40, y = 60 }, { pointer = 2 }) -- a quarter turn, half as far apart
          app:release({ pointer = 1 })
          assert.are.same({ "began 1.00 0.00 50 50", "heard began", "moved 0.50 1.57 40 55", "heard moved",
            "ended 0.50 1.57 40 55", "heard ended" }, log)
        end)

        it("hears every mouse button and the wheel, on sprites and globally", function()
          a:on("mouse_down", function(e) log[#log + 1] = "a down " .. e.button end)
          a:on("mouse_up", function(e) log[#log + 1] = "a up " .. e.button end)
          b:on("wheel", function(e) log[#log + 1] = ("b wheel %g %g"):format(e.dx, e.dy) end)
          tide.input.on("mouse_down", function(x, y, button) log[#log + 1] = ("down %d %d %s"):format(x, y, button) end)
          tide.input.on("wheel", function(dx, dy, x, y) log[#log + 1] = ("wheel %g %g at %d %d"):format(dx, dy, x, y) end)
          app:tap(a, { button = "right" })
          app:tap(a)
          app:wheel(0, -3, b)
          assert.are.same({ "a down right", "down 50 50 right", "a up right", "a down left", "down 50 50 left",
            "a up left", "b wheel 0 -3", "wheel 0 -3 at 250 50" }, log)
        end)

        it("refuses pointers that are none", function()
          assert.has_error(function() tide.input.pointer(0) end,
            "bad argument #1 to 'pointer' (a pointer is \"mouse\" or a finger's number, 1 to 20; got number)")
          assert.has_error(function() tide.input.pointer("pen") end,
            "bad argument #1 to 'pointer' (a pointer is \"mouse\" or a finger's number, 1 to 20; got 'pen')")
          assert.has_error(function() app:tap(a, { pointer = 21 }) end)
          assert.has_error(function() app:tap(a, { button = "fourth" }) end)
          assert.has_error(function() a:on("hover", print) end)
        end)
      end)
      """#)
    assertAllPassed(report, count: 7)
  }
}
