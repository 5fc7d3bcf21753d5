import JSONMapping
import Foundation
let mapper = try Mapper()
let json = try mapper.parse(#"{"a": [1, 2.5, -0, "x\u00e9\n", true, null, {"b": 18446744073709551615}], "a2": 1e2}"#)
print(json, json["a"][6]["b"], try json["a"][6]["b"].decode(UInt64.self), try json["a2"].decode(Int.self))
print(try json["a"][2].decode(Double.self).sign)
do { _ = try json["a"][6]["c"].decode(Int.self) } catch { print(error); print((error as! MappingError).debugDescription) }
do { _ = try json["a"][3].decode(Int8.self) } catch { print(error) }
do { _ = try mapper.parse("{\"a\": [1,\n 2,]}") } catch { print(error); print((error as! ParseError).debugDescription) }
for name in ["twitter", "citm_catalog", "canada", "github_events", "gsoc-2018"] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "../shared/corpus/\(name).json"))
    let t = Date(); let j = try mapper.parse(data); let dt = Date().timeIntervalSince(t)
    let w = JSONWriter(); try w.value(j); let out = try w.finish()
    let j2 = try mapper.parse(out)
    print(name, dt, j == j2, out.count)
}
