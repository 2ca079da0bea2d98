def tokenize(text):
    i = 0
    tokens = []
    while True:
        if i >= len(text):
            return tokens
        ch = text[i]
        if ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            tokens.append(int(text[i:j]))
            i = j
        else:
            tokens.append(ch)
            i += 1
