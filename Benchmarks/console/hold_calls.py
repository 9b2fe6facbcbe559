#!/usr/bin/env python3
"""Holds N live calls on a development-mode server for Benchmarks/console: callers of 32 calls each (the
service's per-user cap), every call ringing at an offline invitee of its own (ZIM advanced mode keeps
offline invitees ringing), and every 100th answered by an online invitee of its own, so the list has both
states. Each
connection answers the heartbeat. Prints "ready N" once every call is live, then holds until stdin closes.
"""
import asyncio
import json
import sys

import websockets

URL, CALLS = sys.argv[1], int(sys.argv[2])
PER_CALLER = 32
SURFACES = ["zim", "agora", "tencent", "artm"]


async def login(user, surface):
    socket = await websockets.connect(URL, max_size=1 << 22, ping_interval=None)
    await socket.send(json.dumps({"t": "hello", "v": 1, "app": "bench", "user": user, "device": user + "-d", "token": "x",
                                  "policy": "multiDevice", "surface": surface}))
    welcome = json.loads(await socket.recv())
    assert welcome["t"] == "welcome", welcome
    return socket


async def pump(socket, answers, accepts=None):
    """Reads everything the server sends; answers requests' futures; acks events; accepts invitations."""
    async for text in socket:
        frame = json.loads(text)
        if frame["t"] == "res" and frame["id"] in answers:
            answers.pop(frame["id"]).set_result(frame)
        elif frame["t"] == "evt":
            await socket.send(json.dumps({"t": "ack", "seq": frame["seq"]}))
            if accepts is not None and frame.get("name") == "call.invited":
                accepts.put_nowait(frame["body"]["call"]["id"])


async def heartbeat(socket):
    while True:
        await asyncio.sleep(1)
        await socket.send('{"t":"ping"}')


async def caller(index, first, count, answerer):
    user = f"caller-{index}"
    socket = await login(user, SURFACES[index % len(SURFACES)])
    answers, loop = {}, asyncio.get_running_loop()
    tasks = [asyncio.create_task(pump(socket, answers)), asyncio.create_task(heartbeat(socket))]
    request = 0
    for n in range(count):
        number = first + n
        invitee = f"answerer-{number // 100}" if number % 100 == 0 else f"offline-{number}"
        # One at a time; a refusal as overloaded (the server sheds while its loops lag) is retried, as clients do.
        for attempt in range(100):
            request += 1
            answers[request] = loop.create_future()
            await socket.send(json.dumps({"t": "req", "id": request, "op": "call.invite",
                                          "body": {"invitees": [invitee], "profile": "zim.advanced", "ringTimeoutMs": 600000}}))
            result = await answers[request]
            if "ok" in result:
                break
            assert result["error"]["code"] == "overloaded", result
            await asyncio.sleep(0.05 * (attempt + 1))
    return socket, tasks


async def answerer(index):
    socket = await login(f"answerer-{index}", "zim")
    answers, accepts = {}, asyncio.Queue()
    tasks = [asyncio.create_task(pump(socket, answers, accepts)), asyncio.create_task(heartbeat(socket))]

    async def accept_all():
        number = 1_000_000
        while True:
            call = await accepts.get()
            number += 1
            await socket.send(json.dumps({"t": "req", "id": number, "op": "call.accept", "body": {"call": call}}))
    tasks.append(asyncio.create_task(accept_all()))
    return socket, tasks


async def main():
    held = await asyncio.gather(*[answerer(i) for i in range((CALLS + 99) // 100)])
    callers = (CALLS + PER_CALLER - 1) // PER_CALLER
    for batch in range(0, callers, 50):
        held = list(held) + await asyncio.gather(*[
            caller(i, i * PER_CALLER, min(PER_CALLER, CALLS - i * PER_CALLER), None)
            for i in range(batch, min(callers, batch + 50))])
    print(f"ready {CALLS}", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


asyncio.run(main())
