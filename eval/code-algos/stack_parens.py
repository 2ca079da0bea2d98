def balanced(s):
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = []
    for ch in s:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return not stack


def reduce_pairs(s):
    while "()" in s:
        s = s.replace("()", "")
    return s == ""


print(balanced("([]{})"), reduce_pairs("(()())"))
