"""The static server the tests and the benchmark serve a built site with, on 127.0.0.1: compressed as a
phone's host would, quiet, and able to put up another build at the same address (an update)."""

from __future__ import annotations

import fnmatch
import functools
import io
import sys
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tests.host import Link, host_headers, packed


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    prefix = "/"

    def log_message(self, *args) -> None:  # keep test output readable
        pass

    compress = False
    rate = 0  # bytes per second for response bodies; 0: as fast as the machine goes
    latency = 0.0  # seconds before each response, like a phone's round trip
    link: Link | None = None  # set: every response shares this one link's rate, as on a phone

    cache_control = ""  # e.g. "max-age=600", as GitHub Pages sends

    def translate_path(self, path):
        self.directory = str(self.server.folder)  # the build being served now (StaticServer.serve)
        return super().translate_path(path)

    def end_headers(self):
        if self.cache_control:
            self.send_header("Cache-Control", self.cache_control)
        # The headers the build asks a host to send (its `_headers` file), as a host that reads it would.
        for pattern, name, value in host_headers(self.server.folder):
            if fnmatch.fnmatch(self.path.split("?")[0], pattern):
                self.send_header(name, value)
        super().end_headers()

    def copyfile(self, source, outputfile):
        """Send the body, throttled to `rate` when set (a slow link, measured server-side); count what
        was sent; cut it halfway and stop the server when the test asks (a signal lost mid-download)."""
        body = source.read()
        path = self.path.split("?")[0]
        if self.server.cut and self.server.cut(path):
            outputfile.write(body[: len(body) // 2])
            self.server.sent.append((path, len(body) // 2))
            threading.Thread(target=self.stop_server, daemon=True).start()
            raise ConnectionAbortedError("cut halfway by the test")
        self.server.sent.append((path, len(body)))
        source = io.BytesIO(body)
        if not self.rate:
            return super().copyfile(source, outputfile)
        chunk = max(1024, self.rate // 50)
        while block := source.read(chunk):
            if self.link:
                time.sleep(self.link.reserve(len(block)))
            outputfile.write(block)
            if not self.link:
                time.sleep(len(block) / self.rate)

    def send_head(self):
        if self.path.endswith("/__stop__"):  # a test in another process cuts the network: see StaticServer
            self.send_response(204)
            self.end_headers()
            threading.Thread(target=self.stop_server, daemon=True).start()
            return None
        if "/__portal__/" in self.path:  # a test in another process puts a login page in front of one file
            name = self.path.split("/__portal__/", 1)[1]  # a file ("sw.js") or a page ("about/")
            self.server.portal = None if name == "off" else (lambda path, name=name: path.endswith("/" + name))
            self.send_response(204)
            self.end_headers()
            return None
        if "/__hold__/" in self.path:  # a test in another process holds the runtime back, or lets it go
            self.server.let_go()
            if not self.path.endswith("/off"):
                self.server.hold(lambda path: path.startswith(("/assets/pyodide/", "/assets/py/", "/assets/snapshot/")))
            self.send_response(204)
            self.end_headers()
            return None
        if self.server.folder is None and "/__build__/" not in self.path:
            self.close_connection = True  # no signal: the browser gets no answer at all
            return None
        if "/__build__/" in self.path:  # a test in another process puts up another build: see StaticServer
            name = self.path.rsplit("/", 1)[1]
            known = name in self.server.builds
            self.send_response(204 if known else 404)
            self.end_headers()
            if known:
                self.server.folder = self.server.builds[name]
            return None
        held = self.server.held
        if held and held[0](self.path.split("?")[0]):
            held[1].wait()  # until the test lets it go, or the hold ends by itself (QuietServer.hold)
        if self.latency:
            time.sleep(self.latency)
        # Mounted under a subpath: anything outside it does not exist.
        if not self.path.startswith(self.prefix):
            self.send_error(404)
            return None
        self.path = "/" + self.path[len(self.prefix) :]
        if self.server.portal and self.server.portal(self.path.split("?")[0]):
            return self.send_portal()
        accepted = self.headers.get("Accept-Encoding", "")
        if self.compress == "br" and "br" in accepted:
            return self.send_packed("br")
        if self.compress and "gzip" in accepted:
            return self.send_packed("gzip")
        return super().send_head()

    def send_portal(self):
        """What a hotel's or a club's network answers before its login: its own page, with a 200."""
        body = b"<!doctype html><title>Log in</title><p>Welcome! Log in to use the network.</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_packed(self, encoding: str):
        """Serve the file compressed, as a real host should (the benchmark measures with it)."""
        path = Path(self.translate_path(self.path.split("?")[0]))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return None
        modified = int(path.stat().st_mtime)
        if self.headers.get("If-Modified-Since") == self.date_time_string(modified):
            # A browser revalidating its copy: as a real host, say it is unchanged (keeps compiled wasm cached).
            self.send_response(304)
            self.end_headers()
            return None
        body = packed(path.read_bytes(), encoding)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)


class QuietServer(ThreadingHTTPServer):
    held: tuple[Callable[[str], bool], threading.Event] | None = None  # which paths wait, and what lets them go

    def hold(self, wanted: Callable[[str], bool], longest: float = 60) -> threading.Event:
        """Requests for paths `wanted` picks get no answer until the event is set: by the test, or by
        itself after `longest` seconds, so a test that fails while holding never leaves the server so."""
        release = threading.Event()
        timer = threading.Timer(longest, release.set)
        timer.daemon = True
        timer.start()
        self.held = (wanted, release)
        return release

    def let_go(self) -> None:
        if self.held:
            self.held[1].set()
        self.held = None

    def handle_error(self, request, client_address) -> None:
        """A browser that leaves a page mid-download closes its connections: not worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class StaticServer:
    """Serves a folder on 127.0.0.1 until stopped; `prefix` mounts it under a subpath ("/rules/");
    `rate` (bytes per second) and `latency` (seconds per request) imitate a slow link: each response
    at that rate, or with `shared` all of them together, as one phone's link. A request for
    `__stop__` stops it (for a browser driven from another process: honest offline, nothing answers),
    and one for `__build__/NAME` serves `builds[NAME]` from then on (a new build goes up; a build of
    None answers nothing, as with no signal, until another is put up).
    A request for `__portal__/NAME` answers every file named NAME with a login page from then on (a
    captive portal), `__portal__/off` ends it; `__hold__/runtime` holds every runtime request back
    (a first visit on a link too slow to matter), `__hold__/off` lets them go.
    `compress`: True gzips every response, "br" sends brotli to a browser that accepts it;
    `cache_control` is sent with every response; `sent` lists (path, bytes) of every body sent."""

    def __init__(
        self,
        folder: Path,
        prefix: str = "/",
        port: int = 0,
        compress: bool | str = False,
        rate: int = 0,
        latency: float = 0.0,
        shared: bool = False,
        cache_control: str = "",
        builds: dict[str, Path] | None = None,
    ) -> None:
        self.folder = folder
        self.prefix = prefix
        mounted = type(
            "Mounted",
            (QuietHandler,),
            {
                "prefix": prefix,
                "compress": compress,
                "rate": rate,
                "latency": latency,
                "link": Link(rate) if shared and rate else None,
                "cache_control": cache_control,
                "stop_server": lambda _handler: self.stop(),
            },
        )
        handler = functools.partial(mounted, directory=str(folder))
        self.httpd = QuietServer(("127.0.0.1", port), handler)
        self.httpd.folder = folder
        self.httpd.builds = dict(builds or {})
        self.httpd.sent = []
        self.httpd.cut = None  # path -> True: that body is cut halfway and the server stops
        self.httpd.portal = None  # path -> True: answered with a login page (200), as a captive portal
        self._stopped = threading.Lock()
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def serve(self, folder: Path) -> None:
        """Put up another build at the same address."""
        self.httpd.folder = folder

    def hold(self, wanted: Callable[[str], bool]) -> threading.Event:
        """A runtime still on its way: see QuietServer.hold."""
        return self.httpd.hold(wanted)

    def release(self) -> None:
        self.httpd.let_go()

    @property
    def sent(self) -> list[tuple[str, int]]:
        return self.httpd.sent

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    @property
    def base(self) -> str:
        """The site's own address: origin plus subpath, ending in "/"."""
        return self.origin + self.prefix

    def stop(self) -> None:
        if self._stopped.acquire(blocking=False):  # once, whoever asks first
            self.httpd.shutdown()
            self.httpd.server_close()
