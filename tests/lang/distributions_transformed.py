# torch.distributions: transforms and TransformedDistribution, LogNormal,
# Gumbel, HalfNormal, Cauchy (density only), Geometric: values, fixed-seed
# samples, rsample gradients, shapes, repr, support and validation.
import torch
import torch.distributions as D
import torch.distributions.transforms as T

x = torch.tensor([-1.5, 0.0, 0.7, 2.0])
for t in [T.ExpTransform(), T.AffineTransform(1.0, 2.0), T.AffineTransform(torch.tensor(-1.), torch.tensor(0.5)),
          T.SigmoidTransform(), T.TanhTransform(), T.AbsTransform(), T.PowerTransform(2.0),
          T.ComposeTransform([T.AffineTransform(0., 3.), T.SigmoidTransform()])]:
    xi = x.abs() + 0.1 if isinstance(t, T.PowerTransform) else x
    y = t(xi)
    print(t, t.domain, t.codomain, y)
    if not isinstance(t, T.TanhTransform):  # cgrad lacks torch.atanh
        print(t.inv, t.inv(y))
    if t.bijective:
        print(t.log_abs_det_jacobian(xi, y), t.sign)
print(T.ExpTransform() == T.ExpTransform(), T.AffineTransform(1., 2.) == T.AffineTransform(1., 2.))
print(T.ExpTransform().inv.inv, T.identity_transform)
v = torch.tensor([[0.2, -0.4, 1.0], [1.5, 0.3, -2.0]])
sm = T.SoftmaxTransform()
print(sm(v), sm.inv(sm(v)), sm.forward_shape(torch.Size([2, 3])))
sb = T.StickBreakingTransform()
print(sb, sb.domain, sb.codomain, sb.forward_shape(torch.Size([2, 3])), sb.inverse_shape(torch.Size([2, 3])))
ct = T.ComposeTransform([T.ExpTransform(), T.AffineTransform(0.0, 2.0)])
print(ct.log_abs_det_jacobian(x, ct(x)), ct.inv(ct(x)))
it = T.IndependentTransform(T.ExpTransform(), 1)
print(it, it.domain, it.log_abs_det_jacobian(v, it(v)))
c1 = T.ExpTransform(cache_size=1)
y1 = c1(x)
print(c1.inv(y1) is x)

torch.manual_seed(1)
loc = torch.tensor([0.0, 0.5], requires_grad=True)
ln = D.LogNormal(loc, torch.tensor([1.0, 0.25]))
print(ln, ln.batch_shape, ln.support, ln.loc, ln.scale, ln.has_rsample)
print(ln.sample(), ln.sample((2,)))
r = ln.rsample((3,))
r.sum().backward()
print(r, loc.grad)
z = torch.tensor([0.5, 2.0])
print(ln.log_prob(z), ln.cdf(z), ln.icdf(torch.tensor([0.3, 0.8])), ln.entropy())
print(ln.mean, ln.mode, ln.variance, ln.expand((3, 2)).batch_shape)
try:
    ln.log_prob(torch.tensor([-1.0, 1.0]))
except ValueError as e:
    print("ValueError:", e)

td = D.TransformedDistribution(D.Normal(torch.zeros(3), torch.ones(3)),
                               [T.AffineTransform(1.0, 2.0), T.SigmoidTransform()])
print(td, td.batch_shape, td.event_shape, td.support)
print(td.sample(), td.log_prob(torch.tensor([0.2, 0.5, 0.9])), td.cdf(torch.tensor([0.2, 0.5, 0.9])))
tds = D.TransformedDistribution(D.Independent(D.Normal(torch.zeros(3), torch.ones(3)), 1), T.StickBreakingTransform())
print(tds.batch_shape, tds.event_shape, tds.support)
for bad in [lambda: D.TransformedDistribution(D.Normal(0., 1.), "exp"),
            lambda: D.TransformedDistribution(D.Normal(0., 1.), [T.ExpTransform(), 3])]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)

g = D.Gumbel(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0]))
print(g, g.support, g.sample(), g.sample((2,)))
print(g.log_prob(torch.tensor([0.3, -1.0])), g.cdf(torch.tensor([0.3, -1.0])), g.entropy())
print(g.mean, g.mode, g.stddev, g.variance, g.expand((2, 2)).sample().shape)
print(D.Gumbel(0.0, 1.0).sample((3,)))

h = D.HalfNormal(torch.tensor([1.0, 2.0]))
print(h, h.support, h.scale, h.sample(), h.rsample((2,)))
print(h.log_prob(torch.tensor([0.5, 3.0])), h.cdf(torch.tensor([0.5, 3.0])), h.icdf(torch.tensor([0.5, 0.9])))
print(h.entropy(), h.mean, h.mode, h.variance)

c = D.Cauchy(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.5]))
print(c, c.log_prob(torch.tensor([0.3, 2.0])))  # cdf/icdf need torch.atan/tan
print(c.entropy(), c.mean, c.mode, c.variance)

geo = D.Geometric(torch.tensor([0.2, 0.5, 1.0]))
print(geo, geo.support, geo.sample(), geo.sample((3,)))
print(geo.log_prob(torch.tensor([0., 2., 0.])), geo.entropy(), geo.mean, geo.mode, geo.variance)
print(D.Geometric(logits=torch.tensor([0.3])).probs)
try:
    D.Geometric(torch.tensor([0.0, 0.5]))
except ValueError as e:
    print("ValueError:", e)
