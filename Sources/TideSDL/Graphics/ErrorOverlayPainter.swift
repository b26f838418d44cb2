import TideCore

/// Draws a script error (title, file:line message, traceback) as a translucent panel over the
/// running game, in pixel space.
///
/// Wrapping and line spacing are remembered per overlay, width and scale, since the panel is
/// redrawn every frame.
final class ErrorOverlayPainter {
  private struct Layout {
    var overlay: Overlay
    var width: Int
    var scale: Double
    var title: [String]
    var message: [String]
    var traceback: [String]
    /// Pixels from one line to the next at the title, message and traceback sizes.
    var lineSkips: (title: Double, message: Double, traceback: Double)
  }

  private var layout: Layout?

  /// Paints `overlay` inside the pixel rectangle (x, y, width, height); `scale` is pixels per
  /// design unit, so the panel reads the same on any window size.
  func draw(
    _ overlay: Overlay, x: Double, y: Double, width: Double, height: Double, scale: Double,
    with renderer: NodeRenderer
  ) {
    if let button = overlay.button {
      drawPlayerScreen(overlay, button: button, x: x, y: y, width: width, height: height, scale: scale, with: renderer)
      return
    }
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
    let groups: [([String], Int, Double, Color)] = [
      (current.title, sizes.title, current.lineSkips.title, Color(r: 1, g: 0.45, b: 0.42)),
      (current.message, sizes.message, current.lineSkips.message, .white),
      (
        current.traceback, sizes.traceback, current.lineSkips.traceback,
        Color(r: 0.78, g: 0.78, b: 0.8)
      ),
    ]
    for (lines, pixelSize, lineHeight, color) in groups {
      for line in lines {
        // Stop at the panel's bottom edge rather than spill over the game.
        guard lineY + lineHeight <= bottom else { return }
        renderer.drawText(line, x: left, y: lineY, pixelSize: pixelSize, color: color)
        lineY += lineHeight
      }
      lineY += 8 * scale
    }
  }

  /// A player's error screen: the game dimmed away, the heading and message centred, the
  /// details line small beneath, and the button where the engine listens for it.
  private func drawPlayerScreen(
    _ overlay: Overlay, button: OverlayButton, x: Double, y: Double, width: Double, height: Double, scale: Double,
    with renderer: NodeRenderer
  ) {
    renderer.fillRect(x: x, y: y, width: width, height: height, color: Color(r: 0.07, g: 0.08, b: 0.11, a: 0.94))
    let textWidth = Int(width * 0.84)
    guard textWidth > 20 else { return }
    var lineY = y + height * 0.3
    let groups: [(String, Int, Color)] = [
      (overlay.title, size(26, scale), .white),
      (overlay.message, size(16, scale), Color(r: 0.85, g: 0.87, b: 0.9)),
      (overlay.traceback, size(11, scale), Color(r: 0.6, g: 0.62, b: 0.66)),
    ]
    for (text, pixelSize, color) in groups where !text.isEmpty {
      let skip = Double(renderer.fonts.layout("Ag", pixelSize: pixelSize).lineSkip)
      for line in TextWrapper(fonts: renderer.fonts, pixelSize: pixelSize, maxWidth: textWidth).wrap(text) {
        let lineWidth = Double(renderer.fonts.layout(line, pixelSize: pixelSize).width)
        renderer.drawText(line, x: x + (width - lineWidth) / 2, y: lineY, pixelSize: pixelSize, color: color)
        lineY += skip
      }
      lineY += 12 * scale
    }
    let frame = button.frame
    let (bx, by) = (x + frame.x * scale, y + frame.y * scale)
    let (bw, bh) = (frame.width * scale, frame.height * scale)
    renderer.fillRect(x: bx, y: by, width: bw, height: bh, color: Color(r: 0.22, g: 0.55, b: 0.95))
    let labelSize = size(20, scale)
    let label = renderer.fonts.layout(button.label, pixelSize: labelSize)
    let labelWidth = Double(label.width)
    renderer.drawText(
      button.label, x: bx + (bw - labelWidth) / 2, y: by + (bh - Double(label.lineHeight)) / 2, pixelSize: labelSize, color: .white)
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
    func lineSkip(_ pixelSize: Int) -> Double {
      Double(fonts.layout("Ag", pixelSize: pixelSize).lineSkip)
    }
    let made = Layout(
      overlay: overlay, width: width, scale: scale,
      title: TextWrapper(fonts: fonts, pixelSize: sizes.title, maxWidth: width).wrap(overlay.heading),
      message: TextWrapper(fonts: fonts, pixelSize: sizes.message, maxWidth: width)
        .wrap(overlay.message),
      traceback: overlay.traceback.isEmpty
        ? []
        : TextWrapper(fonts: fonts, pixelSize: sizes.traceback, maxWidth: width)
          .wrap(overlay.traceback.replacingTabs()),
      lineSkips: (lineSkip(sizes.title), lineSkip(sizes.message), lineSkip(sizes.traceback)))
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
