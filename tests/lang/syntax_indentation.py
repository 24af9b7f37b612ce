# An IndentationError gets one caret, as CPython prints it.
for i in range(3):
print(i)
