"""Top-level await in a cell, as IPython's autoawait: the cell runs as a
coroutine on an asyncio loop kept for the session (Note [Top-level
await] in lang/runtime/interp.c)."""
from protocol import execute, outputs, stream_text


def result_of(msgs):
    [result] = outputs(msgs, "execute_result")
    return result["data"]["text/plain"]


def test_a_cell_awaits_at_its_top_level(kernel):
    kc = kernel.kc
    code = ("import asyncio\n"
            "async def twice(x):\n"
            "    await asyncio.sleep(0.01)\n"
            "    return 2 * x\n"
            "r = await twice(21)\n"
            "print('r', r)\n"
            "await twice(r)")
    reply, msgs = execute(kc, code)
    assert reply["content"]["status"] == "ok"
    assert stream_text(msgs, "stdout") == "r 42\n"
    assert result_of(msgs) == "84"
    # what the cell bound at its top level is global
    reply, msgs = execute(kc, "r, asyncio.iscoroutinefunction(twice)")
    assert result_of(msgs) == "(42, True)"


def test_async_for_and_with_at_top_level(kernel):
    kc = kernel.kc
    code = ("import asyncio\n"
            "async def gen(n):\n"
            "    for i in range(n):\n"
            "        await asyncio.sleep(0)\n"
            "        yield i\n"
            "got = []\n"
            "async for v in gen(3):\n"
            "    got.append(v)\n"
            "lock = asyncio.Lock()\n"
            "async with lock:\n"
            "    got.append(lock.locked())\n"
            "got + [x * 10 async for x in gen(2)]")
    reply, msgs = execute(kc, code)
    assert reply["content"]["status"] == "ok", reply["content"]
    assert result_of(msgs) == "[0, 1, 2, True, 0, 10]"


def test_a_task_runs_on_in_the_next_awaiting_cell(kernel):
    kc = kernel.kc
    execute(kc, "import asyncio\nlog = []\n"
                "async def later():\n    await asyncio.sleep(0.01)\n    log.append('ran')\n    return 'done'\n"
                "await asyncio.sleep(0)")
    reply, msgs = execute(kc, "task = asyncio.ensure_future(later())\ntask.done()")
    assert result_of(msgs) == "False"
    reply, msgs = execute(kc, "await task, log")
    assert result_of(msgs) == "('done', ['ran'])"


def test_an_error_in_an_awaiting_cell(kernel):
    kc = kernel.kc
    reply, msgs = execute(kc, "import asyncio\nasync def boom():\n    raise ValueError('no')\nx = 1\nawait boom()")
    content = reply["content"]
    assert content["status"] == "error"
    assert (content["ename"], content["evalue"]) == ("ValueError", "no")
    # the traceback starts at the cell, not in the event loop
    assert "asyncio" not in "".join(content["traceback"][1:2])
    assert any("line 5" in line for line in content["traceback"])
    reply, msgs = execute(kc, "x, asyncio.run(asyncio.sleep(0, 'run works'))")
    assert result_of(msgs) == "(1, 'run works')"
    reply, msgs = execute(kc, "await asyncio.sleep(0, 'after run')")
    assert result_of(msgs) == "'after run'"


def test_await_in_a_function_that_is_not_async_is_still_an_error(kernel):
    reply, msgs = execute(kernel.kc, "def f():\n    await g()")
    assert reply["content"]["status"] == "error"
    assert reply["content"]["ename"] == "SyntaxError"
    assert reply["content"]["evalue"].startswith("'await' outside async function")
