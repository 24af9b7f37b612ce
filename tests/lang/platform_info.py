# platform: what it says about the machine, checked against os.uname
# (not printed: it differs between machines), and the interpreter.
import platform, os, sys
u = os.uname()
print(platform.system(), platform.machine() == u.machine, platform.node() == u.nodename, platform.release() == u.release)
print(platform.python_version(), platform.python_version_tuple(), platform.python_implementation())
print(platform.architecture(), platform.libc_ver()[0], platform.platform() == '-'.join([u.sysname, u.release, u.machine, 'with', 'glibc' + platform.libc_ver()[1]]))
print(platform.uname().system, len(platform.uname()), platform.system_alias('a', 'b', 'c'), 'ID' in platform.freedesktop_os_release())
print(platform.uname()[:3] == (u.sysname, u.nodename, u.release), platform.java_ver(), platform.mac_ver(), platform.win32_ver())
