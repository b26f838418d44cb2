import TideCore
import TideScript
import XCTest

/// `tide.physics`: worlds per scene, bodies on sprites both ways, data checked at load,
/// contacts after the step, joints, queries, drags per pointer, and hostile input.
final class PhysicsAPITests: XCTestCase {
  static let main = #"""
    tide.scene.define("play", {
      enter = function(self)
        tide.physics.world({ gravity = { 0, 900 } })
        self.ground = tide.sprite.rect({ name = "ground", x = 0, y = 560, w = 400, h = 40, fill = "#444444" })
        tide.physics.body(self.ground, { type = "static" })
      end,
    })
    tide.scene.define("other", {})
    """#

  static let conf = #"return { scene = "play", width = 400, height = 600 }"#

  func testPhysics() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.physics", function()
        local app
        before_each(function() app = tide.test.start() end)

        local function ball(x, y, def)
          local s = tide.sprite.circle({ x = x, y = y, radius = 20, fill = "#ff0000" })
          return tide.physics.body(s, def)
        end

        it("drops a ball onto the ground, and the sprite follows its body", function()
          local b = ball(200, 100)
          app:advance(3)
          assert.is_true(math.abs(b.y - 540) < 1)
          assert.are.equal(200, b.x)
          local vx, vy = b:velocity()
          assert.is_true(math.abs(vy) < 1)
          assert.is_true(b:mass() > 1000)
        end)

        it("turns the sprite with its body", function()
          local box = tide.sprite.rect({ x = 200, y = 100, w = 40, h = 40 })
          tide.physics.body(box)
          box:set_angular_velocity(90)
          app:step()
          assert.is_true(math.abs(box.rotation - 1.5) < 0.01)
        end)

        it("turns a sprite whose script turned it too, in its table", function()
          local box = tide.sprite.rect({ x = 200, y = 100, w = 40, h = 40 })
          box.rotation = 30  -- the sprite's table holds its rotation from here on
          tide.physics.body(box)
          box:set_angular_velocity(90)
          app:step()
          assert.is_true(math.abs(rawget(box, "rotation") - 31.5) < 0.01, tostring(rawget(box, "rotation")))
          box.rotation = 0
          app:step()
          assert.is_true(math.abs(rawget(box, "rotation") - 1.5) < 0.01, tostring(rawget(box, "rotation")))
        end)

        it("gives the same positions bit for bit for the same start", function()
          local function run()
            app = tide.test.start({ seed = 3 })
            local all = {}
            for i = 1, 12 do all[i] = ball(150 + (i % 3) * 25, 400 - i * 45) end
            app:advance(2)
            local out = {}
            for i, b in ipairs(all) do out[#out + 1] = string.format("%a %a %a", b.x, b.y, b.rotation) end
            return table.concat(out, ";")
          end
          assert.are.equal(run(), run())
        end)

        it("moves a static or kinematic body with its sprite, and a kinematic one pushes", function()
          local wall = tide.sprite.rect({ x = 100, y = 300, w = 20, h = 200 })
          tide.physics.body(wall, { type = "static" })
          wall.x = 300
          app:step()
          assert.are.equal(wall, tide.physics.at(310, 400)[1])
          assert.are.equal(0, #tide.physics.at(110, 400))
          local paddle = tide.sprite.rect({ x = 100, y = 530, w = 20, h = 60 })
          tide.physics.body(paddle, { type = "kinematic" })
          local b = ball(140, 540)
          for i = 1, 20 do paddle.x = paddle.x + 4; app:step() end
          assert.are.equal(180, paddle.x)
          assert.is_true(b.x > 200)
        end)

        it("puts right a bad position written to a falling sprite, which keeps following its body", function()
          local b = ball(200, 100)
          app:step()
          b.y = "high"
          pcall(app.step, app)
          assert.are.equal(1, #app:errors())
          assert.are.equal("number", type(rawget(b, "y")))
          local y = b.y
          b.x = nil
          pcall(app.step, app)
          assert.are.equal(2, #app:errors())
          assert.are.equal(200, rawget(b, "x"))
          pcall(app.advance, app, 1)
          assert.is_true(rawget(b, "y") > y + 10)
          assert.are.equal(b.y, rawget(b, "y"))
        end)

        it("removes the body with its sprite, and the world with its scene", function()
          local b = ball(200, 100)
          assert.are.equal(2, tide.physics.count())
          b:remove()
          app:step()
          assert.are.equal(1, tide.physics.count())
          local motor = tide.physics.joint("motor", nil, ball(100, 100), { rate = 90 })
          tide.scene.go("other")
          app:step()
          assert.are.equal(0, tide.physics.count())
          -- A joint kept past its world's scene is a removed joint (it read freed memory).
          tide.physics.world({})
          assert.is_false(motor:active())
          assert.are.equal(0, motor:impulse())
          motor:set_max_force(10)
          motor:remove()
        end)

        it("reads bodies from data, naming the table and field of a mistake", function()
          local ok, err = pcall(tide.physics.bodies, { cat = { shapes = { { shape = "circle", radius = -1 } } } }, "data/blocks.lua")
          assert.is_false(ok)
          assert.matches("data/blocks.lua.cat.shapes%[1%].radius must be a number from 0.01 to .*, got %-1", err)
          ok, err = pcall(tide.physics.materials, { ice = { friction = 0 / 0 } }, "data/materials.lua")
          assert.matches("data/materials.lua.ice.friction must be a number from 0 to 1000", err)
          ok, err = pcall(tide.physics.bodies, { cat = { bounce = 1 } })
          assert.matches("bodies.cat has an unknown key 'bounce'", err)
          tide.physics.materials({ ice = { friction = 0.01 }, rubber = { elasticity = 0.9 } })
          local b = ball(200, 100, { material = "rubber" })
          ok, err = pcall(ball, 100, 100, { material = "wood" })
          assert.matches("body.material names no material 'wood' %(materials: ice, rubber%)", err)
          app:advance(0.6)
          assert.is_true(b.y < 520, "a rubber ball bounces")
        end)

        it("reports contacts after the step, lets a handler remove sprites and refuse a contact", function()
          local seen = {}
          tide.physics.on("begin", function(e)
            seen[#seen + 1] = e
            if e.a.name == "doomed" or e.b.name == "doomed" then
              (e.a.name == "doomed" and e.a or e.b):remove()
            end
            if e.a.name == "ghost" or e.b.name == "ghost" then return false end
          end)
          local doomed = ball(100, 500, nil); doomed.name = "doomed"
          local ghost = ball(300, 500, nil); ghost.name = "ghost"
          app:advance(1)
          assert.are.equal(2, #seen)
          assert.is_true(#seen[1].points >= 1)
          assert.is_true(math.abs(seen[1].normal_y) > 0.9)
          assert.is_false(doomed:has_body())
          assert.is_true(ghost.y > 600, "the refused pair passes through")
        end)

        it("keeps the world going after an error in a handler", function()
          app = tide.test.start({ raise_errors = false })
          tide.physics.on("begin", function(e) error("boom") end)
          local b = ball(200, 480)
          app:advance(1)
          assert.matches("boom", app:errors()[1])
          assert.is_true(math.abs(b.y - 540) < 1)
        end)

        it("asks pre_solve every touching tick, and false lets the pair through from the next step", function()
          local asked, solved = 0, {}
          local ghost = ball(200, 530)
          tide.physics.on("pre_solve", function(e)
            asked = asked + 1
            assert.is_true(#e.points >= 1)
            assert.is_true(math.abs(e.normal_y) > 0.9)
            return not (e.a == ghost or e.b == ghost) or tide.scene.time() < 0.5
          end)
          tide.physics.on("post_solve", function(e) solved[#solved + 1] = e.impulse_y end)
          app:advance(0.45)
          assert.is_true(asked > 10, "asked " .. asked)
          assert.is_true(math.abs(ghost.y - 540) < 1, "rests while answered true")
          assert.is_true(#solved > 10 and math.abs(solved[#solved]) > 0, "post_solve has the impulse")
          app:advance(1)
          assert.is_true(ghost.y > 600, "cancelled, it falls through: " .. ghost.y)
          tide.physics.on("pre_solve", nil)
          tide.physics.on("post_solve", nil)
        end)

        it("cuts a concave polygon into convex parts rather than filling it in", function()
          local l = tide.sprite.polygon({ x = 100, y = 100, points = { 0, 0, 60, 0, 60, 15, 15, 15, 15, 60, 0, 60 } })
          tide.physics.body(l, { type = "static" })
          assert.are.equal(0, #tide.physics.at(140, 140))
          assert.are.equal(1, #tide.physics.at(105, 150))
          assert.are.equal(1, #tide.physics.at(150, 105))
          local bow = tide.sprite.polygon({ x = 300, y = 100, points = { 0, 0, 40, 40, 40, 0, 0, 40, 20, 35 } })
          local ok, err = pcall(tide.physics.body, bow, { type = "static" })
          assert.matches("edges must not cross", err)
        end)

        it("joins bodies: a seesaw on a pivot, a motor, a spring", function()
          local plank = tide.sprite.rect({ x = 200, y = 300, w = 200, h = 10, anchor = "center" })
          tide.physics.body(plank)
          tide.physics.joint("pivot", plank, nil, { x = 200, y = 300 })
          ball(280, 200)
          app:advance(1)
          assert.is_true(plank.rotation > 5, "the heavy end goes down")
          assert.are.equal(200, math.floor(plank.x + 0.5))
          local wheel = ball(100, 100, { })
          tide.physics.joint("pivot", nil, wheel, { x = 100, y = 100 })
          local motor = tide.physics.joint("motor", nil, wheel, { rate = 90 })
          app:advance(1)
          assert.is_true(math.abs(wheel:angular_velocity() - 90) < 1)
          motor:remove()
          assert.is_false(motor:active())
          local a, b = ball(50, 100), ball(50, 200)
          local spring = tide.physics.joint("spring", a, b, { rest_length = 100, stiffness = 500 })
          assert.is_true(spring:active())
          local ok, err = pcall(tide.physics.joint, "pin", a, a)
          assert.matches("a joint needs two different bodies", err)
          a:remove(); app:step()
          assert.is_false(spring:active())
        end)

        it("finds bodies at a point, in a box and along a ray", function()
          local b = ball(200, 300, { type = "static" })
          assert.are.equal(b, tide.physics.at(205, 305)[1])
          assert.are.equal(2, #tide.physics.in_box(0, 250, 400, 400))
          local hit = tide.physics.ray(0, 300, 400, 300)
          assert.are.equal(b, hit.sprite)
          assert.is_true(math.abs(hit.x - 180) < 0.01)
          assert.is_nil(tide.physics.ray(0, 10, 400, 10))
        end)

        it("drags a body with each pointer at once", function()
          tide.physics.world({ gravity = { 0, 0 } })
          local a, b = ball(100, 100), ball(300, 100)
          tide.input.on("pointer_down", function(x, y, pointer)
            local s = tide.physics.at(x, y)[1]
            if s then tide.physics.drag_start(pointer, s, x, y) end
          end)
          tide.input.on("pointer_move", function(x, y, pointer) tide.physics.drag_move(pointer, x, y) end)
          tide.input.on("pointer_up", function(x, y, pointer) tide.physics.drag_end(pointer) end)
          app:press({ x = 100, y = 100 }, { pointer = 1 })
          app:press({ x = 300, y = 100 }, { pointer = 2 })
          app:move({ x = 100, y = 300 }, { pointer = 1, steps = 20 })
          app:move({ x = 300, y = 400 }, { pointer = 2, steps = 20 })
          app:advance(0.5)
          assert.is_true(math.abs(a.y - 300) < 5, a.x .. "," .. a.y .. " " .. b.x .. "," .. b.y)
          assert.is_true(math.abs(b.y - 400) < 5)
        end)

        it("refuses hostile input with clear errors", function()
          local b = ball(200, 100)
          local ok, err = pcall(b.set_velocity, b, 0 / 0, 0)
          assert.matches("vx must be a finite number", err)
          ok, err = pcall(tide.physics.world, { gravity = { 0, math.huge } })
          assert.matches("world.gravity%[2%] must be a number", err)
          local line = tide.sprite.polygon({ points = { 0, 0, 10, 0, 20, 0 }, x = 10, y = 10 })
          ok, err = pcall(tide.physics.body, line)
          assert.matches("a polygon needs an area", err)
          ok, err = pcall(tide.physics.body, b, { mass = math.huge })
          assert.matches("body.mass must be a number", err)
          ok, err = pcall(tide.physics.body, b, { density = 0 })
          assert.matches("needs mass", err)
          ok, err = pcall(function()
            for i = 1, 1000000 do tide.physics.body(tide.sprite.rect({ x = i % 400, y = 0, w = 1, h = 1 }), { type = "static" }) end
          end)
          assert.matches("too many bodies: at most 20000 in one world", err)
        end)

        it("draws the bodies for debugging when asked", function()
          ball(200, 100)
          tide.physics.debug(true)
          app:step()
          assert.is_not_nil(app:find({ name = "physics-debug" }))
          tide.physics.debug(false)
          app:step()
          assert.is_nil(app:find({ name = "physics-debug" }))
        end)
      end)
      """#, main: Self.main, conf: Self.conf)
    assertAllPassed(report, count: 17)
  }
}
