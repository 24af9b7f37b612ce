# torch/optim/lr_scheduler.py: the learning-rate schedulers of PyTorch
# 1.13, the fifteen of its __all__ and _LRScheduler: the initial step() in __init__, the chainable get_lr
# formulas (each lr computed from the previous one), the closed forms used
# when step(epoch) is given, get_last_lr(), verbose printing, state_dict
# (the instance's attributes, as 1.13 returns them), the step counter
# wrapped around optimizer.step and 1.13's UserWarnings (step order,
# get_lr outside step, the epoch argument).
# Not here: weak references from the step counter to the optimizer (see
# _with_counter). LambdaLR and MultiplicativeLR share a base class that
# PyTorch does not have (_LambdaScheduler, in their __mro__).
import math
import types
import warnings
import weakref
from bisect import bisect_right
from collections import Counter
from functools import wraps
from math import inf
from torch.optim.optimizer import Optimizer

__all__ = ['LambdaLR', 'MultiplicativeLR', 'StepLR', 'MultiStepLR', 'ConstantLR', 'LinearLR',
           'ExponentialLR', 'SequentialLR', 'CosineAnnealingLR', 'ChainedScheduler', 'ReduceLROnPlateau',
           'CyclicLR', 'CosineAnnealingWarmRestarts', 'OneCycleLR', 'PolynomialLR']

EPOCH_DEPRECATION_WARNING = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being "
    "deprecated where possible. Please use `scheduler.step()` to step the "
    "scheduler. During the deprecation, if epoch is different from None, the "
    "closed form is used instead of the new chainable form, where available. "
    "Please open an issue if you are unable to replicate your use case: "
    "https://github.com/pytorch/pytorch/issues/new/choose."
)

_HOW_TO_ADJUST = "See more details at https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"


def _warn_outside_step(scheduler):
    """get_lr called by the user rather than by step() gives the next lr,
    not the current one: 1.13 points them to get_last_lr."""
    if not scheduler._get_lr_called_within_step:
        warnings.warn("To get the last learning rate computed by the scheduler, "
                      "please use `get_last_lr()`.", UserWarning)


def _group_lrs(optimizer):
    return [group['lr'] for group in optimizer.param_groups]


def _per_group(name, optimizer, value):
    """One value per param group: a list or tuple as given (its length
    checked), anything else repeated."""
    if isinstance(value, (list, tuple)):
        if len(value) != len(optimizer.param_groups):
            raise ValueError("expected {} values for {}, got {}".format(
                len(optimizer.param_groups), name, len(value)))
        return value
    return [value] * len(optimizer.param_groups)


def _epoch_str(epoch):
    return ("%.2f" if isinstance(epoch, float) else "%.5d") % epoch


class _enable_get_lr_call:
    """Marks get_lr calls made by step(), which do not warn."""

    def __init__(self, o):
        self.o = o

    def __enter__(self):
        self.o._get_lr_called_within_step = True
        return self

    def __exit__(self, type, value, traceback):
        self.o._get_lr_called_within_step = False


def _with_counter(optimizer):
    """Counts optimizer.step() calls in optimizer._step_count.

    PyTorch replaces the instance's step with a wrapper holding a weak
    reference to the optimizer. The language has no weak references to
    instances that break cycles, and a strong one would make a cycle that
    is never freed, so the wrapper goes on the class instead (as PyTorch's
    profiler hook does) and counts for the optimizers that have a
    _step_count, those a scheduler set up."""
    cls = type(optimizer)
    if getattr(cls.step, '_with_counter', False):
        return
    func = cls.step

    @wraps(func)
    def step(self, *args, **kwargs):
        if '_step_count' in self.__dict__:
            self._step_count += 1
        return func(self, *args, **kwargs)

    step._with_counter = True
    cls.step = step


