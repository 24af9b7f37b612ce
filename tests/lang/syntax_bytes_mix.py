print("before")
x = b"a" "b"
