import selectors
import socket

sel = selectors.DefaultSelector()
srv = socket.socket()
srv.bind(("127.0.0.1", 9000))
srv.listen()
sel.register(srv, selectors.EVENT_READ)
while True:
    for key, _ in sel.select(timeout=1):
        conn, _ = key.fileobj.accept()
        conn.sendall(b"hi\n")
        conn.close()
