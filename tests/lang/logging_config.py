# logging.config.dictConfig: formatters, filters, handlers with ext://
# streams, loggers and root, disable_existing_loggers, and its errors.
import logging, logging.config, sys
old = logging.getLogger("old.module")
logging.config.dictConfig({
    "version": 1,
    "formatters": {"brief": {"format": "%(levelname)-8s %(name)s: %(message)s"},
                   "braces": {"format": "[{levelname}] {message}", "style": "{"}},
    "filters": {"onlyapp": {"name": "app"}},
    "handlers": {"out": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                         "formatter": "brief", "level": "DEBUG"},
                 "br": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                        "formatter": "braces", "filters": ["onlyapp"]}},
    "loggers": {"app": {"level": "DEBUG", "handlers": ["br"], "propagate": True}},
    "root": {"level": "INFO", "handlers": ["out"]},
})
logging.getLogger("app").debug("app debug")
logging.getLogger("app.x").info("child info")
logging.getLogger("other").debug("hidden")
logging.getLogger("other").warning("root warning")
print(old.disabled, logging.getLogger("app").level, [h.name for h in logging.getLogger().handlers])
for bad in [{"handlers": {}}, {"version": 2}, {"version": 1, "handlers": {"h": {"class": "no.such.Handler"}}},
            {"version": 1, "loggers": {"a": {"level": "LOUD"}}}]:
    try:
        logging.config.dictConfig(bad)
    except ValueError as e:
        print("ValueError:", e, "|", e.__cause__)
print(logging.config.valid_ident("abc"))
