def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise RuntimeError("could not parse") from e


parse("abc")
