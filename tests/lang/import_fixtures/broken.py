STARTED = True
raise ValueError("broken while importing")
