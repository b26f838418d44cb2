/// The keyboard a touch screen shows for a node that takes typing (`Node.keyboard`): letters,
/// or digits for a number. A desktop window types with its real keyboard whatever this says.
public enum TouchKeyboard: String, CaseIterable, Sendable {
  case text, number
}