def _warn_step_order(scheduler):
    """1.13's check, on the first step after __init__, that the optimizer
    stepped first (else the schedule's first value is skipped)."""
    if not getattr(scheduler.optimizer.step, '_with_counter', False):
        warnings.warn("Seems like `optimizer.step()` has been overridden after learning rate scheduler "
                      "initialization. Please, make sure to call `optimizer.step()` before "
                      "`lr_scheduler.step()`. " + _HOW_TO_ADJUST, UserWarning)
    elif scheduler.optimizer._step_count < 1:
        warnings.warn("Detected call of `lr_scheduler.step()` before `optimizer.step()`. "
                      "In PyTorch 1.1.0 and later, you should call them in the opposite order: "
                      "`optimizer.step()` before `lr_scheduler.step()`.  Failure to do this "
                      "will result in PyTorch skipping the first value of the learning rate schedule. "
                      + _HOW_TO_ADJUST, UserWarning)


class _LRScheduler(object):

    def __init__(self, optimizer, last_epoch=-1, verbose=False):
        if not isinstance(optimizer, Optimizer):
            raise TypeError('{} is not an Optimizer'.format(
                type(optimizer).__name__))
        self.optimizer = optimizer

        # A fresh schedule starts from each group's lr; a resumed one
        # (last_epoch given) from the initial_lr an earlier scheduler left.
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault('initial_lr', group['lr'])
        else:
            for i, group in enumerate(optimizer.param_groups):
                if 'initial_lr' not in group:
                    raise KeyError("param 'initial_lr' is not specified "
                                   "in param_groups[{}] when resuming an optimizer".format(i))
        self.base_lrs = [group['initial_lr'] for group in optimizer.param_groups]
        self.last_epoch = last_epoch

        _with_counter(self.optimizer)
        self.verbose = verbose

        self._initial_step()

    def _initial_step(self):
        """Resets both step counters and makes the first step."""
        self.optimizer._step_count = 0
        self._step_count = 0
        self.step()

    def state_dict(self):
        """The scheduler's attributes but the optimizer, in the order they
        were set (1.13 returns its __dict__)."""
        return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)

    def get_last_lr(self):
        """The lrs the last step() set."""
        return self._last_lr

    def get_lr(self):
        # Each scheduler computes its chainable form.
        raise NotImplementedError

    def print_lr(self, is_verbose, group, lr, epoch=None):
        """Prints the lr a step set, when verbose."""
        if not is_verbose:
            return
        if epoch is None:
            print('Adjusting learning rate of group {} to {:.4e}.'.format(group, lr))
        else:
            print('Epoch {}: adjusting learning rate of group {} to {:.4e}.'.format(
                _epoch_str(epoch), group, lr))

    def step(self, epoch=None):
        if self._step_count == 1:
            _warn_step_order(self)
        self._step_count += 1

        with _enable_get_lr_call(self):
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:
                warnings.warn(EPOCH_DEPRECATION_WARNING, UserWarning)
                self.last_epoch = epoch
                if hasattr(self, "_get_closed_form_lr"):
                    values = self._get_closed_form_lr()
                else:
                    values = self.get_lr()
        self._set_lrs(values, epoch)

    def _set_lrs(self, values, epoch):
        for i, (group, lr) in enumerate(zip(self.optimizer.param_groups, values)):
            group['lr'] = lr
            self.print_lr(self.verbose, i, lr, epoch)
        self._last_lr = _group_lrs(self.optimizer)


def _lambdas_per_group(optimizer, lr_lambda):
    """One function per param group: a list or tuple of them (its length
    checked), or one function for all."""
    if not isinstance(lr_lambda, (list, tuple)):
        return [lr_lambda] * len(optimizer.param_groups)
    if len(lr_lambda) != len(optimizer.param_groups):
        raise ValueError("Expected {} lr_lambdas, but got {}".format(
            len(optimizer.param_groups), len(lr_lambda)))
    return list(lr_lambda)


