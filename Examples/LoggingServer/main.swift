// A server in miniature: swift-log is bootstrapped once, one mapper is shared by every request,
// and each request's decode carries the request's id into the diagnostics that swift-log prints.
//
//     swift run logging-server-example
//
// Prints one line per swift-log event on standard output (StreamLogHandler), with metadata.

import JSONMapping
import Logging

struct Signup: JSONConvertible {
    var email = ""
    var age = 0
    var website: String?
    var plan: String?

    static func map(_ object: inout Signup, _ json: Map) {
        object.email <- json["email"] § { $0.contains("@") }
        object.age <- json["age"] § { (13...130).contains($0) }
        object.website <~ json["website"] § { $0.hasPrefix("https://") }
        object.plan <~ json["plan"]
    }
}

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardOutput(label: label)
    handler.logLevel = .info
    return handler
}

var options = MappingOptions()
options.logLevel = .verbose  // failures and warnings, and keys no mapping read
options.addLogSink(SwiftLogSink(logger: Logger(label: "signup-api")))
let mapper = try Mapper(options: options)  // the default backend

// What three clients sent.
let requests: [(id: String, body: String)] = [
    ("req-7f3a", #"{"email": "ada@example.com", "age": 36, "plan": "pro"}"#),
    ("req-81c2", #"{"email": "grace@example.com", "age": 85, "website": "ftp://old.example", "newsletter": true}"#),
    ("req-9d04", #"{"email": "linus", "age": "thirty"}"#),
]

for request in requests {
    do {
        // The request id reaches every log event this decode makes, through the task-local.
        let signup = try MappingLog.$metadata.withValue(["request-id": "\(request.id)"]) {
            try mapper.decode(Signup.self, from: request.body)
        }
        print("\(request.id): 201 Created (\(signup.email))")
    } catch {
        print("\(request.id): 422 Unprocessable Content (\(error))")
    }
}
