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
    """Serves files only: a folder is its index.html or a 404, never a listing of its files.

    A path the file system cannot take (a NUL byte, an unpaired surrogate) is a 400 answer,
    where the standard handler drops the connection.
    """

    def send_head(self) -> BinaryIO | BytesIO | None:
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path, errors="surrogatepass")
        if "\x00" in path:
            self.send_error(HTTPStatus.BAD_REQUEST, "A NUL byte in the path")
            return None
        try:
            local = Path(self.translate_path(self.path))
            if local.is_dir() and not (local / "index.html").is_file():
                self.send_error(HTTPStatus.NOT_FOUND, "No such page")
                return None
            return super().send_head()
        except ValueError:  # e.g. an unpaired surrogate the file system cannot encode
            self.send_error(HTTPStatus.BAD_REQUEST, "A path the server cannot read")
            return None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing page answers 404 with the site's own 404 page (search, home, topics), when it has one."""
        page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
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
