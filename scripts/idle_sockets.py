#!/usr/bin/env python3
"""Memory per idle WebSocket of a running `tavolo serve` (docs/performance.md).

Opens N WebSockets of one guest to the room at ADDR, each saying `hello` once and then idle
(answering pings, as a browser does), and reports the server's resident memory (VmRSS of PID)
before and after, and per socket. Standard library only.

    scripts/idle_sockets.py --addr 127.0.0.1:8080 --pid $(pidof tavolo) --sockets 300

The room must allow that many sockets for one session and one address
(`--max-ws-per-session`, `--max-conns-per-ip`).
"""

import argparse
import asyncio
import base64
import json
import os
import struct
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit(f"no VmRSS for pid {pid}")


async def http_guest(host, port):
    r, w = await asyncio.open_connection(host, port)
    origin = f"http://{host}:{port}"
    w.write(
        (
            f"POST /api/guest HTTP/1.1\r\nHost: {host}:{port}\r\nOrigin: {origin}\r\n"
            "Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        ).encode()
    )
    await w.drain()
    data = await r.read()
    w.close()
    for line in data.decode(errors="replace").split("\r\n"):
        if line.lower().startswith("set-cookie:") and "tavolo_session=" in line:
            return line.split("tavolo_session=", 1)[1].split(";", 1)[0]
    raise SystemExit("no session cookie: " + data[:300].decode(errors="replace"))


def frame(opcode, payload):
    """A masked client frame."""
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return head + mask + body


async def read_frame(r):
    b0, b1 = await r.readexactly(2)
    n = b1 & 0x7F
    if n == 126:
        (n,) = struct.unpack(">H", await r.readexactly(2))
    elif n == 127:
        (n,) = struct.unpack(">Q", await r.readexactly(8))
    return b0 & 0x0F, await r.readexactly(n)


async def socket(host, port, session, stats):
    r, w = await asyncio.open_connection(host, port)
    key = base64.b64encode(os.urandom(16)).decode()
    w.write(
        (
            f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: http://{host}:{port}\r\nCookie: tavolo_session={session}\r\n\r\n"
        ).encode()
    )
    await w.drain()
    head = await r.readuntil(b"\r\n\r\n")
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        stats["refused"] += 1
        w.close()
        return
    stats["open"] += 1
    w.write(frame(1, json.dumps({"v": 1, "seq": 1, "type": "hello"}).encode()))
    await w.drain()
    try:
        while True:
            op, payload = await read_frame(r)
            if op == 9:  # ping: pong, as a browser does
                stats["pings"] += 1
                w.write(frame(10, payload))
                await w.drain()
            elif op == 8:
                break
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    stats["open"] -= 1
    stats["closed"] += 1


async def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--addr", default="127.0.0.1:8080")
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--sockets", type=int, default=300)
    p.add_argument("--settle", type=float, default=3.0, help="seconds to wait before measuring")
    p.add_argument("--hold", type=float, default=0.0, help="seconds to stay open after measuring")
    a = p.parse_args()
    host, port = a.addr.rsplit(":", 1)
    port = int(port)
    session = await http_guest(host, port)
    await asyncio.sleep(a.settle)
    before = rss_kib(a.pid)
    stats = {"open": 0, "refused": 0, "closed": 0, "pings": 0}
    tasks = []
    for _ in range(a.sockets):
        tasks.append(asyncio.create_task(socket(host, port, session, stats)))
        await asyncio.sleep(0.002)
    await asyncio.sleep(a.settle)
    after = rss_kib(a.pid)
    n = max(stats["open"], 1)
    print(
        f"{stats['open']} idle sockets open ({stats['refused']} refused): RSS {before} KiB -> "
        f"{after} KiB, {(after - before) / n:.1f} KiB per socket"
    )
    if a.hold:
        t0 = time.time()
        await asyncio.sleep(a.hold)
        print(
            f"after {time.time() - t0:.0f} s: {stats['open']} open, {stats['closed']} closed, "
            f"{stats['pings']} pings answered, RSS {rss_kib(a.pid)} KiB"
        )
    for t in tasks:
        t.cancel()


if __name__ == "__main__":
    asyncio.run(main())
