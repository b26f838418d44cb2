import TideCore

/// Draws a script error (title, file:line message, traceback) as a translucent panel over the
/// running game, in pixel space.
///
/// Wrapping is remembered per overlay and width, since the panel is redrawn every frame.
final class ErrorOverlayPainter {
  private struct Layout {
    var overlay: Overlay
    var width: Int
    var scale: Double
    var title: [String]
    var message: [String]
    var traceback: [String]
  }

  private var layout: Layout?

  /// Paints `overlay` inside the pixel rectangle (x, y, width, height); `scale` is pixels per
  /// design unit, so the panel reads the same on any window size.
  func draw(
    _ overlay: Overlay, x: Double, y: Double, width: Double, height: Double, scale: Double,
    with renderer: NodeRenderer
  ) {
    let margin = 10 * scale
    let padding = 12 * scale
    let panelWidth = width - 2 * margin
    let textWidth = Int(panelWidth - 2 * padding)
    guard textWidth > 20 else { return }
    let sizes = (title: size(18, scale), message: size(14, scale), traceback: size(12, scale))
    let current = wrapped(overlay, width: textWidth, scale: scale, sizes: sizes, fonts: renderer.fonts)
    renderer.fillRect(
      x: x + margin, y: y + margin, width: panelWidth, height: height - 2 * margin,
      color: Color(r: 0.08, g: 0.04, b: 0.05, a: 0.86))
    renderer.fillRect(
      x: x + margin, y: y + margin, width: 4 * scale, height: height - 2 * margin,
      color: Color(r: 0.95, g: 0.3, b: 0.3))
    var lineY = y + margin + padding
    let bottom = y + height - margin - padding
    let left = x + margin + padding
    let groups: [([String], Int, Color)] = [
      (current.title, sizes.title, Color(r: 1, g: 0.45, b: 0.42)),
      (current.message, sizes.message, .white),
      (current.traceback, sizes.traceback, Color(r: 0.78, g: 0.78, b: 0.8)),
    ]
    for (lines, pixelSize, color) in groups {
      let lineHeight = Double(renderer.fonts.layout("Ag", pixelSize: pixelSize).lineSkip)
      for line in lines {
        // Stop at the panel's bottom edge rather than spill over the game.
        guard lineY + lineHeight <= bottom else { return }
        renderer.drawText(line, x: left, y: lineY, pixelSize: pixelSize, color: color)
        lineY += lineHeight
      }
      lineY += 8 * scale
    }
  }

  private func size(_ points: Double, _ scale: Double) -> Int {
    max(8, Int((points * scale).rounded()))
  }

  private func wrapped(
    _ overlay: Overlay, width: Int, scale: Double,
    sizes: (title: Int, message: Int, traceback: Int), fonts: FontLibrary
  ) -> Layout {
    if let layout, layout.overlay == overlay, layout.width == width, layout.scale == scale {
      return layout
    }
    let made = Layout(
      overlay: overlay, width: width, scale: scale,
      title: TextWrapper(fonts: fonts, pixelSize: sizes.title, maxWidth: width).wrap(overlay.title),
      message: TextWrapper(fonts: fonts, pixelSize: sizes.message, maxWidth: width)
        .wrap(overlay.message),
      traceback: overlay.traceback.isEmpty
        ? []
        : TextWrapper(fonts: fonts, pixelSize: sizes.traceback, maxWidth: width)
          .wrap(overlay.traceback.replacingTabs()))
    layout = made
    return made
  }
}

extension String {
  /// Lua tracebacks indent with tabs, which DejaVu draws as boxes.
  fileprivate func replacingTabs() -> String {
    split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "  ")
  }
}