class _LambdaScheduler(_LRScheduler):
    """The schedulers driven by one function per param group. Their
    state_dict saves callable objects by their __dict__; plain functions
    and lambdas are not saved (None)."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        self.lr_lambdas = _lambdas_per_group(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch, verbose)

    def state_dict(self):
        state = {key: value for key, value in self.__dict__.items()
                 if key not in ('optimizer', 'lr_lambdas')}
        state['lr_lambdas'] = [None if isinstance(fn, types.FunctionType) else fn.__dict__.copy()
                               for fn in self.lr_lambdas]
        return state

    def load_state_dict(self, state_dict):
        # 1.13 pops the key and puts it back: the caller's dict is unchanged.
        self.__dict__.update({k: v for k, v in state_dict.items() if k != 'lr_lambdas'})
        for fn, saved in zip(self.lr_lambdas, state_dict['lr_lambdas']):
            if saved is not None:
                fn.__dict__.update(saved)


class LambdaLR(_LambdaScheduler):
    """lr = initial lr * lr_lambda(epoch)."""

    def get_lr(self):
        _warn_outside_step(self)
        return [base_lr * fn(self.last_epoch) for fn, base_lr in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(_LambdaScheduler):
    """lr = previous lr * lr_lambda(epoch), from epoch 1 on."""

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch <= 0:
            return _group_lrs(self.optimizer)
        return [group['lr'] * fn(self.last_epoch)
                for fn, group in zip(self.lr_lambdas, self.optimizer.param_groups)]


class StepLR(_LRScheduler):
    """lr times gamma every step_size epochs."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        self.step_size = step_size
        self.gamma = gamma
        super(StepLR, self).__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return _group_lrs(self.optimizer)
        return [lr * self.gamma for lr in _group_lrs(self.optimizer)]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size)
                for base_lr in self.base_lrs]


class MultiStepLR(_LRScheduler):
    """lr times gamma at each milestone (a milestone given twice, gamma**2)."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super(MultiStepLR, self).__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch not in self.milestones:
            return _group_lrs(self.optimizer)
        return [lr * self.gamma ** self.milestones[self.last_epoch]
                for lr in _group_lrs(self.optimizer)]

    def _get_closed_form_lr(self):
        milestones = list(sorted(self.milestones.elements()))
        return [base_lr * self.gamma ** bisect_right(milestones, self.last_epoch)
                for base_lr in self.base_lrs]


def _check_factor(value, what):
    if value > 1.0 or value < 0:
        raise ValueError('{} multiplicative factor expected to be between 0 and 1.'.format(what))


class ConstantLR(_LRScheduler):
    """lr times factor until total_iters, then the lr itself."""

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1, verbose=False):
        _check_factor(factor, 'Constant')
        self.factor = factor
        self.total_iters = total_iters
        super(ConstantLR, self).__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch == 0:
            return [lr * self.factor for lr in _group_lrs(self.optimizer)]
        if self.last_epoch != self.total_iters:
            return _group_lrs(self.optimizer)
        return [lr * (1.0 / self.factor) for lr in _group_lrs(self.optimizer)]

    def _get_closed_form_lr(self):
        return [base_lr * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))
                for base_lr in self.base_lrs]


class LinearLR(_LRScheduler):
    """lr times a factor going linearly from start_factor to end_factor
    over total_iters epochs."""

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1,
                 verbose=False):
        _check_factor(start_factor, 'Starting')
        _check_factor(end_factor, 'Ending')
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super(LinearLR, self).__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch == 0:
            return [lr * self.start_factor for lr in _group_lrs(self.optimizer)]
        if self.last_epoch > self.total_iters:
            return _group_lrs(self.optimizer)
        # The ratio of this epoch's factor to the previous one's.
        delta = self.end_factor - self.start_factor
        ratio = 1. + delta / (self.total_iters * self.start_factor + (self.last_epoch - 1) * delta)
        return [lr * ratio for lr in _group_lrs(self.optimizer)]

    def _get_closed_form_lr(self):
        return [base_lr * (self.start_factor + (self.end_factor - self.start_factor) *
                           min(self.total_iters, self.last_epoch) / self.total_iters)
                for base_lr in self.base_lrs]


class ExponentialLR(_LRScheduler):
    """lr times gamma every epoch."""

    def __init__(self, optimizer, gamma, last_epoch=-1, verbose=False):
        self.gamma = gamma
        super(ExponentialLR, self).__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch == 0:
            return _group_lrs(self.optimizer)
        return [lr * self.gamma for lr in _group_lrs(self.optimizer)]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** self.last_epoch for base_lr in self.base_lrs]


def _state_with_children(scheduler):
    """state_dict of a scheduler made of schedulers: its own attributes,
    then each child's state_dict under '_schedulers'."""
    state = {key: value for key, value in scheduler.__dict__.items()
             if key not in ('optimizer', '_schedulers')}
    state['_schedulers'] = [s.state_dict() for s in scheduler._schedulers]
    return state


