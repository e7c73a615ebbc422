#!/usr/bin/env python3
"""A TUNE access log whose device changes every fourth line (bench/tune-scan.sh's log repeats one device on every
line, which flatters any memory of the last value): ids, address, model, OS and app version per device, a distinct
advertiser_ref_id per conversion, a new system_date per line. Usage: varied_tune_log.py LINES > varied.log
(BENCHMARKS.md counts the scan's instructions on 20,000 lines of it with callgrind)."""
import random
import sys
import uuid

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
models = [("Apple", "iPhone15%2C2", "17.4"), ("Apple", "iPhone14%2C5", "16.6"), ("Apple", "iPhone13%2C1", "17.1")]
out = sys.stdout
for i in range(n):
    dev = i // 4
    r = random.Random(dev)
    ifa = str(uuid.UUID(int=r.getrandbits(128))).upper()
    ifv = str(uuid.UUID(int=r.getrandbits(128))).upper()
    brand, model, os_version = models[dev % 3]
    ip = f"8.{dev % 200}.{dev % 250}.{i % 200 + 1}"
    action = "action=session" if i % 2 == 0 else f"action=conversion&site_event_name=purchase&advertiser_ref_id=o{i}"
    q = (f"/serve?{action}&advertiser_id=877&site_id=1234&sdk=server&ios_ifa={ifa}&ios_ad_tracking_disabled=0&ios_ifv={ifv}"
         f"&device_brand={brand}&device_model={model}&os_version={os_version}&app_version=2.3.{dev % 3}"
         f"&user_agent=Mozilla%2F5.0+(iPhone)&screen_size=1179x2556&device_ip={ip}&system_date={1700000000 + i}")
    out.write(f'{ip} - - [22/Nov/2026:05:{i // 400 % 60:02d}:00 +0000] "GET {q} HTTP/1.1" 200 64 "-" "x"\n')
