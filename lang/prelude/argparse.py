"""argparse: command-line parsing as CPython 3.11's module: ArgumentParser,
the actions, groups, subparsers, Namespace, and the help formatters whose
text matches CPython's to the character.

How a parse goes (Note [Argument patterns]): every argument string is
classified as 'O' (an option this parser knows, or one that looks like an
option), 'A' (an argument) or '-' (the '--' separator), giving a string
such as 'OAAOA'. How many strings an action takes is then a regular
expression over that string built from its nargs ('A', 'A?', 'A[A-]*', ...),
so optionals and positionals share one matching rule, and positionals are
matched greedily as a group, as many of them as the strings allow."""

import os as _os
import re as _re
import sys as _sys
import warnings

__all__ = ['ArgumentParser', 'ArgumentError', 'ArgumentTypeError', 'BooleanOptionalAction',
           'FileType', 'HelpFormatter', 'ArgumentDefaultsHelpFormatter',
           'RawDescriptionHelpFormatter', 'RawTextHelpFormatter', 'MetavarTypeHelpFormatter',
           'Namespace', 'Action', 'ONE_OR_MORE', 'OPTIONAL', 'PARSER', 'REMAINDER',
           'SUPPRESS', 'ZERO_OR_MORE']

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
PARSER = 'A...'
REMAINDER = '...'
_UNRECOGNIZED_ARGS_ATTR = '_unrecognized_args'


def _(text):
    """Where CPython translates messages; we keep the English."""
    return text


def ngettext(singular, plural, n):
    return singular if n == 1 else plural


class _AttributeHolder:
    """A repr of the form Name(arg, key=value, ...) from _get_args and
    _get_kwargs."""

    def __repr__(self):
        arg_strings = [repr(arg) for arg in self._get_args()]
        star_args = {}
        for name, value in self._get_kwargs():
            if name.isidentifier():
                arg_strings.append('%s=%r' % (name, value))
            else:
                star_args[name] = value
        if star_args:
            arg_strings.append('**%s' % repr(star_args))
        return '%s(%s)' % (type(self).__name__, ', '.join(arg_strings))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


def _copy_items(items):
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    import copy
    return copy.copy(items)


# ---------------------------------------------------------------- formatting

class _Section:
    """A heading and the items under it; formats to '' when empty."""

    def __init__(self, formatter, parent, heading=None):
        self.formatter = formatter
        self.parent = parent
        self.heading = heading
        self.items = []

    def format_help(self):
        fmt = self.formatter
        if self.parent is not None:
            fmt._indent()
        item_help = fmt._join_parts([func(*args) for func, args in self.items])
        if self.parent is not None:
            fmt._dedent()
        if not item_help:
            return ''
        if self.heading is not SUPPRESS and self.heading is not None:
            heading = '%*s%s:\n' % (fmt._current_indent, '', self.heading)
        else:
            heading = ''
        return fmt._join_parts(['\n', heading, item_help, '\n'])


