"""What a plugin hook that loops for ever does to a real ``kozyr serve`` (docs/reliability.md).

    python fuzz/runaway.py                 # loopback only; about a minute

It starts ``kozyr serve`` as its own process on 127.0.0.1, with a run-time plugin whose
variant ``runaway``'s ``score`` never returns (a pure-Python loop that never calls back into
kozyr, so the request budget cannot stop it), and measures: how long a request that runs into
the loop takes to be answered and with what; how long a normal request (``GET
/api/variants``, ``POST /api/score`` of a Seven Up deal) takes while 1, 2, … such requests
are stuck; what the server answers once more runaways are stuck than it tolerates; its CPU time
and threads. Prints one Markdown table and a summary.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

LAUNCH = textwrap.dedent(
    """
    import sys
    from collections.abc import Mapping
    from typing import Any

    import kozyr
    from kozyr import hookimpl
    from kozyr.cli import main

    base = type(kozyr.get_variant("seven-up"))

    class Runaway(base):
        name = "runaway"
        aliases = ()

        def score(self, record: Any, context: Mapping[str, Any]) -> Any:
            n = 0
            while True:  # never returns, never calls kozyr
                n += 1

    class Plugin:
        @hookimpl
        def kozyr_register_variants(self, registry: Any) -> None:
            registry.add(Runaway)

    kozyr.register_plugin(Plugin(), name="runaway-plugin")
    sys.exit(main(sys.argv[1:]))
    """
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def request(
    port: int, method: str, path: str, body: Any = None, timeout: float = 60.0
) -> tuple[int, float, str]:
    began = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        return response.status, time.perf_counter() - began, text
    except (TimeoutError, OSError) as error:
        return 0, time.perf_counter() - began, type(error).__name__
    finally:
        connection.close()


def cpu_and_threads(pid: int) -> tuple[float, int]:
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(stat[11]) + int(stat[12])) / ticks
    threads = int(stat[17])
    return cpu, threads


def main() -> int:
    import kozyr

    seconds = 2
    port = free_port()
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"kozyr-runaway-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(folder / "runaway.sqlite3"), "--request-seconds", str(seconds)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        for _ in range(100):
            if request(port, "GET", "/api/variants", timeout=2)[0] == 200:
                break
            time.sleep(0.1)
        deal = kozyr.play_deal(kozyr.get_variant("seven-up"), seed=1).record.to_json()
        runaway = {**deal, "variant": "runaway"}
        rows = []

        def normal(stuck: int) -> None:
            status, took, _ = request(port, "GET", "/api/variants")
            score, score_took, _ = request(port, "POST", "/api/score", deal)
            cpu, threads = cpu_and_threads(server.pid)
            rows.append((stuck, status, took, score, score_took, cpu, threads))

        normal(0)
        answers = []
        for stuck in range(1, 8):
            status, took, text = request(port, "POST", "/api/score", runaway)
            answers.append((stuck, status, took, text[:160]))
            normal(stuck)
        print(f"kozyr serve --request-seconds {seconds}, a score hook that never returns\n")
        print(
            "| runaway request | its answer | after | then GET /api/variants "
            "| POST /api/score (Seven Up) | server CPU s | threads |"
        )
        print("|---:|---|---:|---|---|---:|---:|")
        for (stuck, status, took, _), row in zip(answers, rows[1:], strict=True):
            _, g, gt, s, st, cpu, threads = row
            print(
                f"| {stuck} | {status} | {took:.2f} s | {g} in {gt:.2f} s | {s} in {st:.2f} s "
                f"| {cpu:.1f} | {threads} |"
            )
        print()
        print("first answer:", answers[0][3])
        print("last answer:", answers[-1][3])
        _, g0, gt0, s0, st0, cpu0, threads0 = rows[0]
        print(f"before any runaway: GET {g0} in {gt0:.3f} s, score {s0} in {st0:.3f} s, "
              f"CPU {cpu0:.1f} s, {threads0} threads")  # fmt: skip
        time.sleep(5)
        cpu_a, _ = cpu_and_threads(server.pid)
        time.sleep(5)
        cpu_b, _ = cpu_and_threads(server.pid)
        print(f"server CPU while idle with the runaways stuck: {(cpu_b - cpu_a) / 5:.2f} s per s")
        started = time.perf_counter()
        server.terminate()
        try:
            server.wait(timeout=30)
            print(f"SIGTERM: exited {server.returncode} in {time.perf_counter() - started:.1f} s")
        except subprocess.TimeoutExpired:
            print("SIGTERM: still running after 30 s")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
