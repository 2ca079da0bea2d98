import queue
import threading

q = queue.Queue()

def worker():
    while True:
        item = q.get()
        if item is None:
            break
        print("processing", item)
        q.task_done()

t = threading.Thread(target=worker)
t.start()
for i in range(5):
    q.put(i)
q.put(None)
t.join()
