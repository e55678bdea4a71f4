#!/usr/bin/env python3
"""Drives duo-new through a real pseudo-terminal, for the prompt tests.

    drive.py STEPS_JSON BINARY [ARGUMENT...]

STEPS_JSON is a list of {"expect": TEXT, "send": TEXT}: wait until TEXT has been printed after
the previous step's (30 s at most), then type `send` ("\\r" is Enter, "\\u0003" Ctrl-C, "\\u0004" end of input, "\\udcff" the byte 0xFF). Runs in the
current folder with the current environment. Prints one JSON object: {"status": the exit status,
or 128 + the signal's number, "transcript": everything the terminal showed, "missed": the first
expected text that never came, or null}.
"""
import json
import os
import pty
import select
import signal
import sys
import time

steps = json.loads(sys.argv[1])
binary = sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    # As in a terminal a user opens: Ctrl-C interrupts, whatever the test runner ignores or blocks.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.execv(binary, [binary] + sys.argv[3:])

transcript = b""
# Where the last expected text ended: each step waits for output after it.
offset = 0


def read(until=None, timeout=30.0):
    """Reads what the terminal shows until `until` appears, the child closes it, or time runs out."""
    global transcript, offset
    deadline = time.monotonic() + timeout
    while until is None or until.encode() not in transcript[offset:]:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], min(remaining, 0.5))
        if not ready:
            continue
        try:
            data = os.read(fd, 4096)
        except OSError:
            return until is None
        if not data:
            return until is None
        transcript += data
    if until is not None:
        offset = transcript.index(until.encode(), offset) + len(until.encode())
    return True


missed = None
for step in steps:
    if not read(step["expect"]):
        missed = step["expect"]
        break
    # surrogateescape: "\udcff" in the JSON types the byte 0xFF, which is not UTF-8.
    os.write(fd, step["send"].encode("utf-8", "surrogateescape"))
if missed is None:
    read(None, timeout=60.0)
else:
    os.kill(pid, 9)
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
print(json.dumps({"status": code, "transcript": transcript.decode("utf-8", "replace"), "missed": missed}))
