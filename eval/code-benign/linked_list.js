class Node { constructor(v, next = null) { this.v = v; this.next = next; } }
function reverse(head) {
  let prev = null;
  while (head) {
    const next = head.next;
    head.next = prev;
    prev = head;
    head = next;
  }
  return prev;
}
let list = new Node(1, new Node(2, new Node(3)));
let cur = reverse(list);
while (cur !== null) { console.log(cur.v); cur = cur.next; }
