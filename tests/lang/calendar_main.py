# calendar.main() as `python -m calendar`: HTML pages, an encoded month, and
# argparse's errors for a locale without an encoding.
import calendar, sys
calendar.main(["calendar", "-t", "html", "-c", "x.css", "2024"])
sys.stdout.flush()
calendar.main(["calendar", "-e", "ascii", "2024", "1"])
sys.stdout.flush()
try:
    calendar.main(["calendar", "-L", "C", "2024"])
except SystemExit as e:
    print("exit", e.code)
