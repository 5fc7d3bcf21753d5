import BackendNative
import MapCore

/// Parses text through the backend itself, bypassing a mapper's checks of the options.
func nativeParse(_ text: String, options: ParseOptions = ParseOptions()) throws(ParseError) -> any JSONDocument {
    try nativeParse(Array(text.utf8), options: options)
}

/// Parses bytes through the backend itself.
func nativeParse(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) throws(ParseError) -> any JSONDocument {
    let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(ParseError) -> any JSONDocument in try NativeBackend().parse(buffer, options: options) }
    }
    return try result.get()
}

/// The member `key` of the object at `node`.
func member(_ document: any JSONDocument, _ node: JSONNode, _ key: String) -> JSONNode? {
    var key = key
    return key.withUTF8 { document.member(of: node, utf8Key: UnsafeRawBufferPointer($0)) }
}

/// The member `key` of the object at `node`, looked up with `hint`.
func member(_ document: any JSONDocument, _ node: JSONNode, _ key: String, hint: inout JSONMemberHint) -> JSONNode? {
    var key = key
    return key.withUTF8 { document.member(of: node, utf8Key: UnsafeRawBufferPointer($0), hint: &hint) }
}

/// The string at `node` read through `withStringUTF8`.
func utf8String(_ document: any JSONDocument, _ node: JSONNode) -> String? {
    document.withStringUTF8(node) { String(decoding: $0, as: UTF8.self) }
}
