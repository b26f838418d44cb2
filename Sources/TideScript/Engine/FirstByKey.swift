/// Of the failures met while walking a Lua table, keeps the one whose key sorts first.
///
/// `lua_next` visits string keys in an order that changes from run to run (Lua seeds its string
/// hashes per state), so reporting the first failure met named `fil` on one run and `anchr` on
/// the next for the same `{ fil = ..., anchr = ... }`. Walking on and keeping the least key
/// costs nothing when nothing fails.
package struct FirstByKey<Failure> {
  package private(set) var key: String?
  package private(set) var failure: Failure?

  package init() {}

  package mutating func offer(_ key: String, _ failure: Failure) {
    if let kept = self.key, kept <= key { return }
    self.key = key
    self.failure = failure
  }
}
