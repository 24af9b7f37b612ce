# asyncio's core: run, tasks and their states, gather, wait, wait_for,
# as_completed, shield, timeout, TaskGroup, cancellation, the loop's
# scheduling methods, futures, threads.
import asyncio
import re
import threading


def masked(obj):
    return re.sub(r"0x[0-9a-f]+", "0x...", repr(obj))


async def job(name, delay, fail=False):
    await asyncio.sleep(delay)
    if fail:
        raise ValueError(f"{name} failed")
    return name.upper()


async def basics():
    print(await job("a", 0))
    print(await asyncio.gather(job("slow", 0.1), job("fast", 0.01)))
    print(await asyncio.gather(job("x", 0.01), job("y", 0.01, fail=True), return_exceptions=True))
    print(await asyncio.gather())
    try:
        await asyncio.gather(job("p", 0.01, fail=True), job("q", 30))
    except ValueError as e:
        print("gather raised", e)
    print(await asyncio.sleep(0.01, result="slept"))


async def tasks():
    t = asyncio.create_task(job("t", 0.01), name="worker")
    print(t.get_name(), t.done(), t.cancelled(), masked(t.get_coro()))
    print(await t, t.done(), t.result(), t.exception())
    t.set_name("renamed")
    print(t.get_name(), asyncio.current_task().get_name().startswith("Task-"))
    print(len(asyncio.all_tasks()))
    bad = asyncio.create_task(job("bad", 0, fail=True))
    await asyncio.sleep(0.01)
    print(bad.done(), repr(bad.exception()))
    try:
        bad.result()
    except ValueError as e:
        print("result raised", e)
    slow = asyncio.create_task(job("slow", 10))
    await asyncio.sleep(0)
    print(slow.cancel(), slow.cancelling(), slow.cancel("again"))
    try:
        await slow
    except asyncio.CancelledError:
        print("cancelled", slow.cancelled(), slow.done())
    try:
        slow.result()
    except asyncio.CancelledError:
        print("result of a cancelled task raises CancelledError")
    print(slow.cancel())
    seen = []
    done_task = asyncio.create_task(job("cb", 0))
    done_task.add_done_callback(lambda f: seen.append(f.result()))
    await done_task
    await asyncio.sleep(0)
    print(seen)


async def waiting():
    try:
        await asyncio.wait_for(job("late", 10), timeout=0.02)
    except asyncio.TimeoutError as e:
        print("wait_for timed out", type(e).__name__, asyncio.TimeoutError is TimeoutError)
    print(await asyncio.wait_for(job("soon", 0.01), timeout=5))
    print(await asyncio.wait_for(job("none", 0), None))
    ts = [asyncio.create_task(job(n, d)) for n, d in [("w1", 0.01), ("w2", 0.2), ("w3", 0.3)]]
    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_COMPLETED)
    print(sorted(t.result() for t in done), len(pending))
    done, pending = await asyncio.wait(ts, timeout=0.01)
    print(len(done), len(pending))
    done, pending = await asyncio.wait(ts)
    print(sorted(t.result() for t in done), pending)
    failing = [asyncio.create_task(job("e1", 0.01, fail=True)), asyncio.create_task(job("e2", 0.3))]
    done, pending = await asyncio.wait(failing, return_when=asyncio.FIRST_EXCEPTION)
    print(len(done), len(pending))
    for t in pending:
        t.cancel()
    order = []
    for c in asyncio.as_completed([job("third", 0.3), job("first", 0.01), job("second", 0.15)]):
        order.append(await c)
    print(order)
    try:
        for c in asyncio.as_completed([job("never", 10)], timeout=0.01):
            await c
    except asyncio.TimeoutError:
        print("as_completed timed out")


async def shielding():
    inner = asyncio.ensure_future(job("shielded", 0.05))
    outer = asyncio.shield(inner)
    outer.cancel()
    try:
        await outer
    except asyncio.CancelledError:
        print("outer cancelled; inner cancelled?", inner.cancelled())
    print(await inner)


