# asyncio's synchronization and queues: Lock, Event, Condition,
# Semaphore, BoundedSemaphore, Barrier, Queue, PriorityQueue, LifoQueue.
import asyncio
import re


def masked(obj):
    return re.sub(r"0x[0-9a-f]+", "0x...", repr(obj))


async def locks():
    lock = asyncio.Lock()
    print(masked(lock), lock.locked())
    log = []

    async def critical(i):
        async with lock:
            log.append(f"in{i}")
            await asyncio.sleep(0.001)
            log.append(f"out{i}")

    await asyncio.gather(*(critical(i) for i in range(3)))
    print(log, lock.locked())
    await lock.acquire()
    print(masked(lock))
    lock.release()
    try:
        lock.release()
    except RuntimeError as e:
        print("RuntimeError:", e)


async def events():
    ev = asyncio.Event()
    print(masked(ev), ev.is_set())

    async def waiter(i):
        await ev.wait()
        return i

    tasks = [asyncio.create_task(waiter(i)) for i in range(3)]
    await asyncio.sleep(0)
    print(masked(ev))
    ev.set()
    print(await asyncio.gather(*tasks), ev.is_set(), await ev.wait())
    ev.clear()
    print(ev.is_set())


async def conditions():
    cond = asyncio.Condition()
    items = []

    async def consumer(i):
        async with cond:
            await cond.wait_for(lambda: items)
            return (i, items.pop())

    tasks = [asyncio.create_task(consumer(i)) for i in range(2)]
    await asyncio.sleep(0)
    for v in ("a", "b"):
        async with cond:
            items.append(v)
            cond.notify()
        await asyncio.sleep(0)
    print(sorted(await asyncio.gather(*tasks)))
    try:
        cond.notify()
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        await cond.wait()
    except RuntimeError as e:
        print("RuntimeError:", e)
    async with cond:
        cond.notify_all()
    print(masked(cond))


async def semaphores():
    sem = asyncio.Semaphore(2)
    print(masked(sem))
    active = peak = 0

    async def limited(i):
        nonlocal active, peak
        async with sem:
            active += 1
            peak = max(peak, active)
            await asyncio.sleep(0.001)
            active -= 1
        return i

    print(await asyncio.gather(*(limited(i) for i in range(5))), "peak", peak)
    bounded = asyncio.BoundedSemaphore(1)
    await bounded.acquire()
    print(bounded.locked())
    bounded.release()
    try:
        bounded.release()
    except ValueError as e:
        print("ValueError:", e)
    try:
        asyncio.Semaphore(-1)
    except ValueError as e:
        print("ValueError:", e)


async def barriers():
    barrier = asyncio.Barrier(3)
    print(masked(barrier), barrier.parties, barrier.n_waiting, barrier.broken)

    async def party(i):
        await asyncio.sleep(0.001 * i)
        return await barrier.wait()

    print(sorted(await asyncio.gather(*(party(i) for i in range(3)))))


async def queues():
    q = asyncio.Queue(maxsize=2)
    print(masked(q), q.empty(), q.full(), q.maxsize)
    await q.put(1)
    q.put_nowait(2)
    print(q.full(), q.qsize(), masked(q))
    try:
        q.put_nowait(3)
    except asyncio.QueueFull:
        print("QueueFull")
    print(await q.get(), q.get_nowait())
    try:
        q.get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty")
    q.task_done()
    q.task_done()
    try:
        q.task_done()
    except ValueError as e:
        print("ValueError:", e)
    results = []

    async def producer():
        for i in range(5):
            await q.put(i)
        await q.put(None)

    async def consumer():
        while True:
            item = await q.get()
            q.task_done()
            if item is None:
                return
            results.append(item * 10)

    await asyncio.gather(producer(), consumer())
    await q.join()
    print(results)
    pq = asyncio.PriorityQueue()
    for v in (5, 1, 3):
        pq.put_nowait(v)
    lq = asyncio.LifoQueue()
    for v in (5, 1, 3):
        lq.put_nowait(v)
    print([pq.get_nowait() for _ in range(3)], [lq.get_nowait() for _ in range(3)])
    getter = asyncio.create_task(asyncio.wait_for(asyncio.Queue().get(), 0.01))
    try:
        await getter
    except TimeoutError:
        print("get timed out")


async def main():
    for part in (locks, events, conditions, semaphores, barriers, queues):
        print(f"-- {part.__name__}")
        await part()


asyncio.run(main())
