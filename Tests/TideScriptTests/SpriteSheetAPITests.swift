import Foundation
import TideCore
import XCTest

/// `tide.sprite.sheet`: an image cut into a grid or listed regions, named by image sprites and
/// animation frames as "sheet#n" or "sheet#name", every mistake refused with the field named.
final class SpriteSheetAPITests: XCTestCase {
  func testSheetsCutImagesIntoRegionsSpritesAndFramesName() throws {
    let report = try runLuaTests(
      #"""
      describe("sprite sheets", function()
        before_each(function() tide.test.start() end)

        it("cuts a grid row by row and sizes each region's sprite", function()
          assert.are.equal(8, tide.sprite.sheet("hero", { image = "sheet.png", frame_w = 10, frame_h = 10 }))
          local s = tide.sprite.image("hero#6", { x = 5 })
          assert.are.equal("hero#6", s.image)
          assert.are.same({ 10, 10 }, { s.w, s.h })
        end)

        it("takes margins, spacing, a count and names", function()
          -- 40x20 with a 1-pixel margin and 2 between: 9-wide cells fit 4 across, 1 down.
          local n = tide.sprite.sheet("tiles", { image = "sheet.png", frame_w = 8, frame_h = 18, margin = 1, spacing = 2, count = 3, names = { "grass", "sand" } })
          assert.are.equal(3, n)
          assert.are.same({ 8, 18 }, { tide.sprite.image("tiles#sand").w, tide.sprite.image("tiles#3").h })
        end)

        it("takes regions as a list or by name", function()
          tide.sprite.sheet("list", { image = "sheet.png", regions = { { 0, 0, 40, 20 }, { 30, 10, 10, 10 } } })
          assert.are.same({ 10, 10 }, { tide.sprite.image("list#2").w, tide.sprite.image("list#2").h })
          tide.sprite.sheet("icons", { image = "sheet.png", regions = { star = { 0, 0, 20, 20 }, heart = { 20, 0, 12, 20 } } })
          assert.are.equal(12, tide.sprite.image("icons#heart").w)
          assert.are.equal(12, tide.sprite.image("icons#1").w) -- named regions are numbered in name order
        end)

        it("animates over regions", function()
          tide.sprite.sheet("hero", { image = "sheet.png", frame_w = 10, frame_h = 10 })
          local app = tide.test.start()
          tide.sprite.sheet("hero", { image = "sheet.png", frame_w = 10, frame_h = 10 })
          local s = tide.sprite.image("hero#1")
          s:play({ "hero#1", "hero#2", "hero#3" }, { fps = 10 })
          app:advance(0.2)
          assert.are.equal("hero#3", s.image)
          assert.are.equal(3, s.frame)
        end)

        it("is forgotten by a fresh start", function()
          tide.sprite.sheet("hero", { image = "sheet.png", frame_w = 10, frame_h = 10 })
          tide.test.start()
          assert.error_matches(function() tide.sprite.image("hero#1") end,
            "no sprite sheet 'hero' for 'hero#1' (make one with tide.sprite.sheet)", nil, true)
        end)

        it("refuses regions that are missing or outside the image, naming the field", function()
          tide.sprite.sheet("hero", { image = "sheet.png", frame_w = 10, frame_h = 10, names = { "idle" } })
          assert.error_matches(function() tide.sprite.image("hero#9") end, "sheet 'hero' has no region '9' (1 to 8 or a name: idle)", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "sheet.png", regions = { { 30, 0, 20, 20 } } }) end,
            "regions[1]: { 30, 0, 20, 20 } is not inside 'sheet.png' (40x20 pixels)", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "sheet.png", frame_w = 50, frame_h = 10 }) end,
            "no 50x10 cell fits in 'sheet.png' (40x20 pixels)", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "sheet.png", frame_w = 10, frame_h = 10, count = 9 }) end,
            "count: 'sheet.png' holds 8 whole 10x10 cells, not 9", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "sheet.png", frame_w = 10, frame_h = 10, regions = { { 0, 0, 1, 1 } } }) end,
            "give regions or a grid (frame_w, frame_h), not both", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "nope.png", frame_w = 10, frame_h = 10 }) end,
            "no image 'nope.png'", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "sheet.png", frame_w = 10.5, frame_h = 10 }) end,
            "frame_w: a whole number of pixels expected, got 10.5", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "sheet.png", frame_w = 10, frame_h = 10, names = { "a", "a" } }) end,
            "names[2]: 'a' is named twice", nil, true)
          assert.error_matches(function() tide.sprite.sheet("a b", { image = "sheet.png", frame_w = 10, frame_h = 10 }) end,
            "a sheet's name is 1 to 100 letters, digits, _ and -, got 'a b'", nil, true)
          assert.error_matches(function() tide.sprite.sheet("x", { image = "sheet.png", frame = 10 }) end,
            "unknown spec key 'frame'", nil, true)
        end)
      end)
      """#,
      assets: ["assets/sheet.png": PNGFixture.make(width: 40, height: 20)])
    assertAllPassed(report, count: 6)
  }
}
