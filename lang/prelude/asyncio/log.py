# asyncio.log: the logger asyncio reports through.
import logging

logger = logging.getLogger('asyncio')
