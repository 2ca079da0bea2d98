import argparse
import json
import pathlib

parser = argparse.ArgumentParser(description="merge json files")
parser.add_argument("files", nargs="+")
parser.add_argument("-o", "--output", default="merged.json")
args = parser.parse_args()
merged = {}
for f in args.files:
    merged.update(json.loads(pathlib.Path(f).read_text()))
pathlib.Path(args.output).write_text(json.dumps(merged, indent=2))
