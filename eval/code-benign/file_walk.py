import os
import hashlib

def hash_tree(root):
    digests = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = os.path.join(dirpath, name)
            with open(p, "rb") as fh:
                digests[p] = hashlib.sha256(fh.read()).hexdigest()
    return digests

print(len(hash_tree(".")))
