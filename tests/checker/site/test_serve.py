"""`rules serve`: files of the built site only, an error page for a bad path, a clear line for a busy port."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT


def _rules(*args: str) -> list[str]:
    return [sys.executable, "-m", "checker.cli", *args]


def _wait_until_serving(proc: subprocess.Popen[Any], port: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "rules serve did not start"
            time.sleep(0.05)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[int]:
    site = tmp_path / "html"
    (site / "rule").mkdir(parents=True)
    (site / "guide").mkdir()
    (site / "index.html").write_text("<html>home</html>", encoding="utf-8")
    (site / "rule" / "a.html").write_text("<html>a rule</html>", encoding="utf-8")
    (site / "guide" / "index.html").write_text("<html>guide</html>", encoding="utf-8")
    port = _free_port()
    proc = subprocess.Popen(_rules("serve", "--port", str(port), "--dir", str(site)), cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    _wait_until_serving(proc, port)
    yield port
    proc.terminate()
    proc.communicate(timeout=30)


def _get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_serves_pages_and_folder_index_pages(served: int) -> None:
    assert _get(served, "/") == (200, b"<html>home</html>")
    assert _get(served, "/rule/a.html") == (200, b"<html>a rule</html>")
    assert _get(served, "/guide/") == (200, b"<html>guide</html>")


def test_a_folder_without_index_page_is_not_listed(served: int) -> None:
    for path in ("/rule/", "/rule"):
        status, body = _get(served, path)
        assert status == 404, path
        assert b"a.html" not in body


def test_a_missing_page_answers_404_with_the_sites_own_page(served: int, tmp_path: Path) -> None:
    status, body = _get(served, "/rule/no-such-rule.html")
    assert status == 404 and b"a.html" not in body  # no 404.html yet: the standard error page
    (tmp_path / "html" / "404.html").write_text("<html>Page not found: search</html>", encoding="utf-8")
    assert _get(served, "/rule/no-such-rule.html") == (404, b"<html>Page not found: search</html>")
    assert _get(served, "/rule/") == (404, b"<html>Page not found: search</html>")


def test_a_nul_byte_in_the_path_is_an_error_page(served: int) -> None:
    for path in ("/%00", "/index.html%00", "/rule/%00a.html", "/%ED%A0%80.html"):
        status, _ = _get(served, path)
        assert status in (400, 404), path
    assert _get(served, "/")[0] == 200  # and the server still answers


def test_a_busy_port_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(_rules("serve", "--port", str(port), "--dir", str(tmp_path)), cwd=ROOT,
                                env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                                timeout=60)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert f"cannot serve on 127.0.0.1:{port}" in result.stderr and "--port" in result.stderr


def test_a_path_that_is_not_utf8_is_an_error_page(served: int) -> None:
    for path in ("/%ff", "/%c0%af", "/rule/%ff.html", "/%c0%afetc/passwd", "/%ED%A0%80"):
        status, body = _get(served, path)
        assert status == 400, path  # not a dropped connection (http.client would raise)
        assert b"Traceback" not in body
    assert _get(served, "/")[0] == 200


def test_the_server_logs_no_traceback_for_a_bad_path(tmp_path: Path) -> None:
    site = tmp_path / "html"
    site.mkdir()
    (site / "index.html").write_text("<html>home</html>", encoding="utf-8")
    port = _free_port()
    proc = subprocess.Popen(_rules("serve", "--port", str(port), "--dir", str(site)), cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        _wait_until_serving(proc, port)
        for path in ("/%ff", "/%c0%af"):
            assert _get(port, path)[0] == 400
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err and "Exception" not in err, err
    assert '"GET /%ff HTTP/1.1" 400' in err


def test_links_out_of_the_site_and_dotfiles_are_not_served(served: int, tmp_path: Path) -> None:
    site = tmp_path / "html"
    secret = tmp_path / "secret.txt"
    secret.write_text("outside the site", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "index.html").write_text("outside the site", encoding="utf-8")
    (site / "x").symlink_to(secret)
    (site / "rule" / "y.html").symlink_to(secret)
    (site / "out").symlink_to(outside, target_is_directory=True)
    (site / "inside.html").symlink_to(site / "rule" / "a.html")  # a link within the site is still a page
    (site / ".buildinfo").write_text("# Sphinx build info version 1", encoding="utf-8")
    (site / ".doctrees").mkdir()
    (site / ".doctrees" / "index.html").write_text("a pickled doctree", encoding="utf-8")
    (site / "rule" / ".hidden.html").write_text("hidden", encoding="utf-8")
    for path in ("/x", "/rule/y.html", "/out/", "/out", "/out/index.html", "/.buildinfo", "/.doctrees/",
                 "/.doctrees/index.html", "/rule/.hidden.html", "/%2ebuildinfo", "//.buildinfo",
                 "/rule/../.buildinfo", "/rule/%2e%2e/.buildinfo"):
        status, body = _get(served, path)
        assert status == 404, path
        assert b"outside the site" not in body and b"Sphinx" not in body and b"hidden" not in body, path
    assert _get(served, "/inside.html") == (200, b"<html>a rule</html>")
