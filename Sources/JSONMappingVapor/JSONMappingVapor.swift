#if Vapor
// Vapor 4's coders and request feeds. Filled in by issue 24's work.
#endif
