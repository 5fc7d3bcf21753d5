#if Vapor
    public import MapCodable
    import MapCore
    import MapHTTP
    import MapIO
    public import Vapor

    /// `JSONMappingDecoder` as Vapor's `ContentDecoder`: `req.content.decode(Order.self)` parses
    /// the body with the decoder's backend and decodes it in place.
    ///
    /// The body's `Content-Encoding` is honoured: `gzip`, `x-gzip` and `deflate` bodies are
    /// inflated within the mapper's `ParseOptions.maxInflatedSize` and `maxInputSize`, the same
    /// limits a file is read under; any other coding throws `UnsupportedContentEncoding`, a 415.
    /// A failure throws what `JSONMappingDecoder` throws —
    /// `DecodingError` with the package's `MappingError` underneath — which
    /// ``ProblemMiddleware`` answers with a problem document. `userInfo` from Vapor is merged over
    /// the decoder's own, on a copy, so one decoder serves every request at once.
    extension JSONMappingDecoder: ContentDecoder {
        public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
            try decode(D.self, from: body, headers: headers, userInfo: [:])
        }

        public func decode<D: Decodable>(
            _ decodable: D.Type,
            from body: ByteBuffer,
            headers: HTTPHeaders,
            userInfo: [CodingUserInfoKey: any Sendable]
        ) throws -> D {
            let compression = try headers.contentEncoding().compression
            let decoder = userInfo.isEmpty ? self : withUserInfo(userInfo)
            return try decoder.decode(D.self, from: JSONBytes(body.paddedBytes(for: mapper), compression: compression))
        }

        /// A copy of this decoder with `userInfo` merged over its own; the strategies are the same.
        func withUserInfo(_ userInfo: [CodingUserInfoKey: any Sendable]) -> JSONMappingDecoder {
            let copy = JSONMappingDecoder(mapper: mapper)
            var options = self.options
            options.userInfo.merge(userInfo) { $1 }
            copy.options = options
            return copy
        }
    }

    extension HTTPHeaders {
        /// The body's coding, from its `Content-Encoding` header; several headers make one list,
        /// which no coding reads.
        ///
        /// - Throws: `UnsupportedContentEncoding` for a coding other than identity, `gzip`,
        ///   `x-gzip` and `deflate`.
        func contentEncoding() throws(UnsupportedContentEncoding) -> ContentEncoding {
            let values = self[.contentEncoding]
            return try ContentEncoding(headerValue: values.isEmpty ? nil : values.joined(separator: ", "))
        }
    }

    extension ByteBuffer {
        /// The readable bytes, copied once into an array with room past its end for the backend's
        /// read-ahead, so that a backend reading past the input's end parses it in place.
        func paddedBytes(for mapper: Mapper) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(readableBytes + mapper.backend.readablePadding)
            bytes.append(contentsOf: readableBytesView)
            return bytes
        }
    }
#endif
