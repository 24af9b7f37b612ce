# 'yield' at module level is a SyntaxError before anything runs.
print("never printed")
for i in range(3):
    yield i
