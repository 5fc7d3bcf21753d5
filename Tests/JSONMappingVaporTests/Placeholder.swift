// Tests for issue 24's work.
