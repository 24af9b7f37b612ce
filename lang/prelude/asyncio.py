# asyncio: coroutines on an event loop, as CPython 3.11's asyncio offers
# them to scripts and notebooks: run, tasks, gather/wait/wait_for, sleep,
# timeouts, task groups, locks, queues, threads. The loop waits on time
# and on threads only (Note [A loop without select] in
# asyncio/base_events.py): no sockets, streams or subprocesses.
import sys

from asyncio.base_events import *
from asyncio.coroutines import *
from asyncio.events import *
from asyncio.exceptions import *
from asyncio.futures import *
from asyncio.locks import *
from asyncio.protocols import *
from asyncio.queues import *
from asyncio.runners import *
from asyncio.taskgroups import *
from asyncio.tasks import *
from asyncio.threads import *
from asyncio.timeouts import *
from asyncio.transports import *
from asyncio.unix_events import *
from asyncio.events import _get_running_loop, _set_running_loop
from asyncio.tasks import _enter_task, _leave_task, _register_task, _unregister_task
from asyncio.runners import _autoawait
import asyncio.base_events as base_events
import asyncio.constants as constants
import asyncio.coroutines as coroutines
import asyncio.events as events
import asyncio.exceptions as exceptions
import asyncio.futures as futures
import asyncio.locks as locks
import asyncio.log as log
import asyncio.mixins as mixins
import asyncio.protocols as protocols
import asyncio.queues as queues
import asyncio.runners as runners
import asyncio.selector_events as selector_events
import asyncio.taskgroups as taskgroups
import asyncio.tasks as tasks
import asyncio.threads as threads
import asyncio.timeouts as timeouts
import asyncio.transports as transports
import asyncio.unix_events as unix_events

__all__ = (base_events.__all__ + coroutines.__all__ + events.__all__ + exceptions.__all__ + futures.__all__
           + locks.__all__ + protocols.__all__ + queues.__all__ + runners.__all__ + taskgroups.__all__
           + tasks.__all__ + threads.__all__ + timeouts.__all__ + transports.__all__ + unix_events.__all__)
