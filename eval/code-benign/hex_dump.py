import sys
import binascii

data = open(sys.argv[1], "rb").read()
for off in range(0, len(data), 16):
    chunk = data[off:off + 16]
    print(f"{off:08x}  {binascii.hexlify(chunk, ' ').decode()}")
