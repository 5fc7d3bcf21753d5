import ArgumentParser
import JSONMapping

/// A PATH argument: `a.b[0].c` in the package's path syntax, an RFC 6901 pointer `/a/b/0/c`, or
/// the root (`""` or `$`). Paths in messages are written back in the notation the user chose.
struct PathArgument {
    /// The steps from the root.
    let path: JSONPath
    /// Whether the argument was a JSON Pointer.
    let isPointer: Bool

    /// Reads `text`: a pointer when it starts with `/`, the root when it is empty or `$`, else the
    /// dotted form.
    ///
    /// - Throws: `ValidationError` (exit status 64) saying where the text is not a path.
    init(parsing text: String) throws {
        do throws(JSONPath.SyntaxError) {
            if text.utf8.first == UInt8(ascii: "/") {  // by byte: "/" and a combining mark are one Character
                path = try JSONPath(pointer: text)
                isPointer = true
            } else if text.isEmpty || text == "$" {
                path = .root
                isPointer = false
            } else {
                path = try JSONPath(parsing: text)
                isPointer = false
            }
        } catch {
            throw ValidationError("'\(text)' is not a path: \(error.message) (at offset \(error.offset))")
        }
    }

    /// The first `count` steps, written as the user wrote the whole path; `the root` for none.
    func prefixDescription(_ count: Int) -> String {
        let prefix = JSONPath(Array(path.components.prefix(count)))
        if prefix.isRoot { return "the root" }
        return isPointer ? prefix.pointer : prefix.description
    }
}
