"""The published rules site: page data, the Sphinx extension, and the build."""