class HelpFormatter:
    """Lays out usage, description, argument sections and epilog. Items are
    recorded first and formatted at the end, because the help column depends
    on the longest invocation of all."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            import shutil
            width = shutil.get_terminal_size().columns
            width -= 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position, max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._level = 0
        self._action_max_length = 0
        self._root_section = _Section(self, None)
        self._current_section = self._root_section
        self._whitespace_matcher = _re.compile(r'\s+', _re.ASCII)
        self._long_break_matcher = _re.compile(r'\n\n\n+')

    def _indent(self):
        self._current_indent += self._indent_increment
        self._level += 1

    def _dedent(self):
        self._current_indent -= self._indent_increment
        assert self._current_indent >= 0, 'Indent decreased below 0.'
        self._level -= 1

    def _add_item(self, func, args):
        self._current_section.items.append((func, args))

    def start_section(self, heading):
        self._indent()
        section = _Section(self, self._current_section, heading)
        self._add_item(section.format_help, [])
        self._current_section = section

    def end_section(self):
        self._current_section = self._current_section.parent
        self._dedent()

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._add_item(self._format_text, [text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._add_item(self._format_usage, [usage, actions, groups, prefix])

    def add_argument(self, action):
        if action.help is SUPPRESS:
            return
        invocations = [self._format_action_invocation(action)]
        for sub in self._iter_indented_subactions(action):
            invocations.append(self._format_action_invocation(sub))
        length = max(map(len, invocations)) + self._current_indent
        self._action_max_length = max(self._action_max_length, length)
        self._add_item(self._format_action, [action])

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        text = self._root_section.format_help()
        if text:
            text = self._long_break_matcher.sub('\n\n', text)
            text = text.strip('\n') + '\n'
        return text

    def _join_parts(self, part_strings):
        return ''.join([part for part in part_strings if part and part is not SUPPRESS])

    # -- usage

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = _('usage: ')
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif not actions:
            usage = '%(prog)s' % dict(prog=self._prog)
        else:
            usage = self._build_usage(actions, groups, prefix)
        return '%s%s\n\n' % (prefix, usage)

    def _build_usage(self, actions, groups, prefix):
        prog = '%(prog)s' % dict(prog=self._prog)
        optionals = [a for a in actions if a.option_strings]
        positionals = [a for a in actions if not a.option_strings]
        usage = ' '.join([s for s in [prog, self._format_actions_usage(optionals + positionals, groups)] if s])
        text_width = self._width - self._current_indent
        if len(prefix) + len(usage) <= text_width:
            return usage
        # Too long: wrap the parts (a bracketed group stays whole), options
        # and positionals on lines of their own.
        part_regexp = r'\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+'
        opt_parts = _re.findall(part_regexp, self._format_actions_usage(optionals, groups))
        pos_parts = _re.findall(part_regexp, self._format_actions_usage(positionals, groups))

        def get_lines(parts, indent, prefix=None):
            lines = []
            line = []
            line_len = len(prefix) - 1 if prefix is not None else len(indent) - 1
            for part in parts:
                if line_len + 1 + len(part) > text_width and line:
                    lines.append(indent + ' '.join(line))
                    line = []
                    line_len = len(indent) - 1
                line.append(part)
                line_len += len(part) + 1
            if line:
                lines.append(indent + ' '.join(line))
            if prefix is not None:
                lines[0] = lines[0][len(indent):]
            return lines

        if len(prefix) + len(prog) <= 0.75 * text_width:
            indent = ' ' * (len(prefix) + len(prog) + 1)
            if opt_parts:
                lines = get_lines([prog] + opt_parts, indent, prefix)
                lines.extend(get_lines(pos_parts, indent))
            elif pos_parts:
                lines = get_lines([prog] + pos_parts, indent, prefix)
            else:
                lines = [prog]
        else:
            indent = ' ' * len(prefix)
            lines = get_lines(opt_parts + pos_parts, indent)
            if len(lines) > 1:
                lines = get_lines(opt_parts, indent) + get_lines(pos_parts, indent)
            lines = [prog] + lines
        return '\n'.join(lines)

    def _group_marks(self, actions, groups):
        """Where mutually exclusive groups open, close and separate: a map
        from a position in actions to the text inserted before it."""
        group_actions = set()
        inserts = {}
        for group in groups:
            if not group._group_actions:
                raise ValueError('empty group %s' % (group,))
            try:
                start = actions.index(group._group_actions[0])
            except ValueError:
                continue
            end = start + len(group._group_actions)
            if actions[start:end] != group._group_actions:
                continue
            suppressed = 0
            for action in group._group_actions:
                group_actions.add(action)
                if action.help is SUPPRESS:
                    suppressed += 1
            exposed = len(group._group_actions) - suppressed
            if not group.required:
                opening, closing = '[', ']'
            elif exposed > 1:
                opening, closing = '(', ')'
            else:
                opening = closing = None
            if opening is not None:
                inserts[start] = inserts[start] + ' ' + opening if start in inserts else opening
                inserts[end] = inserts[end] + closing if end in inserts else closing
            for i in range(start + 1, end):
                inserts[i] = '|'
        return group_actions, inserts

    def _format_actions_usage(self, actions, groups):
        group_actions, inserts = self._group_marks(actions, groups)
        parts = []
        for i, action in enumerate(actions):
            if action.help is SUPPRESS:
                parts.append(None)
                if inserts.get(i) == '|':
                    inserts.pop(i)
                elif inserts.get(i + 1) == '|':
                    inserts.pop(i + 1)
            elif not action.option_strings:
                part = self._format_args(action, self._get_default_metavar_for_positional(action))
                if action in group_actions and part[0] == '[' and part[-1] == ']':
                    part = part[1:-1]
                parts.append(part)
            else:
                if action.nargs == 0:
                    part = action.format_usage()
                else:
                    args_string = self._format_args(action, self._get_default_metavar_for_optional(action))
                    part = '%s %s' % (action.option_strings[0], args_string)
                if not action.required and action not in group_actions:
                    part = '[%s]' % part
                parts.append(part)
        for i in sorted(inserts, reverse=True):
            parts[i:i] = [inserts[i]]
        text = ' '.join([item for item in parts if item is not None])
        opening = r'[\[(]'
        closing = r'[\])]'
        text = _re.sub(r'(%s) ' % opening, r'\1', text)
        text = _re.sub(r' (%s)' % closing, r'\1', text)
        text = _re.sub(r'%s *%s' % (opening, closing), r'', text)
        return text.strip()

    # -- text and actions

    def _format_text(self, text):
        if '%(prog)' in text:
            text = text % dict(prog=self._prog)
        text_width = max(self._width - self._current_indent, 11)
        indent = ' ' * self._current_indent
        return self._fill_text(text, text_width, indent) + '\n\n'

    def _format_action(self, action):
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        header = self._format_action_invocation(action)
        indent_first = 0
        if not action.help:
            header = '%*s%s\n' % (self._current_indent, '', header)
        elif len(header) <= action_width:
            header = '%*s%-*s  ' % (self._current_indent, '', action_width, header)
        else:
            header = '%*s%s\n' % (self._current_indent, '', header)
            indent_first = help_position
        parts = [header]
        if action.help and action.help.strip():
            help_text = self._expand_help(action)
            if help_text:
                help_lines = self._split_lines(help_text, help_width)
                parts.append('%*s%s\n' % (indent_first, '', help_lines[0]))
                for line in help_lines[1:]:
                    parts.append('%*s%s\n' % (help_position, '', line))
        elif not header.endswith('\n'):
            parts.append('\n')
        for sub in self._iter_indented_subactions(action):
            parts.append(self._format_action(sub))
        return self._join_parts(parts)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            metavar, = self._metavar_formatter(action, self._get_default_metavar_for_positional(action))(1)
            return metavar
        if action.nargs == 0:
            return ', '.join(action.option_strings)
        args_string = self._format_args(action, self._get_default_metavar_for_optional(action))
        return ', '.join(['%s %s' % (opt, args_string) for opt in action.option_strings])

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            result = '{%s}' % ','.join([str(choice) for choice in action.choices])
        else:
            result = default_metavar

        def format(tuple_size):
            if isinstance(result, tuple):
                return result
            return (result,) * tuple_size
        return format

    def _format_args(self, action, default_metavar):
        get_metavar = self._metavar_formatter(action, default_metavar)
        nargs = action.nargs
        if nargs is None:
            return '%s' % get_metavar(1)
        if nargs == OPTIONAL:
            return '[%s]' % get_metavar(1)
        if nargs == ZERO_OR_MORE:
            metavar = get_metavar(1)
            if len(metavar) == 2:
                return '[%s [%s ...]]' % metavar
            return '[%s ...]' % metavar
        if nargs == ONE_OR_MORE:
            return '%s [%s ...]' % get_metavar(2)
        if nargs == REMAINDER:
            return '...'
        if nargs == PARSER:
            return '%s ...' % get_metavar(1)
        if nargs == SUPPRESS:
            return ''
        try:
            formats = ['%s' for _ in range(nargs)]
        except TypeError:
            raise ValueError("invalid nargs value") from None
        return ' '.join(formats) % get_metavar(nargs)

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], '__name__'):
                params[name] = params[name].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join([str(c) for c in params['choices']])
        return self._get_help_string(action) % params

    def _iter_indented_subactions(self, action):
        try:
            get_subactions = action._get_subactions
        except AttributeError:
            return
        self._indent()
        yield from get_subactions()
        self._dedent()

    def _split_lines(self, text, width):
        text = self._whitespace_matcher.sub(' ', text).strip()
        import textwrap
        return textwrap.wrap(text, width)

    def _fill_text(self, text, width, indent):
        text = self._whitespace_matcher.sub(' ', text).strip()
        import textwrap
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class RawDescriptionHelpFormatter(HelpFormatter):
    """Keeps the description and epilog as written (line breaks and all)."""

    def _fill_text(self, text, width, indent):
        return ''.join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Keeps every help text as written, too."""

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Adds ' (default: ...)' to the help of arguments that have a default."""

    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ''
        if '%(default)' not in help and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in [OPTIONAL, ZERO_OR_MORE]:
                help += ' (default: %(default)s)'
        return help


class MetavarTypeHelpFormatter(HelpFormatter):
    """Names each argument's value after its type (int, float, ...)."""

    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__


