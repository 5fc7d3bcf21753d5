import BackendFoundation
import BackendNative
import MapCore
import MapTestSupport
import Testing

/// Every corpus document reads the same on the native backend as on the Foundation backend, which
/// builds its values with JSONSerialization: kinds, strings, keys in order, numbers and their text.
@Suite struct CorpusAgreementTests {
    @Test(
        "Each corpus file reads value for value as on the Foundation backend",
        .enabled(if: Corpus.isAvailable),
        arguments: Corpus.names
    )
    func agrees(name: String) throws {
        let bytes = try Corpus.bytes(name)
        let (native, foundation) = try bytes.withUnsafeBytes { buffer in
            (
                try NativeBackend().parse(buffer, options: ParseOptions()),
                try FoundationBackend().parse(buffer, options: ParseOptions())
            )
        }
        var differences: [String] = []
        var values = 0
        func compare(_ a: JSONNode, _ b: JSONNode, _ path: String) {
            values += 1
            guard differences.count < 10 else { return }
            let kind = native.kind(of: a)
            guard kind == foundation.kind(of: b) else { return differences.append("\(path): kind") }
            switch kind {
            case .object:
                var nativeMembers: [(String, JSONNode)] = []
                native.forEachMember(of: a) { key, value in nativeMembers.append((key.string, value)) }
                var foundationMembers: [(String, JSONNode)] = []
                foundation.forEachMember(of: b) { key, value in foundationMembers.append((key.string, value)) }
                guard nativeMembers.map(\.0) == foundationMembers.map(\.0) else {
                    return differences.append("\(path): keys")
                }
                for (left, right) in zip(nativeMembers, foundationMembers) {
                    guard native.member(of: a, utf8Key: left.0) == left.1 else {
                        return differences.append("\(path).\(left.0): lookup")
                    }
                    compare(left.1, right.1, "\(path).\(left.0)")
                }
            case .array:
                guard native.count(of: a) == foundation.count(of: b) else {
                    return differences.append("\(path): count")
                }
                for index in 0..<native.count(of: a) {
                    guard let left = native.element(of: a, at: index), let right = foundation.element(of: b, at: index)
                    else {
                        return differences.append("\(path)[\(index)]: missing")
                    }
                    compare(left, right, "\(path)[\(index)]")
                }
            case .string:
                if native.string(a) != foundation.string(b) { differences.append("\(path): string") }
            case .number:
                if native.int64(a) != foundation.int64(b) || native.uint64(a) != foundation.uint64(b)
                    || native.double(a)?.bitPattern != foundation.double(b)?.bitPattern
                {
                    differences.append("\(path): number")
                }
            case .bool:
                if native.bool(a) != foundation.bool(b) { differences.append("\(path): bool") }
            case .null:
                break
            }
        }
        compare(native.root, foundation.root, "$")
        #expect(differences.isEmpty, "\(differences)")
        #expect(values > 1000)
    }
}

extension JSONDocument {
    /// The member found by a `String` key.
    fileprivate func member(of node: JSONNode, utf8Key key: String) -> JSONNode? {
        var key = key
        return key.withUTF8 { member(of: node, utf8Key: UnsafeRawBufferPointer($0)) }
    }
}
