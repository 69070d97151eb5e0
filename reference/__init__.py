"""The rule corpus: the five source documents as rule nodes, curated links, and the graph."""
