class Tokenizer:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def next_char(self):
        if self.pos >= len(self.text):
            raise StopIteration
        ch = self.text[self.pos]
        self.pos += 1
        return ch

    def words(self):
        out, word = [], ""
        try:
            while True:
                ch = self.next_char()
                if ch.isspace():
                    if word:
                        out.append(word)
                    word = ""
                else:
                    word += ch
        except StopIteration:
            if word:
                out.append(word)
        return out


print(Tokenizer("to be or not").words())