def _load_with_children(scheduler, state_dict):
    scheduler.__dict__.update({k: v for k, v in state_dict.items() if k != '_schedulers'})
    for s, saved in zip(scheduler._schedulers, state_dict['_schedulers']):
        s.load_state_dict(saved)


class SequentialLR(_LRScheduler):
    """Hands the steps to one scheduler after another, switching at each
    milestone (the next scheduler then starts from its epoch 0)."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1, verbose=False):
        for i in range(len(schedulers)):
            if schedulers[i].optimizer != optimizer:
                raise ValueError(
                    "Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                    f"got schedulers at index {i} to be different than the optimizer passed in.")
            if schedulers[i].optimizer != schedulers[0].optimizer:
                raise ValueError(
                    "Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                    f"got schedulers at index {0} and {i} to be different.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                "Sequential Schedulers expects number of schedulers provided to be one more "
                "than the number of milestone points, but got number of schedulers {} and the "
                "number of milestones to be equal to {}".format(len(schedulers), len(milestones)))
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        # The children's constructors each stepped: back to the initial lrs
        # and epochs, then only the first one's initial step.
        for group in self.optimizer.param_groups:
            group["lr"] = group["initial_lr"]
        for scheduler in self._schedulers:
            scheduler.last_epoch -= 1
        self._schedulers[0]._initial_step()
        self._last_lr = schedulers[0].get_last_lr()

    def step(self):
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler.step(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()

    def state_dict(self):
        return _state_with_children(self)

    def load_state_dict(self, state_dict):
        _load_with_children(self, state_dict)


class PolynomialLR(_LRScheduler):
    """lr times (1 - epoch / total_iters) ** power, then constant."""

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1, verbose=False):
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch == 0 or self.last_epoch > self.total_iters:
            return _group_lrs(self.optimizer)
        decay = ((1.0 - self.last_epoch / self.total_iters) /
                 (1.0 - (self.last_epoch - 1) / self.total_iters)) ** self.power
        return [lr * decay for lr in _group_lrs(self.optimizer)]

    def _get_closed_form_lr(self):
        return [base_lr * (1.0 - min(self.total_iters, self.last_epoch) / self.total_iters) ** self.power
                for base_lr in self.base_lrs]


class CosineAnnealingLR(_LRScheduler):
    """lr following half a cosine from the initial lr down to eta_min over
    T_max epochs (and back up over the next T_max)."""

    def __init__(self, optimizer, T_max, eta_min=0, last_epoch=-1, verbose=False):
        self.T_max = T_max
        self.eta_min = eta_min
        super(CosineAnnealingLR, self).__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        if self.last_epoch == 0:
            return _group_lrs(self.optimizer)
        elif self._step_count == 1 and self.last_epoch > 0:
            return self._get_closed_form_lr()
        elif (self.last_epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            # At the bottom of the cosine the ratio below divides by zero.
            return [group['lr'] + (base_lr - self.eta_min) * (1 - math.cos(math.pi / self.T_max)) / 2
                    for base_lr, group in zip(self.base_lrs, self.optimizer.param_groups)]
        return [(1 + math.cos(math.pi * self.last_epoch / self.T_max)) /
                (1 + math.cos(math.pi * (self.last_epoch - 1) / self.T_max)) *
                (lr - self.eta_min) + self.eta_min
                for lr in _group_lrs(self.optimizer)]

    def _get_closed_form_lr(self):
        return [self.eta_min + (base_lr - self.eta_min) *
                (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for base_lr in self.base_lrs]


class ChainedScheduler(_LRScheduler):
    """Steps every scheduler in the list at each step, so that their
    factors multiply."""

    def __init__(self, schedulers):
        for i in range(1, len(schedulers)):
            if schedulers[i].optimizer != schedulers[0].optimizer:
                raise ValueError(
                    "ChainedScheduler expects all schedulers to belong to the same optimizer, but "
                    "got schedulers at index {} and {} to be different".format(0, i))
        self._schedulers = list(schedulers)
        self.optimizer = schedulers[0].optimizer
        self._last_lr = _group_lrs(self._schedulers[-1].optimizer)

    def step(self):
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = _group_lrs(self._schedulers[-1].optimizer)

    def state_dict(self):
        return _state_with_children(self)

    def load_state_dict(self, state_dict):
        _load_with_children(self, state_dict)


class ReduceLROnPlateau(object):
    """lr times factor when the metric given to step() has not improved
    (by threshold) for more than patience epochs, then cooldown epochs of
    rest; never below min_lr, nor by less than eps."""

    def __init__(self, optimizer, mode='min', factor=0.1, patience=10,
                 threshold=1e-4, threshold_mode='rel', cooldown=0,
                 min_lr=0, eps=1e-8, verbose=False):
        if factor >= 1.0:
            raise ValueError('Factor should be < 1.0.')
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError('{} is not an Optimizer'.format(type(optimizer).__name__))
        self.optimizer = optimizer
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != len(optimizer.param_groups):
                raise ValueError("expected {} min_lrs, got {}".format(
                    len(optimizer.param_groups), len(min_lr)))
            self.min_lrs = list(min_lr)
        else:
            self.min_lrs = [min_lr] * len(optimizer.param_groups)
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.best = None
        self.num_bad_epochs = None
        self.mode_worse = None  # the worst value in this mode: where best starts
        self.eps = eps
        self.last_epoch = 0
        self._init_is_better(mode=mode, threshold=threshold, threshold_mode=threshold_mode)
        self._reset()

    def _reset(self):
        """Forgets the best value and both counters."""
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics, epoch=None):
        current = float(metrics)  # a 0-dim tensor too
        if epoch is None:
            epoch = self.last_epoch + 1
        else:
            warnings.warn(EPOCH_DEPRECATION_WARNING, UserWarning)
        self.last_epoch = epoch

        if self.is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1

        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0  # bad epochs in cooldown do not count

        if self.num_bad_epochs > self.patience:
            self._reduce_lr(epoch)
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0

        self._last_lr = _group_lrs(self.optimizer)

    def _reduce_lr(self, epoch):
        for i, group in enumerate(self.optimizer.param_groups):
            old_lr = float(group['lr'])
            new_lr = max(old_lr * self.factor, self.min_lrs[i])
            if old_lr - new_lr > self.eps:
                group['lr'] = new_lr
                if self.verbose:
                    print('Epoch {}: reducing learning rate of group {} to {:.4e}.'.format(
                        _epoch_str(epoch), i, new_lr))

    @property
    def in_cooldown(self):
        return self.cooldown_counter > 0

    def is_better(self, a, best):
        if self.mode == 'min' and self.threshold_mode == 'rel':
            return a < best * (1. - self.threshold)
        elif self.mode == 'min' and self.threshold_mode == 'abs':
            return a < best - self.threshold
        elif self.mode == 'max' and self.threshold_mode == 'rel':
            return a > best * (self.threshold + 1.)
        return a > best + self.threshold

    def _init_is_better(self, mode, threshold, threshold_mode):
        if mode not in {'min', 'max'}:
            raise ValueError('mode ' + mode + ' is unknown!')
        if threshold_mode not in {'rel', 'abs'}:
            raise ValueError('threshold mode ' + threshold_mode + ' is unknown!')
        self.mode_worse = inf if mode == 'min' else -inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
        self._init_is_better(mode=self.mode, threshold=self.threshold, threshold_mode=self.threshold_mode)


class CyclicLR(_LRScheduler):
    """lr cycling between base_lr and max_lr (up in step_size_up steps,
    down in step_size_down), the height scaled per mode or by scale_fn;
    momentum cycling the other way between max_momentum and base_momentum."""

    def __init__(self,
                 optimizer,
                 base_lr,
                 max_lr,
                 step_size_up=2000,
                 step_size_down=None,
                 mode='triangular',
                 gamma=1.,
                 scale_fn=None,
                 scale_mode='cycle',
                 cycle_momentum=True,
                 base_momentum=0.8,
                 max_momentum=0.9,
                 last_epoch=-1,
                 verbose=False):
        if not isinstance(optimizer, Optimizer):
            raise TypeError('{} is not an Optimizer'.format(type(optimizer).__name__))
        self.optimizer = optimizer

        base_lrs = self._format_param('base_lr', optimizer, base_lr)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                group['lr'] = lr

        self.max_lrs = self._format_param('max_lr', optimizer, max_lr)

        step_size_up = float(step_size_up)
        step_size_down = float(step_size_down) if step_size_down is not None else step_size_up
        self.total_size = step_size_up + step_size_down
        self.step_ratio = step_size_up / self.total_size

        if mode not in ['triangular', 'triangular2', 'exp_range'] and scale_fn is None:
            raise ValueError('mode is invalid and scale_fn is None')

        self.mode = mode
        self.gamma = gamma

        if scale_fn is None:
            # A weak reference: a bound method held by the scheduler is a cycle.
            self._scale_fn_custom = None
            self._scale_fn_ref = weakref.WeakMethod(getattr(self, '_' + mode + '_scale_fn'))
            self.scale_mode = 'iterations' if mode == 'exp_range' else 'cycle'
        else:
            self._scale_fn_custom = scale_fn
            self._scale_fn_ref = None
            self.scale_mode = scale_mode

        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if 'momentum' not in optimizer.defaults:
                raise ValueError('optimizer must support momentum with `cycle_momentum` option enabled')

            base_momentums = self._format_param('base_momentum', optimizer, base_momentum)
            if last_epoch == -1:
                for momentum, group in zip(base_momentums, optimizer.param_groups):
                    group['momentum'] = momentum
            self.base_momentums = [group['momentum'] for group in optimizer.param_groups]
            self.max_momentums = self._format_param('max_momentum', optimizer, max_momentum)

        super(CyclicLR, self).__init__(optimizer, last_epoch, verbose)
        self.base_lrs = base_lrs

    def _format_param(self, name, optimizer, param):
        return _per_group(name, optimizer, param)

    def scale_fn(self, x):
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        return self._scale_fn_ref()(x)

    def _triangular_scale_fn(self, x):
        return 1.

    def _triangular2_scale_fn(self, x):
        return 1 / (2. ** (x - 1))

    def _exp_range_scale_fn(self, x):
        return self.gamma ** x

    def get_lr(self):
        _warn_outside_step(self)
        cycle = math.floor(1 + self.last_epoch / self.total_size)
        x = 1. + self.last_epoch / self.total_size - cycle
        # How far up the triangle this step is: 0 at base, 1 at the peak.
        if x <= self.step_ratio:
            height = x / self.step_ratio
        else:
            height = (x - 1) / (self.step_ratio - 1)
        scale = self.scale_fn(cycle if self.scale_mode == 'cycle' else self.last_epoch)

        lrs = [base_lr + (max_lr - base_lr) * height * scale
               for base_lr, max_lr in zip(self.base_lrs, self.max_lrs)]
        if self.cycle_momentum:
            for group, base_m, max_m in zip(self.optimizer.param_groups, self.base_momentums, self.max_momentums):
                group['momentum'] = max_m - (max_m - base_m) * height * scale
        return lrs


class CosineAnnealingWarmRestarts(_LRScheduler):
    """Cosine annealing from the initial lr to eta_min over T_i epochs,
    restarting each time, with T_i = T_0 * T_mult ** restarts."""

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1, verbose=False):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError("Expected positive integer T_0, but got {}".format(T_0))
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError("Expected integer T_mult >= 1, but got {}".format(T_mult))
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super(CosineAnnealingWarmRestarts, self).__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        _warn_outside_step(self)
        return [self.eta_min + (base_lr - self.eta_min) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
                for base_lr in self.base_lrs]

    def step(self, epoch=None):
        """Steps by one, or to epoch (which may be fractional, for steps
        within an epoch); neither warns."""
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            self._seek(epoch)
        self.last_epoch = math.floor(epoch)
        with _enable_get_lr_call(self):
            values = self.get_lr()
        self._set_lrs(values, epoch)

    def _seek(self, epoch):
        """T_cur and T_i at epoch: the restarts before it form a geometric
        series T_0 * (T_mult ** n - 1) / (T_mult - 1)."""
        if epoch < 0:
            raise ValueError("Expected non-negative epoch, but got {}".format(epoch))
        if epoch < self.T_0:
            self.T_i = self.T_0
            self.T_cur = epoch
        elif self.T_mult == 1:
            self.T_cur = epoch % self.T_0
        else:
            n = int(math.log((epoch / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
            self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
            self.T_i = self.T_0 * self.T_mult ** n


def _one_cycle_phase(end_step, start_lr, end_lr, start_momentum, end_momentum):
    """A phase of OneCycleLR: up to end_step, lr goes between the group's
    entries named start_lr and end_lr, momentum likewise."""
    return {'end_step': end_step, 'start_lr': start_lr, 'end_lr': end_lr,
            'start_momentum': start_momentum, 'end_momentum': end_momentum}


def _one_cycle_phases(total_steps, pct_start, three_phase):
    warmup_end = float(pct_start * total_steps) - 1
    if three_phase:
        return [_one_cycle_phase(warmup_end, 'initial_lr', 'max_lr', 'max_momentum', 'base_momentum'),
                _one_cycle_phase(float(2 * pct_start * total_steps) - 2, 'max_lr', 'initial_lr',
                                 'base_momentum', 'max_momentum'),
                _one_cycle_phase(total_steps - 1, 'initial_lr', 'min_lr', 'max_momentum', 'max_momentum')]
    return [_one_cycle_phase(warmup_end, 'initial_lr', 'max_lr', 'max_momentum', 'base_momentum'),
            _one_cycle_phase(total_steps - 1, 'max_lr', 'min_lr', 'base_momentum', 'max_momentum')]


def _positive_int(value, name):
    if value <= 0 or not isinstance(value, int):
        raise ValueError("Expected positive integer {}, but got {}".format(name, value))
    return value


class OneCycleLR(_LRScheduler):
    """The 1cycle policy: lr up from max_lr / div_factor to max_lr over
    pct_start of total_steps, then down to initial_lr / final_div_factor
    (three_phase: back to initial_lr first), cosine or linear; momentum
    (or Adam's beta1) the other way."""

    def __init__(self,
                 optimizer,
                 max_lr,
                 total_steps=None,
                 epochs=None,
                 steps_per_epoch=None,
                 pct_start=0.3,
                 anneal_strategy='cos',
                 cycle_momentum=True,
                 base_momentum=0.85,
                 max_momentum=0.95,
                 div_factor=25.,
                 final_div_factor=1e4,
                 three_phase=False,
                 last_epoch=-1,
                 verbose=False):
        if not isinstance(optimizer, Optimizer):
            raise TypeError('{} is not an Optimizer'.format(type(optimizer).__name__))
        self.optimizer = optimizer

        if total_steps is None and epochs is None and steps_per_epoch is None:
            raise ValueError("You must define either total_steps OR (epochs AND steps_per_epoch)")
        elif total_steps is not None:
            self.total_steps = _positive_int(total_steps, 'total_steps')
        else:
            self.total_steps = _positive_int(epochs, 'epochs') * _positive_int(steps_per_epoch, 'steps_per_epoch')

        self._schedule_phases = _one_cycle_phases(self.total_steps, pct_start, three_phase)

        if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
            raise ValueError("Expected float between 0 and 1 pct_start, but got {}".format(pct_start))

        if anneal_strategy not in ['cos', 'linear']:
            raise ValueError("anneal_strategy must by one of 'cos' or 'linear', instead got {}".format(anneal_strategy))
        self.anneal_func = self._annealing_cos if anneal_strategy == 'cos' else self._annealing_linear

        max_lrs = self._format_param('max_lr', self.optimizer, max_lr)
        if last_epoch == -1:
            for max_lr_i, group in zip(max_lrs, self.optimizer.param_groups):
                group['initial_lr'] = max_lr_i / div_factor
                group['max_lr'] = max_lr_i
                group['min_lr'] = group['initial_lr'] / final_div_factor

        self.cycle_momentum = cycle_momentum
        if self.cycle_momentum:
            if 'momentum' not in self.optimizer.defaults and 'betas' not in self.optimizer.defaults:
                raise ValueError('optimizer must support momentum with `cycle_momentum` option enabled')
            self.use_beta1 = 'betas' in self.optimizer.defaults
            max_momentums = self._format_param('max_momentum', optimizer, max_momentum)
            base_momentums = self._format_param('base_momentum', optimizer, base_momentum)
            if last_epoch == -1:
                for max_m, base_m, group in zip(max_momentums, base_momentums, optimizer.param_groups):
                    self._set_momentum(group, max_m)
                    group['max_momentum'] = max_m
                    group['base_momentum'] = base_m

        super(OneCycleLR, self).__init__(optimizer, last_epoch, verbose)

    def _format_param(self, name, optimizer, param):
        return _per_group(name, optimizer, param)

    def _set_momentum(self, group, momentum):
        if self.use_beta1:
            group['betas'] = (momentum, *group['betas'][1:])
        else:
            group['momentum'] = momentum

    def _annealing_cos(self, start, end, pct):
        "Cosine anneal from `start` to `end` as pct goes from 0.0 to 1.0."
        return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)

    def _annealing_linear(self, start, end, pct):
        "Linearly anneal from `start` to `end` as pct goes from 0.0 to 1.0."
        return (end - start) * pct + start

    def get_lr(self):
        _warn_outside_step(self)
        step_num = self.last_epoch
        if step_num > self.total_steps:
            raise ValueError("Tried to step {} times. The specified number of total steps is {}"
                             .format(step_num + 1, self.total_steps))
        lrs = []
        for group in self.optimizer.param_groups:
            phase, pct = self._phase_at(step_num)
            lrs.append(self.anneal_func(group[phase['start_lr']], group[phase['end_lr']], pct))
            if self.cycle_momentum:
                self._set_momentum(group, self.anneal_func(
                    group[phase['start_momentum']], group[phase['end_momentum']], pct))
        return lrs

    def _phase_at(self, step_num):
        """The phase step_num falls in (the last one past the end) and how
        far into it, from 0 to 1."""
        start_step = 0
        last = len(self._schedule_phases) - 1
        for i, phase in enumerate(self._schedule_phases):
            end_step = phase['end_step']
            if step_num <= end_step or i == last:
                return phase, (step_num - start_step) / (end_step - start_step)
            start_step = end_step
