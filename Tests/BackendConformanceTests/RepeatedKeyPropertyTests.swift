import BackendConformance
import MapCore
import MapIO
import PropertyBased
import Testing

// Runs of objects made one from the last — the same keys, two keys swapped, a key replaced by
// another of the object (a repeat) or by another key, a key added or dropped — as feeds and
// timelines write them. These are the runs on which the simdjson backend's repeated-key check
// vouches for an object by the shape of the one before, so every backend must still find exactly
// the objects that repeat a key.

/// Keys of every kind the check treats apart: short ones, ones of 8 and 16 bytes, ones over 16
/// bytes, the empty key, and keys of 17 bytes with the same ends (same fingerprint, different key).
private let keyPool: [String] =
    (0..<64).map { "key_\($0)" } + (0..<6).map { "a_key_of_more_than_sixteen_bytes_\($0)" }
    + ["aaaaaaaaXbbbbbbbb", "aaaaaaaaYbbbbbbbb", "aaaaaaaaZbbbbbbbb", "", "k", "eight_08", "sixteen_bytes_16"]

/// A run of objects, each given as its keys in document order; a member's value is its index.
struct ObjectRun: Sendable, CustomStringConvertible {
    let objects: [[String]]

    /// Builds the run from random words: the first sets the first object's keys, each further one
    /// an edit that makes the next object from the last.
    init(words: [UInt32]) {
        let first = Int(words.first ?? 0)
        var keys = (0..<(1 + first % 70)).map { keyPool[($0 + first / 97) % keyPool.count] }
        var objects = [keys]
        for word in words.dropFirst() {
            let word = Int(word)
            let a = (word / 8) % keys.count
            let b = (word / 1024) % keys.count
            let other = keyPool[(word / 131_072) % keyPool.count]
            switch word % 8 {
            case 0, 1: break  // The same keys again: the common case.
            case 2: keys.swapAt(a, b)
            case 3: keys[a] = keys[b]  // A repeat when a != b.
            case 4: keys[a] = other  // A repeat when `other` is among the keys.
            case 5: keys.append(other)
            case 6: if keys.count > 1 { keys.remove(at: a) }
            default: keys = Array(Set(keys)).sorted()  // Back to distinct keys, in another order.
            }
            objects.append(keys)
        }
        self.objects = objects
    }

    /// The JSON array of the objects, and for each object the byte offset of each member's key.
    var text: (json: String, keyOffsets: [[Int]]) {
        var json = "["
        var offsets: [[Int]] = []
        for (index, keys) in objects.enumerated() {
            if index > 0 { json += ", " }
            json += "{"
            var objectOffsets: [Int] = []
            for (position, key) in keys.enumerated() {
                if position > 0 { json += ", " }
                objectOffsets.append(json.utf8.count)
                json += "\"\(key)\": \(position)"
            }
            json += "}"
            offsets.append(objectOffsets)
        }
        return (json + "]", offsets)
    }

    var description: String { text.json }
}

private let objectRuns = Gen<UInt32>.value().array(of: 1...40).map { ObjectRun(words: $0) }

@Suite struct RepeatedKeyPropertyTests {
    @Test("In runs of objects shaped alike, every backend reads one member per key, the last value winning")
    func lastWins() async {
        await propertyCheck(count: 300, input: objectRuns) { run in
            let (text, _) = run.text
            for backend in backends {
                guard let array = try? backend.mapper().parse(text) else {
                    Issue.record("\(backend.name) rejected \(text)")
                    continue
                }
                for (index, keys) in run.objects.enumerated() {
                    let object = array[index]
                    #expect(object.count == Set(keys).count, "\(backend.name), object \(index) of \(text)")
                    for key in Set(keys) {
                        let last = keys.lastIndex(of: key)
                        #expect(object[key].int == last, "\(backend.name), object \(index), key \(key) of \(text)")
                    }
                    if Set(keys).count == keys.count {
                        #expect(object.keys == keys, "\(backend.name), object \(index) of \(text)")
                    }
                }
            }
        }
    }

    @Test("In runs of objects shaped alike, every backend refuses the first repeated key, and only a repeat")
    func reject() async {
        await propertyCheck(count: 300, input: objectRuns) { run in
            let (text, keyOffsets) = run.text
            // The first key, in document order, that repeats an earlier key of its object.
            var firstRepeat: Int?
            for (index, keys) in run.objects.enumerated() where firstRepeat == nil {
                for position in keys.indices where keys[..<position].contains(keys[position]) {
                    firstRepeat = keyOffsets[index][position]
                    break
                }
            }
            for backend in backends {
                let outcome = Result { try backend.mapper(ParseOptions(duplicateKeys: .reject)).parse(text) }
                switch (outcome, firstRepeat) {
                case (.success, nil):
                    break
                case (.success, let offset?):
                    Issue.record("\(backend.name) accepted a repeated key at \(offset) in \(text)")
                case (.failure(let error), let offset):
                    let parseError = error as? ParseError
                    #expect(parseError?.code == .duplicateKey, "\(backend.name): \(error) in \(text)")
                    #expect(parseError?.offset == offset, "\(backend.name) in \(text)")
                }
            }
        }
    }
}
