"""Which failed requests the client sends again, against a real local HTTP server (http.server)
that answers 503 on demand: a write that may have been processed is never resent (issue 26)."""

import json
import os
import sys
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from cairn_sdk import Cairn, ServerError  # noqa: E402
from cairn_sdk.client import may_retry  # noqa: E402


class Busy(BaseHTTPRequestHandler):
    hits = 0
    code = "request_timeout"

    def _answer(self):
        Busy.hits += 1
        length = int(self.headers.get("content-length") or 0)
        self.rfile.read(length)
        body = json.dumps({"error": "busy", "code": Busy.code}).encode()
        self.send_response(503)
        self.send_header("retry-after", "0")
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PATCH = do_DELETE = _answer

    def log_message(self, *args):
        pass


class RetriesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), Busy)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.cairn = Cairn(f"http://127.0.0.1:{cls.server.server_address[1]}", api_key="k", max_retry_delay=0)

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()

    def hits(self, call, code="request_timeout"):
        Busy.hits, Busy.code = 0, code
        with self.assertRaises(ServerError):
            call()
        return Busy.hits

    def test_a_timed_out_write_is_sent_once(self):
        self.assertEqual(self.hits(lambda: self.cairn.upload_import(b"a memory\n")), 1)
        self.assertEqual(self.hits(lambda: self.cairn.create_trace("x")), 1)
        self.assertEqual(self.hits(lambda: self.cairn.delete_trace("t")), 1)

    def test_a_read_or_an_unprocessed_request_is_retried(self):
        self.assertEqual(self.hits(lambda: self.cairn.stats()), 4)
        self.assertEqual(self.hits(lambda: self.cairn.create_trace("x"), code="overloaded"), 4)

    def test_may_retry(self):
        self.assertTrue(may_retry("POST", 429, "rate_limited"))
        self.assertFalse(may_retry("POST", 503, "database_unavailable"))
        self.assertTrue(may_retry("GET", 503, None))
        self.assertFalse(may_retry("PATCH", 500, None))


if __name__ == "__main__":
    unittest.main()
