/// A problem with what the user asked for (a bad file, an unknown name). ArgumentParser prints
/// the message after "Error:" and exits with status 1, without the usage text a typo does not need.
struct UserError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
