#if Hummingbird
    public import Hummingbird
    internal import NIOCore
    public import MapHTTP

    /// A Hummingbird request body as the chunks `MapHTTP` reads: each `ByteBuffer` as it arrives,
    /// its readable bytes as `[UInt8]`.
    ///
    /// The body is read once, as it streams in; nothing is collected ahead of the reader.
    public struct RequestBodyChunks: AsyncSequence, Sendable {
        /// The bytes of one buffer.
        public typealias Element = [UInt8]

        /// The body.
        public let body: RequestBody

        /// The chunks of `body`.
        public init(_ body: RequestBody) {
            self.body = body
        }

        public func makeAsyncIterator() -> Iterator {
            Iterator(base: body.makeAsyncIterator())
        }

        /// Pulls buffers from the body.
        public struct Iterator: AsyncIteratorProtocol {
            var base: RequestBody.AsyncIterator

            /// The next buffer's bytes; `nil` at the end of the body.
            public mutating func next() async throws -> [UInt8]? {
                guard let buffer = try await base.next() else { return nil }
                return buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
            }
        }
    }

    extension Request {
        /// The body's chunks, for `MapHTTP`'s readers.
        public var bodyChunks: RequestBodyChunks { RequestBodyChunks(body) }

        /// The body's buffers as views of their readable bytes, not copies: what the decoders read,
        /// since an asynchronous decode copies a plain body once, into the
        /// array it parses.
        var bodyViews: AsyncMapSequence<RequestBody, ByteBufferView> { body.map(\.readableBytesView) }

        /// The `Content-Length`, when the request has a valid one: what the body's array is sized for.
        var expectedBodyLength: Int? { headers[.contentLength].flatMap { Int($0) } }

        /// The body's `Content-Encoding`.
        ///
        /// - Throws: ``ProblemResponse`` (415) for a coding the package cannot read.
        public func contentEncoding() throws(ProblemResponse) -> ContentEncoding {
            do {
                return try ContentEncoding(headerValue: headers[.contentEncoding])
            } catch {
                throw ProblemResponse(ProblemDocument(for: error) ?? ProblemDocument(status: 415))
            }
        }
    }
#endif
