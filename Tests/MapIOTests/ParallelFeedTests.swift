import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

@testable import MapIO

/// `parallel(workers:batchSize:)` as it runs on a 2-core machine (one task maps, beside the
/// producer) and on an 8-core one (the producer cuts batches for several tasks).
private let machines = [2, 8]

@Suite struct ParallelFeedTests {
    @Test(
        "parallel mode yields every record in input order under random per-record delays",
        arguments: feedBackends,
        machines
    )
    func orderUnderDelays(backend: String, processors: Int) async throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let bytes = FeedInputTests.items(1...600)
        let reader = try mapper.feed(from: MemoryByteSource(bytes)) { json in
            usleep(UInt32.random(in: 0...400))
            return try mapper.decode(Item.self, from: json)
        }
        var ids: [Int] = []
        for try await item in reader.parallel(workers: 4, batchSize: 64, processors: processors) { ids.append(item.id) }
        #expect(ids == Array(1...600))
    }

    @Test(
        "parallel mode applies the policy in order: skip reports bad records, stop throws the first",
        arguments: machines
    )
    func policiesInParallel(processors: Int) async throws {
        let mapper = try Mapper()
        let lines = (1...100).map { $0 % 10 == 0 ? #"{"id": "bad"}"# : #"{"id": \#($0), "name": "n"}"# }
        let box = ErrorBox()
        let skipping = try mapper.feed(
            Item.self,
            from: ndjson(lines),
            options: FeedOptions(format: .ndjson, errorPolicy: .skip),
            onError: { box.append($0) }
        )
        var ids: [Int] = []
        for try await item in skipping.parallel(workers: 3, batchSize: 16, processors: processors) {
            ids.append(item.id)
        }
        #expect(ids == (1...100).filter { $0 % 10 != 0 })
        #expect(box.errors.map(\.recordIndex) == Array(stride(from: 9, to: 100, by: 10)))

        let stopping = try mapper.feed(Item.self, from: ndjson(lines))
        var before: [Int] = []
        do {
            for try await item in stopping.parallel(workers: 3, batchSize: 16, processors: processors) {
                before.append(item.id)
            }
            Issue.record("expected the first bad record's error")
        } catch {
            #expect(error.recordIndex == 9)
        }
        #expect(before == Array(1...9))
    }

    @Test(
        "parallel mode yields every record read before the input fails, in order, then throws the failure",
        arguments: [(1, 16), (2, 64), (4, 500)],
        machines
    )
    func readFailureAfterRecords(shape: (workers: Int, batchSize: Int), processors: Int) async throws {
        let (workers, batchSize) = shape
        let mapper = try Mapper()
        let lines = (1...300).map { #"{"id": \#($0), "name": "n"}"# }
        let text = ndjson(lines) + [0x0A]
        // Fails once the first 200 records (and their newlines) have been handed out.
        let cut = ndjson(Array(lines.prefix(200))).count + 1
        let source = FailingSource(bytes: text, failAt: cut)
        let reader = try mapper.feed(Item.self, from: source)
        var ids: [Int] = []
        do {
            for try await item in reader.parallel(workers: workers, batchSize: batchSize, processors: processors) {
                ids.append(item.id)
            }
            Issue.record("expected the read failure")
        } catch {
            #expect(error.error.code == .unreadableInput)
            #expect(error.recordIndex == 200)
        }
        #expect(ids == Array(1...200))
    }

    @Test("cancelling the consuming task stops the reading of an endless feed promptly", arguments: machines)
    func cancellationStopsReading(processors: Int) async throws {
        let mapper = try Mapper()
        let source = EndlessSource()
        let seen = Atomic<Int>(0)
        let task = Task {
            let reader = try mapper.feed(Item.self, from: source, options: FeedOptions())
            for try await _ in reader.parallel(workers: 2, batchSize: 32, processors: processors) {
                seen.add(1, ordering: .relaxed)
            }
        }
        while seen.load(ordering: .relaxed) < 500 { try await Task.sleep(for: .milliseconds(5)) }
        let seenAtCancel = seen.load(ordering: .relaxed)
        task.cancel()
        let error = await #expect(throws: FeedError.self) { try await task.value }
        #expect(error?.error.code == .cancelled)
        #expect(error?.error.path == .root)
        let readsAtEnd = source.reads.load(ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(50))
        #expect(source.reads.load(ordering: .relaxed) == readsAtEnd, "nothing is read after the task ended")
        #expect(
            seen.load(ordering: .relaxed) <= seenAtCancel + 32,
            "at most the rest of the batch in flight is yielded after cancelling"
        )
    }

    @Test("cancelling the consumer of the sequential AsyncSequence stops it too, with a cancelled error")
    func cancellationSequential() async throws {
        let mapper = try Mapper()
        let source = EndlessSource()
        let seen = Atomic<Int>(0)
        let task = Task {
            for try await _ in try mapper.feed(Item.self, from: source).async {
                seen.add(1, ordering: .relaxed)
                await Task.yield()
            }
        }
        while seen.load(ordering: .relaxed) < 100 { try await Task.sleep(for: .milliseconds(2)) }
        task.cancel()
        let error = await #expect(throws: FeedError.self) { try await task.value }
        #expect(error?.error.code == .cancelled)
        #expect(error.map { $0.recordIndex >= 100 } == true, "placed at the record where reading stopped")
        #expect(seen.load(ordering: .relaxed) < 100_000)
    }

    @Test(
        "with read-ahead, parallel maps on one task fewer than the processors: batches from 3 processors on, none on 2",
        arguments: [(1, 1), (2, 1), (3, 2), (8, 4)]
    )
    func tasksFollowProcessors(machine: (processors: Int, tasks: Int)) async throws {
        let mapper = try Mapper()
        let reader = try mapper.feed(Item.self, from: ndjson((1...50).map { #"{"id": \#($0), "name": "n"}"# }))
        let feed = reader.parallel(workers: 4, batchSize: 8, processors: machine.processors)
        #expect(feed.workers == machine.tasks)
        #expect(feed.inBatches == (machine.tasks > 1))
        #expect(reader.batchRecords == (machine.tasks > 1 ? 8 : nil))
        var ids: [Int] = []
        for try await item in feed { ids.append(item.id) }
        #expect(ids == Array(1...50))
        #expect(reader.deliveredCount == 50)

        // Without read-ahead the consuming task reads and the workers map, whatever the machine.
        var options = FeedOptions()
        options.readAhead = 0
        let here = try mapper.feed(
            Item.self,
            from: ndjson((1...50).map { #"{"id": \#($0), "name": "n"}"# }),
            options: options
        )
        let batched = here.parallel(workers: 4, batchSize: 8, processors: machine.processors)
        #expect(batched.workers == 4)
        #expect(batched.inBatches)
        ids = []
        for try await item in batched { ids.append(item.id) }
        #expect(ids == Array(1...50))
        #expect(here.deliveredCount == 50)
    }

    @Test(
        "parallel called after records were read yields the rest, in order, on any machine",
        arguments: machines
    )
    func parallelAfterRecordsRead(processors: Int) async throws {
        let mapper = try Mapper()
        let reader = try mapper.feed(Item.self, from: ndjson((1...40).map { #"{"id": \#($0), "name": "n"}"# }))
        #expect(try reader.next()?.id == 1)
        #expect(try reader.next()?.id == 2)
        var ids: [Int] = []
        for try await item in reader.parallel(workers: 4, batchSize: 8, processors: processors) { ids.append(item.id) }
        #expect(ids == Array(3...40))
        #expect(reader.deliveredCount == 40)
    }
}
