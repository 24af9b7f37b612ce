"""string: the character-class constants, capwords, Template ($-substitution)
and Formatter (str.format's machinery opened up), as CPython 3.11's module."""

import re as _re

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords',
           'digits', 'hexdigits', 'octdigits', 'printable', 'punctuation',
           'whitespace', 'Formatter', 'Template']

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split s on sep, capitalize each word, join with sep (or one space)."""
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


_sentinel_dict = {}


class Template:
    """A string with $name / ${name} placeholders ($$ is a dollar)."""
    delimiter = '$'
    idpattern = r'(?a:[_a-z][_a-z0-9]*)'
    braceidpattern = None
    flags = _re.IGNORECASE
    pattern = None

    def __init_subclass__(cls):
        super().__init_subclass__()
        cls.pattern = cls._compile()

    @classmethod
    def _compile(cls):
        if 'pattern' in cls.__dict__ and cls.__dict__['pattern'] is not None:
            pat = cls.__dict__['pattern']
            return pat if not isinstance(pat, str) else _re.compile(pat, cls.flags | _re.VERBOSE)
        delim = _re.escape(cls.delimiter)
        ident = cls.idpattern
        bident = cls.braceidpattern or cls.idpattern
        pat = (r'%s(?:(?P<escaped>%s)|(?P<named>%s)|{(?P<braced>%s)}|(?P<invalid>))'
               % (delim, delim, ident, bident))
        return _re.compile(pat, cls.flags)

    def __init__(self, template):
        self.template = template

    def _pattern(self):
        # Compiled per class, in case __init_subclass__ did not run.
        cls = type(self)
        if cls.__dict__.get('pattern') is None:
            cls.pattern = cls._compile()
        return cls.pattern

    def _invalid(self, mo):
        i = mo.start('invalid')
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = i - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def substitute(self, mapping=_sentinel_dict, /, **kws):
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                return str(mapping[named])
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                self._invalid(mo)
            raise ValueError('Unrecognized named group in pattern', self._pattern())
        return self._pattern().sub(convert, self.template)

    def safe_substitute(self, mapping=_sentinel_dict, /, **kws):
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                try:
                    return str(mapping[named])
                except KeyError:
                    return mo.group()
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                return mo.group()
            raise ValueError('Unrecognized named group in pattern', self._pattern())
        return self._pattern().sub(convert, self.template)

    def is_valid(self):
        for mo in self._pattern().finditer(self.template):
            if mo.group('invalid') is not None:
                return False
            if (mo.group('named') is None and mo.group('braced') is None
                    and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern', self._pattern())
        return True

    def get_identifiers(self):
        ids = []
        for mo in self._pattern().finditer(self.template):
            named = mo.group('named') or mo.group('braced')
            if named is not None and named not in ids:
                ids.append(named)
            elif (named is None and mo.group('invalid') is None
                    and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern', self._pattern())
        return ids


Template.pattern = Template._compile()


class _ChainMap:
    """Looks a key up in the keyword arguments first, then in the mapping."""

    def __init__(self, first, second):
        self.first = first
        self.second = second

    def __getitem__(self, key):
        if key in self.first:
            return self.first[key]
        return self.second[key]


def _parse_format(s):
    """Yield (literal, field_name, format_spec, conversion) as
    _string.formatter_parser does; field_name is None after the last field."""
    i = 0
    n = len(s)
    literal = []
    while i < n:
        c = s[i]
        if c == '{':
            if i + 1 < n and s[i + 1] == '{':
                literal.append('{')
                yield ''.join(literal), None, None, None
                literal = []
                i += 2
                continue
            depth = 1
            j = i + 1
            while j < n and depth:
                if s[j] == '{':
                    depth += 1
                elif s[j] == '}':
                    depth -= 1
                j += 1
            if depth:
                raise ValueError("expected '}' before end of string")
            field = s[i + 1:j - 1]
            conversion = None
            spec = ''
            k = 0
            bracket = False
            name_end = len(field)
            while k < len(field):
                ch = field[k]
                if ch == '[':
                    bracket = True
                elif ch == ']':
                    bracket = False
                elif not bracket and ch in '!:':
                    name_end = k
                    break
                k += 1
            name = field[:name_end]
            rest = field[name_end:]
            if rest.startswith('!'):
                if len(rest) < 2:
                    raise ValueError('end of string while looking for conversion specifier')
                conversion = rest[1]
                rest = rest[2:]
                if rest and not rest.startswith(':'):
                    raise ValueError('expected \':\' after conversion specifier')
            if rest.startswith(':'):
                spec = rest[1:]
            yield ''.join(literal), name, spec, conversion
            literal = []
            i = j
        elif c == '}':
            if i + 1 < n and s[i + 1] == '}':
                literal.append('}')
                yield ''.join(literal), None, None, None
                literal = []
                i += 2
                continue
            raise ValueError("Single '}' encountered in format string")
        else:
            literal.append(c)
            i += 1
    if literal:
        yield ''.join(literal), None, None, None


def _split_field(name):
    """'a.b[0]' -> ('a', [(True, 'b'), (False, 0)])."""
    i = 0
    while i < len(name) and name[i] not in '.[':
        i += 1
    first = name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < len(name):
        if name[i] == '.':
            j = i + 1
            while j < len(name) and name[j] not in '.[':
                j += 1
            attr = name[i + 1:j]
            if not attr:
                raise ValueError('Empty attribute in format string')
            rest.append((True, attr))
            i = j
        else:
            j = name.find(']', i)
            if j < 0:
                raise ValueError("Missing ']' in format string")
            key = name[i + 1:j]
            if key.isdigit():
                key = int(key)
            rest.append((False, key))
            i = j + 1
            if i < len(name) and name[i] not in '.[':
                raise ValueError('Only \'.\' or \'[\' may follow \']\' in format field specifier')
    return first, rest


class Formatter:
    """str.format's steps as overridable methods."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is not None:
                if field_name == '':
                    if auto_arg_index is False:
                        raise ValueError('cannot switch from manual field specification to automatic field numbering')
                    field_name = str(auto_arg_index)
                    auto_arg_index += 1
                elif field_name.isdigit():
                    if auto_arg_index:
                        raise ValueError('cannot switch from manual field specification to automatic field numbering')
                    auto_arg_index = False
                obj, arg_used = self.get_field(field_name, args, kwargs)
                used_args.add(arg_used)
                obj = self.convert_field(obj, conversion)
                format_spec, auto_arg_index = self._vformat(
                    format_spec, args, kwargs, used_args, recursion_depth - 1,
                    auto_arg_index=auto_arg_index)
                result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == 's':
            return str(value)
        if conversion == 'r':
            return repr(value)
        if conversion == 'a':
            return ascii(value)
        raise ValueError('Unknown conversion specifier {0!s}'.format(conversion))

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _split_field(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            obj = getattr(obj, i) if is_attr else obj[i]
        return obj, first
