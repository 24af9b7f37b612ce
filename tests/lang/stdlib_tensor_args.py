# math and random take 0-d (and one-element) tensors as Python does:
# through __float__ and __index__, and their arithmetic on the arguments.
import math, random
import torch
t = torch.tensor(2.25)
print(math.sqrt(t), math.floor(t), math.ceil(t), math.exp(torch.tensor([1.0])), math.isclose(t, 2.25))
print(math.factorial(torch.tensor(4)), math.gcd(torch.tensor(12), 18), math.log(torch.tensor(8.0), 2))
print(math.prod([torch.tensor(2.0), 3]), math.fsum([torch.tensor(0.5), 0.25]), math.hypot(torch.tensor(3.0), 4))
for text, f in [("math.sqrt(torch.tensor([1.0, 2.0]))", lambda: math.sqrt(torch.tensor([1.0, 2.0]))),
                ("math.trunc(t)", lambda: math.trunc(t)),
                ("math.factorial(torch.tensor(2.5))", lambda: math.factorial(torch.tensor(2.5)))]:
    try:
        print(text, "->", f())
    except Exception as e:
        print(text, "->", type(e).__name__ + ":", e)
random.seed(0)
print(random.uniform(torch.tensor(1.0), 3), random.gauss(torch.tensor([0.0, 1.0]), 2))
print(random.choice(torch.arange(10)), random.randrange(torch.tensor(10)))
x = torch.arange(6)
random.shuffle(x)
print(x)
