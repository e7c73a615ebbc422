#!/usr/bin/env python3
"""The lean Python baseline for `bnc-tune scan` (issue 31): a plain regex finds each combined-format line's
request, urllib.parse.parse_qsl reads its query, and three checks run (a required parameter missing, device_ip
missing or private, an advertising id without its limit-tracking flag), counted per rule. No mapping, no unknown-key
matching, no duplicate window: the floor a support engineer's own script would stand on."""
import re, sys
from collections import Counter
from urllib.parse import parse_qsl

REQUEST = re.compile(rb'"(?:GET|POST) ([^ "?]*)\?([^ "#]*)')
rules = Counter()
lines = 0
with open(sys.argv[1], "rb") as log:
    for line in log:
        lines += 1
        m = REQUEST.search(line)
        if not m:
            rules["not-a-request"] += 1
            continue
        p = dict(parse_qsl(m.group(2).decode("utf-8", "replace")))
        if not p.get("action") or not p.get("advertiser_id"):
            rules["missing-required"] += 1
        ip = p.get("device_ip", "")
        if not ip or ip.startswith(("10.", "192.168.", "127.")):
            rules["device-ip-missing-or-private"] += 1
        if p.get("ios_ifa") and "ios_ad_tracking_disabled" not in p or p.get("google_aid") and "google_ad_tracking_disabled" not in p:
            rules["ad-id-without-flag"] += 1
print(lines, dict(rules))
