"""The rule corpus: the five source documents as rule nodes, curated links, and the graph.

Before any of its modules or data is read, the package records its files as they are
(reference/provenance.py): what is cached for later runs is keyed by what this process really loaded.
krcg's card data is recorded when first needed, before it is parsed (reference/parsecache.py).
"""

from pathlib import Path

from reference import provenance

provenance.begin(Path(__file__).resolve().parent)
