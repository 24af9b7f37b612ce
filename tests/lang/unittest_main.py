# unittest: unittest.main (argv, -v, -q, -k, -f, test names, exit status), the loader's names and discover over a fresh folder
import io
import os
import sys
import tempfile
import unittest


def show(text):
    for line in text.splitlines():
        if not line.startswith("Ran "):
            print(line)


class Alpha(unittest.TestCase):
    def test_one(self):
        pass

    def test_two(self):
        self.assertIn("b", "abc")

    def test_broken(self):
        self.assertEqual([1], [1], "fine")
        raise OSError(2, "No such file", "x.txt")


class Beta(unittest.TestCase):
    def test_three(self):
        pass

    def helper(self):
        pass


def main(*args, **kw):
    buf = io.StringIO()
    runner = unittest.TextTestRunner(stream=buf, verbosity=kw.pop("verbosity", 1))
    try:
        prog = unittest.main(argv=["prog", *args], testRunner=runner, **kw)
        print("result", prog.result.wasSuccessful())
    except SystemExit as e:
        print("exit", e.code)
    show(buf.getvalue())


main(exit=False)
main()
main("Beta")
main("Alpha.test_one", "Beta.test_three")
main("-k", "two")
main("-k", "Beta", "-k", "test_one")
main("-f")
main("Nope")


class Verbose(unittest.TextTestRunner):
    def __init__(self, **kw):
        print("runner got", sorted(kw))
        super().__init__(stream=io.StringIO(), **kw)

    def run(self, test):
        r = super().run(test)
        show(self.stream.getvalue())
        return r


for flags in (["-v"], ["-q"]):
    try:
        prog = unittest.main(argv=["prog", *flags, "Beta"], testRunner=Verbose)
    except SystemExit as e:
        print("exit", e.code)

loader = unittest.TestLoader()
print(loader.getTestCaseNames(Alpha), loader.getTestCaseNames(Beta))
print(loader.loadTestsFromName("Alpha.test_two", sys.modules[__name__]).countTestCases())
print(loader.loadTestsFromNames(["Alpha", "Beta"], sys.modules[__name__]).countTestCases())
print(loader.loadTestsFromModule(sys.modules[__name__]).countTestCases())
loader.testMethodPrefix = "helper"
print(loader.getTestCaseNames(Beta))
try:
    loader.loadTestsFromTestCase(unittest.TestSuite)
except TypeError as e:
    print("TypeError:", e)

# discover: test modules in a folder, a package with its own, a file that does not match
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "test_first.py"), "w") as f:
        f.write("import unittest\nclass A(unittest.TestCase):\n    def test_a(self):\n        pass\n"
                "    def test_b(self):\n        self.assertEqual(2, 3)\n")
    with open(os.path.join(d, "helper.py"), "w") as f:
        f.write("raise RuntimeError('not a test module')\n")
    os.mkdir(os.path.join(d, "pkg"))
    with open(os.path.join(d, "pkg", "__init__.py"), "w") as f:
        f.write("")
    with open(os.path.join(d, "pkg", "test_inner.py"), "w") as f:
        f.write("import unittest\nclass B(unittest.TestCase):\n    def test_c(self):\n        pass\n")
    suite = unittest.TestLoader().discover(d)
    print(suite.countTestCases())
    buf = io.StringIO()
    r = unittest.TextTestRunner(stream=buf, verbosity=2).run(suite)
    out = buf.getvalue().replace(d, "DIR")
    show(out)
    print(unittest.TestLoader().discover(d, pattern="*inner.py").countTestCases())
    sys.path.remove(d)