# ---------------------------------------------------------------- errors

def _get_action_name(argument):
    if argument is None:
        return None
    if argument.option_strings:
        return '/'.join(argument.option_strings)
    if argument.metavar not in (None, SUPPRESS):
        return argument.metavar
    if argument.dest not in (None, SUPPRESS):
        return argument.dest
    if argument.choices:
        return '{' + ','.join(argument.choices) + '}'
    return None


class ArgumentError(Exception):
    """A problem with an argument: its name and the message."""

    def __init__(self, argument, message):
        self.argument_name = _get_action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return '%s' % self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    """Raised by a type function to give its own message."""
    pass


# ---------------------------------------------------------------- actions

class Action(_AttributeHolder):
    """What to do with an argument's strings once they are matched."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        names = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type', 'choices',
                 'required', 'help', 'metavar']
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(_('.__call__() not defined'))


class BooleanOptionalAction(Action):
    """--flag / --no-flag."""

    def __init__(self, option_strings, dest, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None):
        strings = []
        for option_string in option_strings:
            strings.append(option_string)
            if option_string.startswith('--'):
                strings.append('--no-' + option_string[2:])
        super().__init__(option_strings=strings, dest=dest, nargs=0, default=default, type=type,
                         choices=choices, required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError('nargs for store actions must be != 0; if you '
                             'have nothing to store, actions such as store '
                             'true or store const may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings=option_strings, dest=dest, nargs=nargs, const=const,
                         default=default, type=type, choices=choices, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0, const=const,
                         default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        super().__init__(option_strings=option_strings, dest=dest, const=True,
                         default=default, required=required, help=help)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        super().__init__(option_strings=option_strings, dest=dest, const=False,
                         default=default, required=required, help=help)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError('nargs for append actions must be != 0; if arg '
                             'strings are not supplying the value to append, '
                             'the append const action may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings=option_strings, dest=dest, nargs=nargs, const=const,
                         default=default, type=type, choices=choices, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0, const=const,
                         default=default, required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        super().__init__(option_strings=option_strings, dest=dest, default=default,
                         nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings=option_strings, dest=dest, default=default,
                         nargs=0, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _ChoicesPseudoAction(Action):
    """A subcommand's line in its parent's help."""

    def __init__(self, name, aliases, help):
        metavar = dest = name
        if aliases:
            metavar += ' (%s)' % ', '.join(aliases)
        super().__init__(option_strings=[], dest=dest, help=help, metavar=metavar)


class _SubParsersAction(Action):
    """Chooses a subparser by name and hands it the remaining strings."""

    _ChoicesPseudoAction = _ChoicesPseudoAction

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False,
                 help=None, metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        super().__init__(option_strings=option_strings, dest=dest, nargs=PARSER,
                         choices=self._name_parser_map, required=required, help=help,
                         metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get('prog') is None:
            kwargs['prog'] = '%s %s' % (self._prog_prefix, name)
        aliases = kwargs.pop('aliases', ())
        if name in self._name_parser_map:
            raise ArgumentError(self, _('conflicting subparser: %s') % name)
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ArgumentError(self, _('conflicting subparser alias: %s') % alias)
        if 'help' in kwargs:
            help = kwargs.pop('help')
            self._choices_actions.append(self._ChoicesPseudoAction(name, aliases, help))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        parser_name = values[0]
        arg_strings = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, parser_name)
        try:
            subparser = self._name_parser_map[parser_name]
        except KeyError:
            msg = _('unknown parser %(parser_name)r (choices: %(choices)s)') % {
                'parser_name': parser_name, 'choices': ', '.join(self._name_parser_map)}
            raise ArgumentError(self, msg)
        # The subparser's defaults go in a fresh namespace first so that they
        # override the parent's (Python 3.9+).
        subnamespace, arg_strings = subparser.parse_known_args(arg_strings, None)
        for key, value in vars(subnamespace).items():
            setattr(namespace, key, value)
        if arg_strings:
            vars(namespace).setdefault(_UNRECOGNIZED_ARGS_ATTR, [])
            getattr(namespace, _UNRECOGNIZED_ARGS_ATTR).extend(arg_strings)


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.extend(values)
        setattr(namespace, self.dest, items)


class FileType:
    """A type= that opens the named file ('-' is stdin or stdout)."""

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._bufsize = bufsize
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        if string == '-':
            if 'r' in self._mode:
                return _sys.stdin.buffer if 'b' in self._mode else _sys.stdin
            if any(c in self._mode for c in 'wax'):
                return _sys.stdout.buffer if 'b' in self._mode else _sys.stdout
            raise ValueError(_('argument "-" with mode %r') % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding, self._errors)
        except OSError as e:
            raise ArgumentTypeError(_("can't open '%(filename)s': %(error)s") % {
                'filename': string, 'error': e})

    def __repr__(self):
        args = [repr(arg) for arg in (self._mode, self._bufsize) if arg != -1]
        args += ['%s=%r' % (kw, arg) for kw, arg in [('encoding', self._encoding), ('errors', self._errors)]
                 if arg is not None]
        return '%s(%s)' % (type(self).__name__, ', '.join(args))


class Namespace(_AttributeHolder):
    """A plain object holding the parsed attributes."""

    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__

    __hash__ = None


# ---------------------------------------------------------------- containers

class _ActionsContainer:
    """What ArgumentParser and argument groups share: the registries of
    action and type names, add_argument, conflict handling, defaults."""

    def __init__(self, description, prefix_chars, argument_default, conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._registries = {}
        for name, cls in [(None, _StoreAction), ('store', _StoreAction),
                          ('store_const', _StoreConstAction), ('store_true', _StoreTrueAction),
                          ('store_false', _StoreFalseAction), ('append', _AppendAction),
                          ('append_const', _AppendConstAction), ('count', _CountAction),
                          ('help', _HelpAction), ('version', _VersionAction),
                          ('parsers', _SubParsersAction), ('extend', _ExtendAction)]:
            self.register('action', name, cls)
        self._get_handler()
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._negative_number_matcher = _re.compile(r'^-\d+$|^-\d*\.\d+$')
        self._has_negative_number_optionals = []

    def register(self, registry_name, value, object):
        registry = self._registries.setdefault(registry_name, {})
        registry[value] = object

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        """add_argument(dest, ..., name=value, ...) or
        add_argument(option_string, option_string, ..., name=value, ...)"""
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if 'default' not in kwargs:
            dest = kwargs['dest']
            if dest in self._defaults:
                kwargs['default'] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs['default'] = self.argument_default
        action_class = self._pop_action_class(kwargs)
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**kwargs)
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ValueError('%r is not callable' % (type_func,))
        if type_func is FileType:
            raise ValueError('%r is a FileType class object, instance of it must be passed' % (type_func,))
        if hasattr(self, "_get_formatter"):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError("length of metavar tuple does not match nargs")
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for option_string in action.option_strings:
            self._option_string_actions[option_string] = action
        for option_string in action.option_strings:
            if self._negative_number_matcher.match(option_string):
                if not self._has_negative_number_optionals:
                    self._has_negative_number_optionals.append(True)
        return action

    def _remove_action(self, action):
        self._actions.remove(action)

    def _add_container_actions(self, container):
        """Copy a parent parser's actions, groups and exclusive groups."""
        title_group_map = {}
        for group in self._action_groups:
            if group.title in title_group_map:
                raise ValueError(_('cannot merge actions - two groups are named %r') % (group.title,))
            title_group_map[group.title] = group
        group_map = {}
        for group in container._action_groups:
            if group.title not in title_group_map:
                title_group_map[group.title] = self.add_argument_group(
                    title=group.title, description=group.description,
                    conflict_handler=group.conflict_handler)
            for action in group._group_actions:
                group_map[action] = title_group_map[group.title]
        for group in container._mutually_exclusive_groups:
            mutex_group = self.add_mutually_exclusive_group(required=group.required)
            for action in group._group_actions:
                group_map[action] = mutex_group
        for action in container._actions:
            group_map.get(action, self)._add_action(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if 'required' in kwargs:
            raise TypeError(_("'required' is an invalid argument for positionals"))
        if kwargs.get('nargs') not in [OPTIONAL, ZERO_OR_MORE]:
            kwargs['required'] = True
        if kwargs.get('nargs') == ZERO_OR_MORE and 'default' not in kwargs:
            kwargs['required'] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for option_string in args:
            if not option_string[0] in self.prefix_chars:
                raise ValueError(_('invalid option string %(option)r: must start with a character '
                                   '%(prefix_chars)r') % {'option': option_string,
                                                          'prefix_chars': self.prefix_chars})
            option_strings.append(option_string)
            if len(option_string) > 1 and option_string[1] in self.prefix_chars:
                long_option_strings.append(option_string)
        dest = kwargs.pop('dest', None)
        if dest is None:
            first = long_option_strings[0] if long_option_strings else option_strings[0]
            dest = first.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError(_('dest= is required for options like %r') % option_string)
            dest = dest.replace('-', '_')
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _pop_action_class(self, kwargs, default=None):
        action = kwargs.pop('action', default)
        return self._registry_get('action', action, action)

    def _get_handler(self):
        name = '_handle_conflict_%s' % self.conflict_handler
        try:
            return getattr(self, name)
        except AttributeError:
            raise ValueError(_('invalid conflict_resolution value: %r') % self.conflict_handler)

    def _check_conflict(self, action):
        conflicts = []
        for option_string in action.option_strings:
            if option_string in self._option_string_actions:
                conflicts.append((option_string, self._option_string_actions[option_string]))
        if conflicts:
            self._get_handler()(action, conflicts)

    def _handle_conflict_error(self, action, conflicting_actions):
        message = ngettext('conflicting option string: %s', 'conflicting option strings: %s',
                           len(conflicting_actions))
        conflict_string = ', '.join([option_string for option_string, _a in conflicting_actions])
        raise ArgumentError(action, message % conflict_string)

    def _handle_conflict_resolve(self, action, conflicting_actions):
        for option_string, other in conflicting_actions:
            other.option_strings.remove(option_string)
            self._option_string_actions.pop(option_string, None)
            if not other.option_strings:
                other.container._remove_action(other)


class _ArgumentGroup(_ActionsContainer):
    """A titled section of the help; shares its parser's tables."""

    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault('conflict_handler', container.conflict_handler)
        kwargs.setdefault('prefix_chars', container.prefix_chars)
        kwargs.setdefault('argument_default', container.argument_default)
        super().__init__(description=description, **kwargs)
        self.title = title
        self._group_actions = []
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = super()._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        super()._remove_action(action)
        self._group_actions.remove(action)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    """Options of which at most one (or, if required, exactly one) may be
    given."""

    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError(_('mutually exclusive arguments must be optional'))
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)


