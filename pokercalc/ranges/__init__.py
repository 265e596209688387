"""Players' distributions: range notation, the pocket query language, Omaha patterns."""
