#if Hummingbird
print("ingest-server: not written yet")
#else
print("ingest-server needs the Hummingbird trait: swift run --traits Hummingbird ingest-server")
#endif
