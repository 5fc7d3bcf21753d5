public import MapCore

extension MapKey {
    /// This place read by its type's own bridge, with defaults for an absent and an invalid
    /// value: `object.retries <- json["retries"].defaulting(ifAbsent: 3)`.
    @_lifetime(copy self)
    public func defaulting<T: Bridgeable & Equatable & Sendable>(
        ifAbsent: T? = nil,
        ifInvalid: T? = nil
    ) -> MapLink<DefaultingBridge<ImplicitBridge<T>>> {
        bridged(ImplicitBridge<T>().defaulting(ifAbsent: ifAbsent, ifInvalid: ifInvalid))
    }
}
