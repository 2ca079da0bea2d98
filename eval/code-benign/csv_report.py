import csv
import sys
from collections import Counter

def main(path):
    counts = Counter()
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            counts[row["status"]] += 1
    for status, n in counts.most_common():
        print(f"{status:10} {n}")

if __name__ == "__main__":
    main(sys.argv[1])
