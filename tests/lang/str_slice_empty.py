# str slices whose stop comes before their start are empty (ASCII and not), as name[2:-2] on a short name
for s in ["", "x", "ab", "abc", "é", "héllo", "日本"]:
    print(repr(s[2:-2]), repr(s[5:1]), repr(s[-1:0]), repr(s[3:2:1]), repr(s[1:5][3:1]))
name = "x"
print("__%s__" % name[2:-2] == name)
