"""unittest._log: the context manager of assertLogs and assertNoLogs,
over the logging module (imported when first used, so that this module
imports without it)."""

from unittest.case import _BaseTestCaseContext

__unittest = True


class _LoggingWatcher(tuple):
    """(records, output): what assertLogs saw."""

    def __new__(cls, records, output):
        return tuple.__new__(cls, (records, output))

    records = property(lambda self: self[0])
    output = property(lambda self: self[1])


_handler_class = None


def _capturing_handler():
    """A logging handler that keeps the records and their formatted text (its class made once)."""
    global _handler_class
    if _handler_class is None:
        import logging

        class _CapturingHandler(logging.Handler):
            def __init__(self):
                logging.Handler.__init__(self)
                self.watcher = _LoggingWatcher([], [])

            def flush(self):
                pass

            def emit(self, record):
                self.watcher.records.append(record)
                self.watcher.output.append(self.format(record))

        _handler_class = _CapturingHandler
    return _handler_class()


class _AssertLogsContext(_BaseTestCaseContext):
    """Collects the log records of logger at level or above; checks there were (or were not) some."""

    LOGGING_FORMAT = "%(levelname)s:%(name)s:%(message)s"

    def __init__(self, test_case, logger_name, level, no_logs):
        import logging
        _BaseTestCaseContext.__init__(self, test_case)
        self.logger_name = logger_name
        if level:
            self.level = logging._nameToLevel.get(level, level)
        else:
            self.level = logging.INFO
        self.msg = None
        self.no_logs = no_logs

    def __enter__(self):
        import logging
        if isinstance(self.logger_name, logging.Logger):
            logger = self.logger = self.logger_name
        else:
            logger = self.logger = logging.getLogger(self.logger_name)
        handler = _capturing_handler()
        handler.setLevel(self.level)
        handler.setFormatter(logging.Formatter(self.LOGGING_FORMAT))
        self.watcher = handler.watcher
        self.old_handlers = logger.handlers[:]
        self.old_level = logger.level
        self.old_propagate = logger.propagate
        logger.handlers = [handler]
        logger.setLevel(self.level)
        logger.propagate = False
        if self.no_logs:
            return
        return handler.watcher

    def __exit__(self, exc_type, exc_value, tb):
        import logging
        self.logger.handlers = self.old_handlers
        self.logger.propagate = self.old_propagate
        self.logger.setLevel(self.old_level)
        if exc_type is not None:
            return False
        if self.no_logs:
            if len(self.watcher.records) > 0:
                self._raiseFailure("Unexpected logs found: {!r}".format(self.watcher.output))
        else:
            if len(self.watcher.records) == 0:
                self._raiseFailure("no logs of level {} or higher triggered on {}".format(
                    logging.getLevelName(self.level), self.logger.name))
