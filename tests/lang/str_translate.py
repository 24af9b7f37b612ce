print('abc'.translate(str.maketrans('ab','xy')))
print(str.maketrans({'a':'1', 98: None}))
print(sorted(str.maketrans('ab', 'cd', 'xyz').items()))
print('hello world'.translate(str.maketrans('', '', 'lo')))
print('héllo'.translate({ord('é'): 'e', ord('h'): 'HH'}))
print('abc'.translate({97: 0x263a}))
print('abc'.translate([None, 'x']))
print('abc'.maketrans('a', 'b'))
for bad in [lambda: str.maketrans('ab', 'c'), lambda: str.maketrans(1), lambda: str.maketrans({'ab': 1}),
            lambda: str.maketrans({1.5: 1}), lambda: str.maketrans(1, 'a'), lambda: str.maketrans('a', 1),
            lambda: str.maketrans('a', 'b', 3), lambda: 'a'.translate({97: -1}), lambda: 'a'.translate({97: 1.5}),
            lambda: 'a'.translate(5)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
class T:
    def __getitem__(self, k):
        if k == 98: raise KeyError(k)
        return chr(k).upper()
print('abc'.translate(T()))
