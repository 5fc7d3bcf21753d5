#if Vapor
    public import MapCodable
    public import Vapor

    /// `JSONMappingEncoder` as Vapor's `ContentEncoder`: responses and client requests encoded
    /// straight into the body through the package's writer.
    ///
    /// The body is `application/json; charset=utf-8`. `userInfo` from Vapor is merged over the
    /// encoder's own, on a copy, so that one encoder serves every request at once.
    extension JSONMappingEncoder: ContentEncoder {
        public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
            try encode(encodable, to: &body, headers: &headers, userInfo: [:])
        }

        public func encode<E: Encodable>(
            _ encodable: E,
            to body: inout ByteBuffer,
            headers: inout HTTPHeaders,
            userInfo: [CodingUserInfoKey: any Sendable]
        ) throws {
            let encoder = userInfo.isEmpty ? self : withUserInfo(userInfo)
            let bytes = try encoder.encodeToBytes(encodable)
            headers.contentType = .json
            body.writeBytes(bytes)
        }

        /// A copy of this encoder with `userInfo` merged over its own; the strategies are the same.
        func withUserInfo(_ userInfo: [CodingUserInfoKey: any Sendable]) -> JSONMappingEncoder {
            let copy = JSONMappingEncoder(mapper: mapper)
            var options = self.options
            options.userInfo.merge(userInfo) { $1 }
            copy.options = options
            return copy
        }
    }
#endif
