def parse_value(s, i):
    while s[i] == " ":
        i += 1
    if s[i] == "[":
        i += 1
        out = []
        while True:
            if s[i] == "]":
                return out, i + 1
            v, i = parse_value(s, i)
            out.append(v)
            if s[i] == ",":
                i += 1
    j = i
    while j < len(s) and s[j].isdigit():
        j += 1
    return int(s[i:j]), j
