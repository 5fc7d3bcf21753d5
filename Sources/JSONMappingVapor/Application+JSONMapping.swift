#if Vapor
    public import JSONMapping
    public import Vapor

    extension Application {
        /// The package's mapper, decoder and encoder for this application: what
        /// `req.jsonMapping` decodes, feeds and encodes with.
        ///
        /// ```swift
        /// try app.jsonMapping.use(Mapper(backendNamed: Environment.get("JSONMAPPING_BACKEND") ?? "native"))
        /// ```
        public var jsonMapping: JSONMapping { JSONMapping(application: self) }

        /// The package's coders for one application; see `app.jsonMapping`.
        ///
        /// Until `use(_:decoder:encoder:installsContentCoders:)` is called, the coders are over
        /// the default backend (`Mapper.processDefault`: `JSONMAPPING_BACKEND`, else the first
        /// linked). Their defaults are Vapor's own coders': dates read and written as ISO 8601
        /// (`Mapper.withServerDefaults()`); the mapper's `MappingOptions.codableDecoding` and
        /// `codableEncoding` set every strategy for bodies, responses and feeds alike.
        public struct JSONMapping: Sendable {
            /// The application the coders belong to.
            public let application: Application

            /// What the application stores: one set of coders, replaced whole.
            struct Coders: Sendable {
                var mapper: Mapper
                var decoder: JSONMappingDecoder
                var encoder: JSONMappingEncoder
            }

            struct Key: StorageKey {
                typealias Value = Coders
            }

            /// Marks that ``ProblemMiddleware`` was added, so that a second `use` adds no second one.
            struct MiddlewareKey: StorageKey {
                typealias Value = Bool
            }

            var coders: Coders {
                if let coders = application.storage[Key.self] { return coders }
                let mapper = Mapper.processDefault.withServerDefaults()
                return Coders(
                    mapper: mapper,
                    decoder: JSONMappingDecoder(mapper: mapper),
                    encoder: JSONMappingEncoder(mapper: mapper)
                )
            }

            /// The mapper: its backend, parse options (the body size limits) and log options.
            public var mapper: Mapper { coders.mapper }
            /// The decoder `req.jsonMapping.decode` uses.
            public var decoder: JSONMappingDecoder { coders.decoder }
            /// The encoder `req.jsonMapping.response` uses.
            public var encoder: JSONMappingEncoder { coders.encoder }

            /// Makes `mapper` this application's, and gets the application ready for it.
            ///
            /// - The mapper is kept with the server defaults (`Mapper.withServerDefaults()`): dates
            ///   ISO 8601, as Vapor's own coders, unless its options set a date strategy.
            /// - The decoder and encoder default to ones over that mapper, with its strategies
            ///   (`MappingOptions.codableDecoding`, `codableEncoding`); pass configured ones to
            ///   use others.
            /// - With `installsContentCoders` (the default), they also become
            ///   `ContentConfiguration.global`'s coders for `application/json` and
            ///   `application/vnd.api+json`, so `req.content.decode` and `Content` responses use
            ///   them. That configuration is Vapor's, process-wide: the last application to call
            ///   this sets it. `req.jsonMapping` always uses this application's own coders.
            /// - Vapor's own request decompression is turned off, so that a compressed body
            ///   reaches the package's decoders as sent and is inflated under the mapper's limits
            ///   (`ParseOptions.maxInflatedSize` and `maxInputSize`), the limits files are read
            ///   under, instead of NIO's ratio limit.
            /// - ``ProblemMiddleware`` is added (once), so that bad input is answered with a
            ///   problem document and diagnostics reach `req.logger`.
            public func use(
                _ mapper: Mapper,
                decoder: JSONMappingDecoder? = nil,
                encoder: JSONMappingEncoder? = nil,
                installsContentCoders: Bool = true
            ) {
                let mapper = mapper.withServerDefaults()
                let coders = Coders(
                    mapper: mapper,
                    decoder: decoder ?? JSONMappingDecoder(mapper: mapper),
                    encoder: encoder ?? JSONMappingEncoder(mapper: mapper)
                )
                application.storage[Key.self] = coders
                if installsContentCoders {
                    ContentConfiguration.global.use(jsonMappingDecoder: coders.decoder, encoder: coders.encoder)
                }
                application.http.server.configuration.requestDecompression = .disabled
                if application.storage[MiddlewareKey.self] != true {
                    application.storage[MiddlewareKey.self] = true
                    application.middleware.use(ProblemMiddleware())
                }
            }
        }
    }

    extension ContentConfiguration {
        /// Registers the package's decoder and encoder for `application/json` and
        /// `application/vnd.api+json`, in place of Foundation's.
        public mutating func use(jsonMappingDecoder decoder: JSONMappingDecoder, encoder: JSONMappingEncoder) {
            for mediaType in [HTTPMediaType.json, .jsonAPI] {
                use(decoder: decoder, for: mediaType)
                use(encoder: encoder, for: mediaType)
            }
        }
    }
#endif
