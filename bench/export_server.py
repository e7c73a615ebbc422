"""bench/export.sh's helper: generate a day's export files, serve them as Branch's daily export API does, or turn
them into NDJSON as a Python baseline.

  generate DIR ROWS   write DIR/eo_commerce_event-N.csv.gz (200,000 rows a file) in the daily export's shape
  serve ROOT          answer POST /ROWS/v3/export with the files of ROOT/ROWS; serve the files (ranges too); print the port
  ndjson DIR          read DIR's files with csv.DictReader and print each row's non-empty cells as JSON
"""
import gzip, http.server, json, os, sys, glob

COLUMNS = ("id name timestamp timestamp_iso origin last_attributed_touch_type last_attributed_touch_timestamp "
           "last_attributed_touch_timestamp_iso last_attributed_touch_data_tilde_id last_attributed_touch_data_tilde_campaign").split()
COLUMNS += [f"col_{i}" for i in range(len(COLUMNS), 119)]
COLUMNS += ["user_data_os", "user_data_idfa", "user_data_developer_identity", "event_data_transaction_id", "event_data_revenue",
            "event_data_currency", "custom_data"] + [f"tail_{i}" for i in range(16)]


def generate(directory, rows):
    per_file = 200_000
    for part in range((rows + per_file - 1) // per_file):
        with gzip.open(os.path.join(directory, f"eo_commerce_event-{part}.csv.gz"), "wt", compresslevel=1, newline="") as f:
            f.write(",".join(COLUMNS) + "\n")
            blanks = "," * 110
            for i in range(part * per_file, min(rows, (part + 1) * per_file)):
                f.write(f"{10**17 + i},PURCHASE,{1795500000000 + i},2026-11-24 00:00:00+0000,BRANCH,CLICK,{1795400000000 + i},"
                        f"2026-11-23 00:00:00+0000,{i},spring{blanks}IOS,6D92078A-8246-4BA4-AE5B-{i:012d},user{i},ORD-{i},9.99,USD,"
                        f"\"{{\"\"sku\"\":\"\"A{i}\"\"}}\"{',' * 16}\n")


class Handler(http.server.BaseHTTPRequestHandler):
    root = "."

    def log_message(self, *args):
        pass

    def do_POST(self):
        rows = self.path.strip("/").split("/")[0]
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        files = sorted(glob.glob(os.path.join(self.root, rows, "*.csv.gz")))
        port = self.server.server_address[1]
        body = json.dumps({"eo_commerce_event": [f"http://127.0.0.1:{port}/{rows}/files/{os.path.basename(f)}?X-Amz-Signature=x" for f in files]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        rows, _, name = self.path.split("?")[0].strip("/").split("/")
        path = os.path.join(self.root, rows, name)
        size = os.path.getsize(path)
        start = int(self.headers.get("Range", "bytes=0-")[6:].split("-")[0] or 0)
        self.send_response(206 if start else 200)
        self.send_header("Content-Length", str(size - start))
        if start:
            self.send_header("Content-Range", f"bytes {start}-{size - 1}/{size}")
        self.end_headers()
        with open(path, "rb") as f:
            f.seek(start)
            while chunk := f.read(1 << 20):
                self.wfile.write(chunk)


def main():
    if sys.argv[1] == "generate":
        generate(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "serve":
        Handler.root = sys.argv[2]
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
    else:
        out = sys.stdout
        for path in sorted(glob.glob(os.path.join(sys.argv[2], "*.csv.gz"))):
            with gzip.open(path, "rt", newline="") as f:
                for row in __import__("csv").DictReader(f):
                    out.write(json.dumps({k: v for k, v in row.items() if v}) + "\n")


if __name__ == "__main__":
    main()
