"""Site generation: reading rules/, parsing the texts, cross-references, compare pages, the build itself."""
