state = "start"
events = iter(["go", "pause", "go", "stop"])
while state != "done":
    ev = next(events, "stop")
    if state == "start" and ev == "go":
        state = "running"
    elif ev == "stop":
        state = "done"
print(state)
