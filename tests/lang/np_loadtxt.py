# numpy.loadtxt's C path (numpy._umath.parse_floats): decimal fields read exactly (the
# fast path of runtime/decimal_exact.c, strtod past it), blanks, comments, errors.
import io
import numpy as np

fields = ['1e5', '-0.0', '+3', '.5', '5.', '1E-3', '00012.50', '123456789012345678901234', '1e400', '1e-400',
          '4.9e-324', 'nan', 'inf', '-inf', '2.2250738585072014e-308', '9007199254740993', '0.1e1', '1.7976931348623157e308',
          '0.000000000000000000000001', '1234567890123456789', '12345678901234567890', '9007199254740992e22',
          '9007199254740992e-22', '1e22', '1e23', '1e-22', '1e-23', '0e999', '-0e-999', '3.14159265358979323846',
          '0.30000000000000004', '123.456e-2', '7E+2']
a = np.loadtxt(io.StringIO(','.join(fields)), delimiter=',')
for f, v in zip(fields, a):
    print(f, repr(v), np.signbit(v))
print(np.loadtxt(io.StringIO(' 1.5\t 2.25 # c\n\n  # only a comment\n3 \t4\r\n')))
print(np.loadtxt(io.StringIO('1;2;3\n4;5;6  // end\n'), delimiter=';', comments='//'))
print(np.loadtxt(io.StringIO('1, 2\n 3 ,4\n'), delimiter=','))
try:
    np.loadtxt(io.StringIO('1 2\n  3  x \n'), skiprows=0)
except ValueError as e:
    print('ValueError', e)
for bad in ['1e,0', '0, 1.2.3 ', '--1,0', '1,,2', ',', 'e5,0', '0,1e+', '.,0', '0x1p3x,0', '1 2,0', 'x,0,0', 'x', '  x ,0', '0, y  \r', '0,y  # c', '0,\ty\t']:
    try:
        print(np.loadtxt(io.StringIO('0,0\n' + bad), delimiter=','))
    except ValueError as e:
        print('ValueError', e)
for d in [',,', '', 5]:
    try:
        np.loadtxt(io.StringIO('1,2'), delimiter=d)
    except TypeError as e:
        print('TypeError', e)
try:
    np.loadtxt(io.StringIO('1 2'), comments='')
except ValueError as e:
    print('ValueError', e)
