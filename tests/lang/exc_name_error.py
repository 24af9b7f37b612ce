import math_typo
