def pairs(data):
    out = []
    i = 0
    try:
        while True:
            out.append((data[i], data[i + 1]))
            i += 2
    except IndexError:
        pass
    return out


def drain(table):
    out = []
    try:
        while 1:
            out.append(table.popitem())
    except KeyError:
        return out


print(pairs([1, 2, 3, 4, 5]), drain({"a": 1, "b": 2}))
