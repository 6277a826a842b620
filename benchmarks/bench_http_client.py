"""Our httpx client against the ``openai`` SDK, on the two bounds of an HTTP call to a model
server: a total deadline and a cap on the response body.

    .venv/bin/pip install openai                                  # only for this comparison
    .venv/bin/python -m benchmarks.bench_http_client           # print the table
    .venv/bin/python -m benchmarks.bench_http_client --write   # also docs/benchmarks/http_client.json

A server on 127.0.0.1 answers ``POST /v1/chat/completions`` in one of two ways:

* ``trickle``: a valid JSON body sent one byte every ``--pause`` seconds
  (``--trickle-bytes`` bytes). Both clients get ``timeout=--timeout`` and no
  retries; reported: seconds until the call returns or fails.
* ``huge``: a valid chat completion whose message is 50 MB. Both clients run
  with their defaults (ours caps a chat body at 16 MB); reported: the outcome
  and the peak RSS the call added (``VmHWM``), each case in a fresh interpreter.

Timing belongs here, never in the test suite.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "benchmarks" / "http_client.json"
HUGE_CHARS = 50_000_000


def _completion(content: str) -> bytes:
    return json.dumps(
        {
            "id": "c1",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {"role": "assistant", "content": content},
                }
            ],
        }
    ).encode()


def _huge_body() -> bytes:
    return _completion('{"x": "' + "a" * HUGE_CHARS + '"}')


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "trickle"
    pause = 1.0
    trickle_bytes = 20
    huge = b""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["content-length"]))
        if self.mode == "huge":
            body = self.huge
        else:
            body = _completion("{}")
            body = body[:-1] + b" " * max(0, self.trickle_bytes - len(body)) + b"}"
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        if self.mode == "huge":
            with contextlib.suppress(OSError):  # the client refused the body
                self.wfile.write(body)
            return
        try:
            for i in range(len(body)):
                self.wfile.write(body[i : i + 1])
                self.wfile.flush()
                time.sleep(self.pause)
        except OSError:
            pass  # the client gave up

    def log_message(self, *args: object) -> None:
        pass


def _serve(mode: str, args: argparse.Namespace) -> tuple[ThreadingHTTPServer, str]:
    handler = type(
        "H",
        (_Handler,),
        {
            "mode": mode,
            "pause": args.pause,
            "trickle_bytes": args.trickle_bytes,
            "huge": _huge_body() if mode == "huge" else b"",
        },
    )
    srv = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/v1"


# One call in a fresh interpreter: prints {"outcome", "seconds", "rss_added_mb"}.
_CALL = r"""
import json, sys, time
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
which, url, timeout = sys.argv[1], sys.argv[2], float(sys.argv[3])
if which == "ours":
    from longtracer_core import OpenAICompatibleChat
    kw = {} if timeout <= 0 else {"timeout": timeout}
    client = OpenAICompatibleChat(url, "m", max_retries=0, **kw)
    call = lambda: client.complete_json([{"role": "user", "content": "hi"}], {"type": "object"})
else:
    import openai
    kw = {} if timeout <= 0 else {"timeout": timeout}
    client = openai.OpenAI(base_url=url, api_key="k", max_retries=0, **kw)
    call = lambda: client.chat.completions.create(
        model="m", messages=[{"role": "user", "content": "hi"}])
before = hwm()
t0 = time.perf_counter()
try:
    call()
    outcome = "returned"
except Exception as err:
    outcome = f"{type(err).__name__}: {str(err)[:80]}"
print(json.dumps({"outcome": outcome, "seconds": round(time.perf_counter() - t0, 2),
                  "rss_added_mb": round(hwm() - before, 1)}))
"""


def _call(which: str, url: str, timeout: float) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", _CALL, which, url, str(timeout)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--pause", type=float, default=0.1)
    parser.add_argument("--trickle-bytes", type=int, default=200)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    import openai  # noqa: F401  (fails early with a clear message when it is missing)

    rows: list[dict[str, Any]] = []
    for mode in ("trickle", "huge"):
        srv, url = _serve(mode, args)
        try:
            for which in ("ours", "openai"):
                timeout = args.timeout if mode == "trickle" else 0.0
                row = {"case": mode, "client": which, **_call(which, url, timeout)}
                rows.append(row)
                print(
                    f"{mode:8} {which:7} {row['seconds']:7.2f}s  +{row['rss_added_mb']:7.1f} MB"
                    f"  {row['outcome']}"
                )
        finally:
            srv.shutdown()
            srv.server_close()
    if args.write:
        OUT.write_text(
            json.dumps(
                {
                    "when": datetime.now(UTC).isoformat(timespec="seconds"),
                    "machine": f"{platform.system()} {platform.machine()}, python {platform.python_version()}",
                    "openai": __import__("openai").__version__,
                    "httpx": __import__("httpx").__version__,
                    "settings": {
                        "timeout_s": args.timeout,
                        "pause_s": args.pause,
                        "trickle_bytes": args.trickle_bytes,
                        "huge_body_bytes": len(_huge_body()),
                    },
                    "rows": rows,
                },
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
        print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
