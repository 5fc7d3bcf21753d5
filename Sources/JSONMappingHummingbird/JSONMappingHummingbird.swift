#if Hummingbird
// Hummingbird 2's coders and request feeds. Filled in by issue 24's work.
#endif
