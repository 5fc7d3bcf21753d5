#if Vapor
    public import JSONMapping
    public import MapHTTP
    public import Vapor

    extension Request.JSONMapping {
        /// `value` as a JSON response, written by the application's `JSONMappingEncoder`.
        ///
        /// - Throws: `EncodingError` as the encoder throws it (a server-side failure: a 500).
        public func response<T: Encodable>(_ value: T, status: HTTPResponseStatus = .ok) throws -> Response {
            var headers = HTTPHeaders()
            var body = request.byteBufferAllocator.buffer(capacity: 0)
            try coders.encoder.encode(value, to: &body, headers: &headers)
            return Response(status: status, headers: headers, body: .init(buffer: body))
        }

        /// The records `makeRecords` returns, streamed back as NDJSON (`application/x-ndjson`),
        /// each `Encodable` record written by the package's `NDJSONWriter` as it comes.
        ///
        /// `makeRecords` runs once the response has started, on the task that writes it: it is
        /// where a feed of this request's body is made, so that records are read, mapped and sent
        /// back while the body is still arriving, and memory holds one chunk of about `flushSize`
        /// bytes.
        ///
        /// ```swift
        /// return try req.jsonMapping.ndjsonResponse {
        ///     try req.jsonMapping.feed(Reading.self).map { Reading(sensor: $0.sensor, value: $0.value * 2) }
        /// }
        /// ```
        ///
        /// The status and headers go out before the first record, so a failure after them — a
        /// feed error, a record that does not encode — cannot become a problem document any more:
        /// it ends the response early (the client sees a truncated body) and is logged to
        /// `req.logger` at the error level with the request id. A failure that can be known
        /// first is thrown first: the body's `Content-Encoding` is checked before the response is
        /// made. The records are made with the request's mapping diagnostics bound, as
        /// ``ProblemMiddleware`` binds them.
        ///
        /// - Throws: `UnsupportedContentEncoding` (a 415) when the request's body is in a coding the
        ///   package cannot read.
        @_disfavoredOverload
        public func ndjsonResponse<Records: AsyncSequence & SendableMetatype>(
            status: HTTPResponseStatus = .ok,
            flushSize: Int = 16 << 10,
            _ makeRecords: @escaping @Sendable () throws -> Records
        ) throws(UnsupportedContentEncoding) -> Response where Records.Element: Encodable {
            let mapper = coders.mapper
            return try streamedResponse(status: status) { try mapper.ndjsonBody(makeRecords(), flushSize: flushSize) }
        }

        /// The records `makeRecords` returns streamed back as NDJSON, each `Bridgeable` record
        /// written through its bridge; see the `Encodable` `ndjsonResponse(status:flushSize:_:)`.
        ///
        /// - Throws: `UnsupportedContentEncoding` as that one does.
        public func ndjsonResponse<Records: AsyncSequence & SendableMetatype>(
            status: HTTPResponseStatus = .ok,
            flushSize: Int = 16 << 10,
            _ makeRecords: @escaping @Sendable () throws -> Records
        ) throws(UnsupportedContentEncoding) -> Response where Records.Element: Bridgeable {
            let mapper = coders.mapper
            return try streamedResponse(status: status) { try mapper.ndjsonBody(makeRecords(), flushSize: flushSize) }
        }

        /// A response streaming the NDJSON chunks `makeChunks` returns, each sent as it comes.
        private func streamedResponse<Chunks: AsyncSequence>(
            status: HTTPResponseStatus,
            _ makeChunks: @escaping @Sendable () throws -> Chunks
        ) throws(UnsupportedContentEncoding) -> Response where Chunks.Element == [UInt8] {
            _ = try contentEncoding()
            let request = self.request
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: .contentType, value: "application/x-ndjson")
            let body = Response.Body(asyncStream: { writer in
                do {
                    try await RequestDiagnostics.run(logger: request.logger, requestID: request.id) {
                        for try await chunk in try makeChunks() {
                            try await writer.write(.buffer(ByteBuffer(bytes: chunk)))
                        }
                    }
                    try await writer.write(.end)
                } catch {
                    request.logger.error(
                        "NDJSON response ended early: \(error)",
                        metadata: [RequestDiagnostics.requestIDKey: .string(request.id)]
                    )
                    try await writer.write(.error(error))
                }
            })
            return Response(status: status, headers: headers, body: body)
        }
    }
#endif
