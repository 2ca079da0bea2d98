class Node:
    def __init__(self, value, nxt=None):
        self.value = value
        self.next = nxt


class LinkedList:
    def __init__(self):
        self.head = None

    def push(self, value):
        self.head = Node(value, self.head)

    def reverse(self):
        prev, cur = None, self.head
        while cur:
            cur.next, prev, cur = prev, cur, cur.next
        self.head = prev

    def __iter__(self):
        node = self.head
        while node is not None:
            yield node.value
            node = node.next


ll = LinkedList()
for v in range(5):
    ll.push(v)
ll.reverse()
print(list(ll))
