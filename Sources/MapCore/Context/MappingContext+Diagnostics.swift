/// The entries a decode or encode collects: warnings for lenient recoveries and skipped values,
/// error entries for each failure, kept up to ``MappingOptions/maxCollectedEntries``.
extension MappingContext {
    /// Records a warning — a lenient recovery, a skipped value — when diagnostics are collected;
    /// `code` names the failure that was tolerated, when there was one.
    public func warn(_ kind: LogEntry.Kind, at json: JSON?, message: String, code: MappingError.Code? = nil) {
        guard collectsDiagnostics else { return }
        keep(
            LogEntry(
                severity: .warning,
                kind: kind,
                path: json.map(path(of:)) ?? path,
                message: message,
                code: code?.description
            )
        )
    }

    /// Appends an entry unless ``MappingOptions/maxCollectedEntries`` are kept already.
    private func keep(_ entry: LogEntry) {
        if diagnostics.count < options.maxCollectedEntries {
            diagnostics.append(entry)
        } else if droppedEntries.insert(entry).inserted {
            droppedCount += 1
        }
    }

    /// Records an entry when diagnostics are collected and the same entry is not there already
    /// (a failure reported where it happened and again by each level it passes through).
    public func recordOnce(_ entry: LogEntry) {
        guard collectsDiagnostics, !diagnostics.contains(entry) else { return }
        keep(entry)
    }

    /// How many entries there are now: a mark for ``demoteErrors(since:)``.
    public var diagnosticsMark: Int { diagnostics.count }

    /// Turns the error entries recorded since `mark` into warnings: what failed inside a value
    /// that an optional link, a lenient read or a default then tolerated.
    public func demoteErrors(since mark: Int) {
        guard mark < diagnostics.count else { return }
        for index in mark..<diagnostics.count where diagnostics[index].severity == .error {
            diagnostics[index].severity = .warning
        }
    }

    /// Drops the entries recorded since `mark`: work that is about to be redone, or a try whose
    /// failure another try replaces (an untagged value's cases, tried in order).
    public func discardEntries(since mark: Int) {
        guard mark < diagnostics.count else { return }
        diagnostics.removeSubrange(mark...)
    }

    /// Records an entry when diagnostics are collected.
    public func record(_ entry: LogEntry) {
        guard collectsDiagnostics else { return }
        keep(entry)
    }

    /// Records the failure of one field, item or member that a composite bridge goes on past
    /// (``collectsAllErrors``), once however many levels report it.
    public func recordFailure(_ error: MappingError) {
        recordOnce(LogEntry(error: error))
    }

    /// Handles the failure of one element or member of a composite value: thrown at once,
    /// unless the decode collects every error — then recorded, kept in `first` when it is the
    /// first, and the caller goes on with the next part.
    @usableFromInline
    package func continuePast(_ failure: MappingError, first: inout MappingError?) throws {
        guard collectsAllErrors else { throw failure }
        recordFailure(failure)
        if first == nil { first = failure }
    }

    /// Records a ``LogEntry/Kind/unknownKey`` warning for each key ``unreadKeys(below:)`` finds.
    package func reportUnknownKeys(below root: JSON) {
        for entry in unknownKeyEntries(below: root) { record(entry) }
    }

    /// A ``LogEntry/Kind/unknownKey`` warning for each key ``unreadKeys(below:)`` finds; none
    /// when key reads are not tracked.
    package func unknownKeyEntries(below root: JSON) -> [LogEntry] {
        guard tracksKeyReads else { return [] }
        return unreadKeys(below: root).map { path in
            LogEntry(
                severity: .warning,
                kind: .unknownKey,
                path: path,
                message: "no mapping read the key \"\(path.components.last.map { "\($0)" } ?? "")\""
            )
        }
    }
}
