class Node {
  constructor(value, next = null) {
    this.value = value;
    this.next = next;
  }
}

function reverse(head) {
  let prev = null;
  let cur = head;
  while (cur) {
    const next = cur.next;
    cur.next = prev;
    prev = cur;
    cur = next;
  }
  return prev;
}

function toArray(head) {
  const out = [];
  for (let n = head; n; n = n.next) out.push(n.value);
  return out;
}

console.log(toArray(reverse(new Node(1, new Node(2, new Node(3))))));
