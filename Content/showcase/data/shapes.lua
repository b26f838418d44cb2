-- The shapes screen: each shape's constructor, options and name, drawn in this order.
return {
  { make = "ellipse", name = "ellipse", opts = { x = 110, y = 260, w = 160, h = 70, fill = "#ff9f1c", stroke = "#ffffff", stroke_width = 3 } },
  { make = "polygon", name = "star", opts = { x = 285, y = 265, fill = "#ffd500", stroke = "#1d2433", stroke_width = 3,
    points = { 0, -70, 17, -22, 67, -22, 27, 10, 42, 58, 0, 29, -42, 58, -27, 10, -67, -22, -17, -22 } } },
  { make = "line", name = "zigzag", opts = { x = 40, y = 420, stroke = "#2ec4b6", stroke_width = 10,
    points = { 0, 0, 80, 70, 160, 0, 240, 70, 310, 10 } } },
  { make = "polygon", name = "arrow", opts = { x = 195, y = 600, fill = "#e84a5f",
    points = { -120, -25, 40, -25, 40, -60, 120, 0, 40, 60, 40, 25, -120, 25 } } },
}
