/// A four-char code as Apple's headers write it ('ffmt'): the four characters, big-endian.
func headerFourCC(_ code: String) -> Int64 {
    code.utf8.reduce(Int64(0)) { $0 << 8 | Int64($1) }
}
