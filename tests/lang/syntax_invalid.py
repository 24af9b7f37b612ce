print("ok")
if x == 1
    print("no colon")
