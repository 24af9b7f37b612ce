print("before")
x = b"ok\x4"
