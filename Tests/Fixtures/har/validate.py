# Reads a HAR file the way a HAR tool does (haralyzer) and checks it against the HAR 1.2 schema (jsonschema);
# prints one JSON line of what it found: the entries' statuses and comments. Exit 1 on any problem.
import json, sys, pathlib
import jsonschema
from haralyzer import HarParser

har = json.loads(pathlib.Path(sys.argv[1]).read_text())
schema = json.loads((pathlib.Path(__file__).parent / "har-1.2.schema.json").read_text())
jsonschema.validate(har, schema)
parser = HarParser(har)
entries = [e for page in parser.pages for e in page.entries] if parser.pages else []
if not entries:
    from haralyzer import HarEntry
    entries = [HarEntry(e) for e in har["log"]["entries"]]
print(json.dumps({"creator": parser.creator["name"], "statuses": [e.response.status for e in entries],
                  "methods": [e.request.method for e in entries], "comments": [e.raw_entry.get("comment", "") for e in entries]}))
