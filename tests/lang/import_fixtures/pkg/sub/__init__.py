from .. import util
from ..core import core_fn as cf
SUBVAL = util.NAME + cf()
