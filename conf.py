"""Sphinx configuration of the rules site. Build it with `rules site` (it writes the page data first)."""

from __future__ import annotations

project = "Jyhad / V:TES rules reference"
author = "the rules reference contributors"
copyright = "the rules reference contributors; the rule documents belong to their authors"

extensions = ["myst_parser", "checker.site.ext", "notfound.extension"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_graphs/*.gv"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 0

smartquotes = False  # text from the documents and scenarios is shown as written
html_theme = "furo"
html_title = "Jyhad / V:TES rules"
html_static_path = ["docs/_static"]
html_extra_path: list[str] = []
html_js_files = ["rules-search.js", "rules-a11y.js"]
html_css_files: list[str] = []
html_copy_source = False
html_show_sourcelink = False
language = "en"
suppress_warnings: list[str] = []

rules_site_data = "_build/site-data"

# The 404 page (docs/404.md): served for any missing path, so its links are absolute from the site's root.
notfound_urls_prefix = "/"
