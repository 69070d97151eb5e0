"""One parser per document format; each returns the document's rule nodes in order."""
