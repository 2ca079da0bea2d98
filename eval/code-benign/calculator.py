import operator

OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}

def rpn(expr):
    stack = []
    for tok in expr.split():
        if tok in OPS:
            b, a = stack.pop(), stack.pop()
            stack.append(OPS[tok](a, b))
        else:
            stack.append(float(tok))
    return stack[0]

print(rpn("3 4 + 2 *"))
