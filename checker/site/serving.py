"""The request handler of ``rules serve``: the files of the built site, and nothing else."""

from __future__ import annotations

import http.server
import os
import urllib.parse
from http import HTTPStatus
from io import BytesIO
from pathlib import Path
from typing import BinaryIO


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's pages only: a folder is its index.html or a 404, never a listing of its files.

    A path that names no file (bytes that are not UTF-8 such as ``%ff`` or ``%c0%af``, a NUL byte) is a 400
    answer, where the standard handler drops the connection. A file whose name starts with a dot (Sphinx's
    ``.buildinfo``, ``.doctrees``) is the build's, not the site's, and a link leading out of the site (a symlink
    planted in the built folder) leads nowhere: both are 404.
    """

    def send_head(self) -> BinaryIO | BytesIO | None:
        raw = self.path.split("?", 1)[0].split("#", 1)[0]  # as translate_path reads it
        try:
            path = urllib.parse.unquote(raw, errors="strict")
        except UnicodeDecodeError:
            self.send_error(HTTPStatus.BAD_REQUEST, "A path that is not UTF-8")
            return None
        if "\x00" in path:
            self.send_error(HTTPStatus.BAD_REQUEST, "A NUL byte in the path")
            return None
        local = Path(self.translate_path(self.path))
        page = local / "index.html" if local.is_dir() else local
        if not self.is_site_file(local) or not self.is_site_file(page) or (
                local.is_dir() and not page.is_file()):
            self.send_error(HTTPStatus.NOT_FOUND, "No such page")
            return None
        return super().send_head()

    def is_site_file(self, path: Path) -> bool:
        """Whether ``path`` is in the site: inside its folder once links are followed, no part a dotfile."""
        root = Path(self.directory).resolve()
        parts = Path(os.path.relpath(path, self.directory)).parts
        return (not any(p.startswith(".") and p != "." for p in parts)
                and path.resolve().is_relative_to(root))

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing page answers 404 with the site's own 404 page (search, home, topics), when it has one."""
        page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file() or not self.is_site_file(page):
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def list_directory(self, path: str | os.PathLike[str]) -> BytesIO | None:
        self.send_error(HTTPStatus.NOT_FOUND, "No such page")
        return None
