class ConfigError(Exception):
    def __init__(self, key):
        super().__init__(f"missing key {key!r}")
        self.key = key


x = {"lr": 0.1}
try:
    x["momentum"]
except KeyError:
    raise ConfigError("momentum")
