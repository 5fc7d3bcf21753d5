// Framework-neutral HTTP support for the server integrations. Filled in by issue 24's work.