# ---------------------------------------------------------------- the parser

class ArgumentParser(_ActionsContainer):
    """Turns a list of strings into a Namespace, following the arguments
    added to it; prints usage and help, and exits with status 2 on error."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True,
                 allow_abbrev=True, exit_on_error=True):
        super().__init__(description=description, prefix_chars=prefix_chars,
                         argument_default=argument_default, conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0])
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group(_('positional arguments'))
        self._optionals = self.add_argument_group(_('options'))
        self._subparsers = None

        def identity(string):
            return string
        self.register('type', None, identity)
        default_prefix = '-' if '-' in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + 'h', default_prefix * 2 + 'help', action='help',
                              default=SUPPRESS, help=_('show this help message and exit'))
        for parent in parents:
            self._add_container_actions(parent)
            try:
                defaults = parent._defaults
            except AttributeError:
                pass
            else:
                self._defaults.update(defaults)

    # ArgumentParser is an _AttributeHolder in CPython; with one base class
    # here, it borrows the repr.
    __repr__ = _AttributeHolder.__repr__

    def _get_args(self):
        return []

    def _get_kwargs(self):
        names = ['prog', 'usage', 'description', 'formatter_class', 'conflict_handler', 'add_help']
        return [(name, getattr(self, name)) for name in names]

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error(_('cannot have multiple subparser arguments'))
        kwargs.setdefault('parser_class', type(self))
        if 'title' in kwargs or 'description' in kwargs:
            title = _(kwargs.pop('title', 'subcommands'))
            description = _(kwargs.pop('description', None))
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get('prog') is None:
            formatter = self._get_formatter()
            formatter.add_usage(self.usage, self._get_positional_actions(),
                                self._mutually_exclusive_groups, '')
            kwargs['prog'] = formatter.format_help().strip()
        parsers_class = self._pop_action_class(kwargs, 'parsers')
        action = parsers_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [action for action in self._actions if action.option_strings]

    def _get_positional_actions(self):
        return [action for action in self._actions if not action.option_strings]

    # -- parsing

    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            self.error(_('unrecognized arguments: %s') % ' '.join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS and not hasattr(namespace, action.dest):
                if action.default is not SUPPRESS:
                    setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace)
        if hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
            args.extend(getattr(namespace, _UNRECOGNIZED_ARGS_ATTR))
            delattr(namespace, _UNRECOGNIZED_ARGS_ATTR)
        return namespace, args

    def _classify(self, arg_strings):
        """The pattern string of Note [Argument patterns], and the parsed
        option at each 'O'."""
        option_string_indices = {}
        parts = []
        after_separator = False
        for i, arg_string in enumerate(arg_strings):
            if after_separator:
                parts.append('A')
            elif arg_string == '--':
                parts.append('-')
                after_separator = True
            else:
                option_tuple = self._parse_optional(arg_string)
                if option_tuple is None:
                    parts.append('A')
                else:
                    option_string_indices[i] = option_tuple
                    parts.append('O')
        return ''.join(parts), option_string_indices

    def _parse_known_args(self, arg_strings, namespace):
        if self.fromfile_prefix_chars is not None:
            arg_strings = self._read_args_from_files(arg_strings)
        action_conflicts = {}
        for mutex_group in self._mutually_exclusive_groups:
            group_actions = mutex_group._group_actions
            for i, mutex_action in enumerate(group_actions):
                conflicts = action_conflicts.setdefault(mutex_action, [])
                conflicts.extend(group_actions[:i])
                conflicts.extend(group_actions[i + 1:])
        pattern, option_string_indices = self._classify(arg_strings)
        state = _ParseState(self, namespace, arg_strings, pattern, option_string_indices,
                            action_conflicts)
        extras = state.run()
        self._check_required(state, namespace)
        return namespace, extras

    def _check_required(self, state, namespace):
        required_actions = []
        for action in self._actions:
            if action in state.seen_actions:
                continue
            if action.required:
                required_actions.append(_get_action_name(action))
            elif (action.default is not None and isinstance(action.default, str)
                  and hasattr(namespace, action.dest)
                  and action.default is getattr(namespace, action.dest)):
                # A string default goes through type= as if it were given.
                setattr(namespace, action.dest, self._get_value(action, action.default))
        if required_actions:
            self.error(_('the following arguments are required: %s') % ', '.join(required_actions))
        for group in self._mutually_exclusive_groups:
            if not group.required:
                continue
            if any(action in state.seen_non_default_actions for action in group._group_actions):
                continue
            names = [_get_action_name(action) for action in group._group_actions
                     if action.help is not SUPPRESS]
            self.error(_('one of the arguments %s is required') % ' '.join(names))

    def _read_args_from_files(self, arg_strings):
        new_arg_strings = []
        for arg_string in arg_strings:
            if not arg_string or arg_string[0] not in self.fromfile_prefix_chars:
                new_arg_strings.append(arg_string)
                continue
            try:
                with open(arg_string[1:]) as args_file:
                    file_args = []
                    for arg_line in args_file.read().splitlines():
                        for arg in self.convert_arg_line_to_args(arg_line):
                            file_args.append(arg)
                    new_arg_strings.extend(self._read_args_from_files(file_args))
            except OSError as err:
                self.error(str(err))
        return new_arg_strings

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def _match_argument(self, action, arg_strings_pattern):
        match = _re.match(self._get_nargs_pattern(action), arg_strings_pattern)
        if match is None:
            nargs_errors = {None: _('expected one argument'),
                            OPTIONAL: _('expected at most one argument'),
                            ONE_OR_MORE: _('expected at least one argument')}
            msg = nargs_errors.get(action.nargs)
            if msg is None:
                msg = ngettext('expected %s argument', 'expected %s arguments',
                               action.nargs) % action.nargs
            raise ArgumentError(action, msg)
        return len(match.group(1))

    def _match_arguments_partial(self, actions, arg_strings_pattern):
        for i in range(len(actions), 0, -1):
            pattern = ''.join([self._get_nargs_pattern(action) for action in actions[:i]])
            match = _re.match(pattern, arg_strings_pattern)
            if match is not None:
                return [len(string) for string in match.groups()]
        return []

    def _parse_optional(self, arg_string):
        """None if arg_string is an argument; else (action or None,
        option string, explicit argument or None)."""
        if not arg_string or arg_string[0] not in self.prefix_chars:
            return None
        if arg_string in self._option_string_actions:
            return self._option_string_actions[arg_string], arg_string, None
        if len(arg_string) == 1:
            return None
        if '=' in arg_string:
            option_string, explicit_arg = arg_string.split('=', 1)
            if option_string in self._option_string_actions:
                return self._option_string_actions[option_string], option_string, explicit_arg
        option_tuples = self._get_option_tuples(arg_string)
        if len(option_tuples) > 1:
            options = ', '.join([option_string for _a, option_string, _e in option_tuples])
            self.error(_('ambiguous option: %(option)s could match %(matches)s')
                       % {'option': arg_string, 'matches': options})
        elif len(option_tuples) == 1:
            return option_tuples[0]
        if self._negative_number_matcher.match(arg_string):
            if not self._has_negative_number_optionals:
                return None
        if ' ' in arg_string:
            return None
        return None, arg_string, None

    def _get_option_tuples(self, option_string):
        """The options an abbreviation could stand for."""
        result = []
        chars = self.prefix_chars
        if option_string[0] in chars and option_string[1] in chars:
            if self.allow_abbrev:
                if '=' in option_string:
                    option_prefix, explicit_arg = option_string.split('=', 1)
                else:
                    option_prefix, explicit_arg = option_string, None
                for known in self._option_string_actions:
                    if known.startswith(option_prefix):
                        result.append((self._option_string_actions[known], known, explicit_arg))
        elif option_string[0] in chars and option_string[1] not in chars:
            short_prefix = option_string[:2]
            short_explicit_arg = option_string[2:]
            for known in self._option_string_actions:
                if known == short_prefix:
                    result.append((self._option_string_actions[known], known, short_explicit_arg))
                elif known.startswith(option_string):
                    result.append((self._option_string_actions[known], known, None))
        else:
            self.error(_('unexpected option string: %s') % option_string)
        return result

    def _get_nargs_pattern(self, action):
        nargs = action.nargs
        if nargs is None:
            pattern = '(-*A-*)'
        elif nargs == OPTIONAL:
            pattern = '(-*A?-*)'
        elif nargs == ZERO_OR_MORE:
            pattern = '(-*[A-]*)'
        elif nargs == ONE_OR_MORE:
            pattern = '(-*A[A-]*)'
        elif nargs == REMAINDER:
            pattern = '([-AO]*)'
        elif nargs == PARSER:
            pattern = '(-*A[-AO]*)'
        elif nargs == SUPPRESS:
            pattern = '(-*-*)'
        else:
            pattern = '(-*%s-*)' % '-*'.join('A' * nargs)
        if action.option_strings:
            # An option's arguments never take in '--' or another option.
            pattern = pattern.replace('-*', '').replace('-', '')
        return pattern

    # -- intermixed

    def parse_intermixed_args(self, args=None, namespace=None):
        args, argv = self.parse_known_intermixed_args(args, namespace)
        if argv:
            self.error(_('unrecognized arguments: %s') % ' '.join(argv))
        return args

    def parse_known_intermixed_args(self, args=None, namespace=None):
        """Options first (positionals set aside), then the positionals from
        what is left, so that options and positionals may interleave."""
        positionals = self._get_positional_actions()
        bad = [action for action in positionals if action.nargs in [PARSER, REMAINDER]]
        if bad:
            raise TypeError('parse_intermixed_args: positional arg with nargs=%s' % bad[0].nargs)
        if [action.dest for group in self._mutually_exclusive_groups
                for action in group._group_actions if action in positionals]:
            raise TypeError('parse_intermixed_args: positional in mutuallyExclusiveGroup')
        save_usage = self.usage
        try:
            if self.usage is None:
                self.usage = self.format_usage()[7:]
            for action in positionals:
                action.save_nargs = action.nargs
                action.nargs = SUPPRESS
                action.save_default = action.default
                action.default = SUPPRESS
            try:
                namespace, remaining_args = self.parse_known_args(args, namespace)
                for action in positionals:
                    if hasattr(namespace, action.dest) and getattr(namespace, action.dest) == []:
                        warnings.warn('Do not expect %s in %s' % (action.dest, namespace))
                        delattr(namespace, action.dest)
            finally:
                for action in positionals:
                    action.nargs = action.save_nargs
                    action.default = action.save_default
            optionals = self._get_optional_actions()
            try:
                for action in optionals:
                    action.save_required = action.required
                    action.required = False
                for group in self._mutually_exclusive_groups:
                    group.save_required = group.required
                    group.required = False
                namespace, extras = self.parse_known_args(remaining_args, namespace)
            finally:
                for action in optionals:
                    action.required = action.save_required
                for group in self._mutually_exclusive_groups:
                    group.required = group.save_required
        finally:
            self.usage = save_usage
        return namespace, extras

    # -- values

    def _get_values(self, action, arg_strings):
        if action.nargs not in [PARSER, REMAINDER]:
            try:
                arg_strings.remove('--')
            except ValueError:
                pass
        if not arg_strings and action.nargs == OPTIONAL:
            value = action.const if action.option_strings else action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif not arg_strings and action.nargs == ZERO_OR_MORE and not action.option_strings:
            if action.default is not None:
                value = action.default
            else:
                value = arg_strings
            self._check_value(action, value)
        elif len(arg_strings) == 1 and action.nargs in [None, OPTIONAL]:
            value = self._get_value(action, arg_strings[0])
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, arg_string):
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ArgumentError(action, _('%r is not callable') % (type_func,))
        try:
            return type_func(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, _('invalid %(type)s value: %(value)r')
                                % {'type': name, 'value': arg_string})

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            args = {'value': value, 'choices': ', '.join(map(repr, action.choices))}
            raise ArgumentError(action, _('invalid choice: %(value)r (choose from %(choices)s)') % args)

    # -- help

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for action_group in self._action_groups:
            formatter.start_section(action_group.title)
            formatter.add_text(action_group.description)
            formatter.add_arguments(action_group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            file = file or _sys.stderr
            try:
                file.write(message)
            except (AttributeError, OSError):
                pass

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        """Print the usage and the message to stderr and exit with status 2."""
        self.print_usage(_sys.stderr)
        self.exit(2, _('%(prog)s: error: %(message)s\n') % {'prog': self.prog, 'message': message})


class _ParseState:
    """One run of _parse_known_args: walks the strings, alternating between
    the positionals before the next option and that option
    (Note [Argument patterns])."""

    def __init__(self, parser, namespace, arg_strings, pattern, option_string_indices,
                 action_conflicts):
        self.parser = parser
        self.namespace = namespace
        self.arg_strings = arg_strings
        self.pattern = pattern
        self.option_string_indices = option_string_indices
        self.action_conflicts = action_conflicts
        self.seen_actions = set()
        self.seen_non_default_actions = set()
        self.positionals = parser._get_positional_actions()
        self.extras = []

    def take_action(self, action, argument_strings, option_string=None):
        self.seen_actions.add(action)
        values = self.parser._get_values(action, argument_strings)
        # A value that is the default itself (the same object) does not
        # count against a mutually exclusive group.
        if values is not action.default:
            self.seen_non_default_actions.add(action)
            for conflict_action in self.action_conflicts.get(action, []):
                if conflict_action in self.seen_non_default_actions:
                    raise ArgumentError(action, _('not allowed with argument %s')
                                        % _get_action_name(conflict_action))
        if values is not SUPPRESS:
            action(self.parser, self.namespace, values, option_string)

    def consume_optional(self, start_index):
        action, option_string, explicit_arg = self.option_string_indices[start_index]
        parser = self.parser
        action_tuples = []
        while True:
            if action is None:
                self.extras.append(self.arg_strings[start_index])
                return start_index + 1
            if explicit_arg is None:
                start = start_index + 1
                arg_count = parser._match_argument(action, self.pattern[start:])
                stop = start + arg_count
                action_tuples.append((action, self.arg_strings[start:stop], option_string))
                break
            arg_count = parser._match_argument(action, 'A')
            chars = parser.prefix_chars
            if arg_count == 0 and option_string[1] not in chars and explicit_arg != '':
                # '-xyz' with -x a flag: -x, then -yz on the same footing.
                action_tuples.append((action, [], option_string))
                option_string = option_string[0] + explicit_arg[0]
                new_explicit_arg = explicit_arg[1:] or None
                if option_string in parser._option_string_actions:
                    action = parser._option_string_actions[option_string]
                    explicit_arg = new_explicit_arg
                else:
                    raise ArgumentError(action, _('ignored explicit argument %r') % explicit_arg)
            elif arg_count == 1:
                stop = start_index + 1
                action_tuples.append((action, [explicit_arg], option_string))
                break
            else:
                raise ArgumentError(action, _('ignored explicit argument %r') % explicit_arg)
        for action, args, option_string in action_tuples:
            self.take_action(action, args, option_string)
        return stop

    def consume_positionals(self, start_index):
        arg_counts = self.parser._match_arguments_partial(self.positionals, self.pattern[start_index:])
        for action, arg_count in zip(self.positionals, arg_counts):
            args = self.arg_strings[start_index:start_index + arg_count]
            start_index += arg_count
            self.take_action(action, args)
        self.positionals[:] = self.positionals[len(arg_counts):]
        return start_index

    def run(self):
        indices = self.option_string_indices
        max_option_string_index = max(indices) if indices else -1
        start_index = 0
        while start_index <= max_option_string_index:
            next_option_string_index = min([i for i in indices if i >= start_index])
            if start_index != next_option_string_index:
                positionals_end_index = self.consume_positionals(start_index)
                if positionals_end_index > start_index:
                    start_index = positionals_end_index
                    continue
                start_index = positionals_end_index
            if start_index not in indices:
                self.extras.extend(self.arg_strings[start_index:next_option_string_index])
                start_index = next_option_string_index
            start_index = self.consume_optional(start_index)
        stop_index = self.consume_positionals(start_index)
        self.extras.extend(self.arg_strings[stop_index:])
        return self.extras
