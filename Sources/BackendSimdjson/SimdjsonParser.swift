// Compiled only under the package trait Simdjson, which needs libsimdjson-dev.
#if Simdjson
    internal import CSimdjson
    import Synchronization

    /// One simdjson parser and the one document it holds, owned by a Swift object.
    ///
    /// A simdjson parser is not thread-safe and owns exactly one document at a time, so each parse
    /// takes a parser of its own: from ``SimdjsonParserPool`` when one is free, new otherwise. The
    /// ``SimdjsonDocument`` made from the parse keeps the parser until it is released, then hands it
    /// back to the pool, which keeps a few for the next parses: allocating a parser's buffers costs
    /// more than parsing a small document.
    final class SimdjsonParser {
        let handle: OpaquePointer
        /// The table the repeated-key check uses, kept with the parser.
        let keyTable = KeyTable()
        /// What reads have found about the document's objects and their keys.
        let marks = RepeatMarks()

        /// A new parser; `nil` when out of memory.
        init?() {
            guard let handle = CSimdjson_parser_create() else { return nil }
            self.handle = handle
        }

        deinit {
            CSimdjson_parser_destroy(handle)
        }

        /// The bytes of input the parser's buffers are sized for.
        var capacity: Int { CSimdjson_parser_capacity(handle) }
    }

    /// Which objects of a document repeat a key, as far as reads have asked: two bits for each tape
    /// position, `01` when the object there has all keys different and `11` when it repeats one.
    ///
    /// The parser keeps the words from parse to parse; its document reads and writes them through
    /// ``Marks``.
    final class RepeatMarks {
        private var words: UnsafeMutablePointer<Atomic<UInt64>>
        private var capacity = 0

        init() {
            words = .allocate(capacity: 0)
        }

        deinit {
            words.deinitialize(count: capacity)
            words.deallocate()
        }

        /// Clears the marks for a tape of `positions` words, before the parse's document is read.
        func reset(positions: Int) -> Marks {
            let needed = (positions &+ 31) / 32
            if needed > capacity {
                words.deinitialize(count: capacity)
                words.deallocate()
                words = .allocate(capacity: needed)
                for index in 0..<needed { (words + index).initialize(to: Atomic(0)) }
                capacity = needed
            } else {
                for index in 0..<needed { words[index].store(0, ordering: .relaxed) }
            }
            return Marks(words: words)
        }

        /// The marks of one document.
        ///
        /// A document may be read by several tasks at once. Each reader loads and stores whole words
        /// with relaxed atomics, so two readers marking objects that share a word can lose one's mark —
        /// never mix them, since a reader stores both of its bits together. A lost mark only makes a
        /// later read check that object again, with the same result.
        struct Marks {
            let words: UnsafeMutablePointer<Atomic<UInt64>>

            /// Whether the object at `object` repeats a key; `nil` when no read has checked it yet.
            @inline(__always)
            func repeats(_ object: Int) -> Bool? {
                let mark = (words[object &>> 5].load(ordering: .relaxed) &>> Marks.shift(object)) & 0b11
                return mark == 0 ? nil : mark == 0b11
            }

            /// Marks the object at `object` as repeating a key or not.
            @inline(__always)
            func mark(_ object: Int, repeats: Bool) {
                let word = words[object &>> 5].load(ordering: .relaxed)
                words[object &>> 5].store(word | (repeats ? 0b11 : 0b01) &<< Marks.shift(object), ordering: .relaxed)
            }

            @inline(__always)
            private static func shift(_ object: Int) -> UInt64 {
                UInt64(truncatingIfNeeded: (object & 31) &* 2)
            }
        }
    }

    // A parser is only ever used by one task at a time: the pool hands each out once, the parse
    // runs on it, and afterwards the document that holds it only reads the parsed tape.
    extension SimdjsonParser: @unchecked Sendable {}

    /// The parsers kept between parses.
    enum SimdjsonParserPool {
        /// At most this many parsers are kept (one per core of a busy server is plenty).
        static let maxKept = 8
        /// Parsers grown for inputs over this many bytes are freed rather than kept, so that one huge
        /// document does not pin its buffers (about 14 bytes per input byte) for the process's life.
        static let maxKeptCapacity = 16 << 20

        private static let kept = Mutex<[SimdjsonParser]>([])

        /// A parser for one parse: a kept one when there is one, otherwise a new one.
        static func take() -> SimdjsonParser? {
            if let parser = kept.withLock({ $0.popLast() }) { return parser }
            return SimdjsonParser()
        }

        /// Hands a parser back once nothing reads its document any more.
        static func giveBack(_ parser: SimdjsonParser) {
            guard parser.capacity <= maxKeptCapacity else { return }
            kept.withLock { parsers in
                if parsers.count < maxKept { parsers.append(parser) }
            }
        }
    }

    extension CSimdjson_error {
        /// The value `CSimdjson_parse` returns for this error.
        var code: Int32 { Int32(rawValue) }
    }
#endif
