import JSONMapping

// citm_catalog.json through rules: the `Mapped` models of CitmMapped.swift, read by
// `ObjectRule`s bound with key paths, field for field as their maps read them. The name tables
// and the events table are `DictionaryRule`s.

extension Ruled {
    static let citmCatalog = ObjectRule(Mapped.CitmCatalog())
        .required("areaNames", DictionaryRule(valueRule: StringRule), \.areaNames)
        .required("audienceSubCategoryNames", DictionaryRule(valueRule: StringRule), \.audienceSubCategoryNames)
        .required("events", DictionaryRule(valueRule: event), \.events)
        .required("performances", ArrayRule(itemRule: performance), \.performances)
        .required("seatCategoryNames", DictionaryRule(valueRule: StringRule), \.seatCategoryNames)
        .required("topicNames", DictionaryRule(valueRule: StringRule), \.topicNames)

    static let event = ObjectRule(Mapped.Event())
        .required("id", IntRule, \.id)
        .required("name", StringRule, \.name)
        .optional("description", StringRule, \.description)
        .optional("logo", StringRule, \.logo)
        .required("subTopicIds", ArrayRule(itemRule: IntRule), \.subTopicIds)
        .required("topicIds", ArrayRule(itemRule: IntRule), \.topicIds)

    static let performance = ObjectRule(Mapped.Performance())
        .required("id", IntRule, \.id)
        .required("eventId", IntRule, \.eventId)
        .optional("name", StringRule, \.name)
        .required("prices", ArrayRule(itemRule: price), \.prices)
        .required("seatCategories", ArrayRule(itemRule: seatCategory), \.seatCategories)
        .required("start", IntRule, \.start)
        .required("venueCode", StringRule, \.venueCode)

    static let price = ObjectRule(Mapped.Price())
        .required("amount", IntRule, \.amount)
        .required("audienceSubCategoryId", IntRule, \.audienceSubCategoryId)
        .required("seatCategoryId", IntRule, \.seatCategoryId)

    static let seatCategory = ObjectRule(Mapped.SeatCategory())
        .required("areas", ArrayRule(itemRule: area), \.areas)
        .required("seatCategoryId", IntRule, \.seatCategoryId)

    static let area = ObjectRule(Mapped.Area())
        .required("areaId", IntRule, \.areaId)
        .required("blockIds", ArrayRule(itemRule: IntRule), \.blockIds)
}