async def timeouts():
    try:
        async with asyncio.timeout(0.02) as cm:
            await asyncio.sleep(10)
    except TimeoutError:
        print("timeout expired", cm.expired())
    async with asyncio.timeout(5) as cm:
        await asyncio.sleep(0)
    print("in time", cm.expired())
    async with asyncio.timeout(None) as cm:
        print(cm.when(), masked(cm))
        cm.reschedule(asyncio.get_running_loop().time() + 5)
        print(cm.when() is not None)
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout_at(loop.time() + 0.01):
            await asyncio.sleep(10)
    except TimeoutError:
        print("timeout_at expired")


async def groups():
    async with asyncio.TaskGroup() as tg:
        a = tg.create_task(job("g1", 0.01))
        b = tg.create_task(job("g2", 0.02))
    print(a.result(), b.result())
    try:
        async with asyncio.TaskGroup() as tg:
            ok = tg.create_task(job("long", 10))
            tg.create_task(job("broken", 0.01, fail=True))
    except BaseException as eg:
        print(type(eg).__name__ in ("ExceptionGroup", "BaseExceptionGroup", "_BaseExceptionGroup"),
              [str(e) for e in eg.exceptions], ok.cancelled())


async def loop_methods():
    loop = asyncio.get_running_loop()
    print(loop.is_running(), loop.is_closed(), asyncio.get_event_loop() is loop)
    events = []
    loop.call_soon(events.append, "soon")
    loop.call_later(0.02, events.append, "later")
    loop.call_at(loop.time() + 0.01, events.append, "at")
    h = loop.call_later(0.01, events.append, "cancelled")
    h.cancel()
    print(h.cancelled(), masked(h).startswith("<TimerHandle"))
    await asyncio.sleep(0.05)
    print(events)
    fut = loop.create_future()
    print(repr(fut), fut.done())
    loop.call_later(0.01, fut.set_result, 42)
    print(await fut, repr(fut))
    f2 = loop.create_future()
    f2.set_exception(KeyError("k"))
    print(repr(f2))
    try:
        await f2
    except KeyError as e:
        print("future raised", repr(e))
    f3 = loop.create_future()
    try:
        f3.result()
    except asyncio.InvalidStateError as e:
        print("InvalidStateError:", e)
    f3.cancel()
    print(repr(f3), f3.cancelled())
    print(await asyncio.to_thread(lambda a, b: a * b, 6, 7))
    main_thread = threading.current_thread()
    other = await loop.run_in_executor(None, lambda: threading.current_thread() is not main_thread)
    print("ran in another thread", other)
    def from_thread():
        loop.call_soon_threadsafe(events.append, "threadsafe")
    await asyncio.to_thread(from_thread)
    await asyncio.sleep(0)
    print(events[-1])


async def main():
    for part in (basics, tasks, waiting, shielding, timeouts, groups, loop_methods):
        print(f"-- {part.__name__}")
        await part()
    return "main done"


print(asyncio.run(main()))
try:
    asyncio.run(job("x", 0))
    asyncio.run(asyncio.sleep(0))
    asyncio.run(1)
except ValueError as e:
    print("ValueError:", e)


async def nested_run():
    coro = asyncio.sleep(0)
    try:
        asyncio.run(coro)
    except RuntimeError as e:
        print("RuntimeError:", e)
    coro.close()


asyncio.run(nested_run())
loop = asyncio.new_event_loop()
print(masked(loop))
print(loop.run_until_complete(job("manual", 0)))
task = loop.create_task(job("stopped", 0))
loop.call_soon(loop.stop)
loop.run_forever()
print(task.done(), loop.run_until_complete(task))
loop.close()
print(loop.is_closed())
closed_coro = job("closed", 0)
try:
    loop.run_until_complete(closed_coro)
except RuntimeError as e:
    print("RuntimeError:", e)
closed_coro.close()
print(asyncio.iscoroutinefunction(job), asyncio.iscoroutinefunction(print))
