import base64
import sys

mode, path = sys.argv[1], sys.argv[2]
raw = open(path, "rb").read()
if mode == "encode":
    sys.stdout.write(base64.b64encode(raw).decode())
else:
    open(path + ".out", "wb").write(base64.b64decode(raw))
