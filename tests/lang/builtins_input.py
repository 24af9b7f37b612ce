name = input("name? ")
n = int(input())
print(f"hello {name}, twice {n} is {2 * n}")
try:
    input("more? ")
except EOFError as e:
    print("EOFError:", e)
