# from __future__ imports, which old PyTorch scripts start with
from __future__ import print_function, division, absolute_import, unicode_literals
from __future__ import annotations, generator_stop, with_statement, nested_scopes, generators
import __future__

print(__future__.division)
print(__future__.annotations, __future__.annotations.getMandatoryRelease())
print(__future__.print_function.getOptionalRelease(), __future__.print_function.compiler_flag)
print(__future__.all_feature_names)
print(hex(__future__.CO_FUTURE_ANNOTATIONS), __future__.CO_GENERATOR_ALLOWED)
print(sorted(n for n in dir(__future__) if not n.startswith("_")))
print(7 / 2, 7 // 2)

# what Python's compiler refuses
for src in ["from __future__ import braces", "from __future__ import nope, division",
            "x = 1\nfrom __future__ import division", '"""doc"""\nfrom __future__ import annotations\nx = 2']:
    try:
        compile(src, "<future>", "exec")
        print("compiles:", repr(src))
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno, e.offset)
