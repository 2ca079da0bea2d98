class Node:
    def __init__(self, val, nxt=None):
        self.val = val
        self.next = nxt

def length(head):
    n = 0
    cur = head
    while cur:
        n += 1
        cur = cur.next
    return n

def reverse(head):
    prev = None
    while head is not None:
        head.next, prev, head = prev, head, head.next
    return prev
