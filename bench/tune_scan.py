#!/usr/bin/env python3
"""The Python baseline for `bnc-tune scan`: the same log, read with urllib.parse, the same core checks
(required parameters per platform, ad id without its flag, inverted flags, all-zero ids, GAID case, device_ip
missing/private, unknown and misspelt keys, duplicate conversions within an hour) and the mapping of each request
to its Branch body, counted per rule, advertiser and app. Standard library only."""
import ipaddress, sys, difflib
from collections import Counter, OrderedDict
from urllib.parse import urlsplit, parse_qsl

KNOWN = set("""action advertiser_id site_id package_name sdk response_format ver transaction_id sdk_retry_attempt site_event_name
site_event_id tracking_id referral_url referral_source debug post_conversion data existing_user local_ip ios_ifa ios_ifv
ios_ad_tracking_disabled ios_ad_tracking google_aid google_ad_tracking_disabled google_ad_tracking os_id android_id fire_aid
device_id windows_aid mat_id device_ip user_agent conversion_user_agent device_brand device_model device_carrier os_version
app_version language locale country_code connection_type screen_size screen_layout_size screen_density user_id revenue
currency_code advertiser_ref_id search_string quantity system_date""".split())
rules, advertisers, apps = Counter(), Counter(), Counter()
window = OrderedDict()

def check(p, time):
    f = []
    for k in p:
        if k not in KNOWN:
            f.append("misspelt-key" if difflib.get_close_matches(k, KNOWN, 1, 0.8) else "unknown-key")
    ios = p.get("sdk") in ("ios", "tvos", "watchos") or "ios_ifa" in p or "ios_ifv" in p
    android = p.get("sdk") in ("android", "fire") or "google_aid" in p or "os_id" in p
    for name in ("action", "advertiser_id", "device_brand", "device_model"):
        if not p.get(name): f.append("missing-required")
    if p.get("sdk") == "server" and not (p.get("site_id") or p.get("package_name")): f.append("missing-required")
    if not (p.get("user_agent") or p.get("conversion_user_agent")): f.append("missing-required")
    if ios and not p.get("ios_ifv"): f.append("missing-required")
    if android and not (p.get("google_aid") or p.get("os_id") or p.get("android_id")): f.append("missing-required")
    for ad, dis, allow in (("ios_ifa", "ios_ad_tracking_disabled", "ios_ad_tracking"), ("google_aid", "google_ad_tracking_disabled", "google_ad_tracking")):
        if p.get(ad) and dis not in p: f.append("ad-id-without-flag")
        if dis in p and allow in p and p[dis] == p[allow]: f.append("contradictory-flags")
        elif allow in p and dis not in p and p.get("sdk") == "server": f.append("inverted-flag")
        if p.get(ad) and set(p[ad]) <= set("0-"): f.append("all-zero-ad-id")
    if p.get("google_aid") and p["google_aid"] != p["google_aid"].upper(): f.append("gaid-case")
    ip = p.get("device_ip")
    if not ip: f.append("device-ip-missing")
    else:
        try:
            a = ipaddress.ip_address(ip)
            if not a.is_global: f.append("device-ip-not-public")
        except ValueError: f.append("bad-value")
    if p.get("local_ip"): f.append("local-ip")
    if p.get("action") == "conversion":
        key = (p.get("advertiser_id"), p.get("ios_ifa") or p.get("google_aid", "").upper() or ip, p.get("site_event_name"), p.get("advertiser_ref_id"))
        last = window.get(key)
        if last is not None and abs(time - last) < 3600: f.append("duplicate-conversion")
        window[key] = time
        window.move_to_end(key)
        while len(window) > 200000: window.popitem(last=False)
    return f

def branch_body(p):
    b = {"server_to_server": True, "os": "iOS" if p.get("ios_ifv") else "Android", "os_version": p.get("os_version", "NA"),
         "model": p.get("device_model"), "brand": p.get("device_brand"), "app_version": p.get("app_version"),
         "user_agent": p.get("user_agent") or p.get("conversion_user_agent")}
    if p.get("ios_ifa"): b.update(hardware_id=p["ios_ifa"].upper(), hardware_id_type="idfa", is_hardware_id_real=True)
    if p.get("ios_ifv"): b["ios_vendor_id"] = p["ios_ifv"].upper()
    if p.get("google_aid"): b["google_advertising_id"] = p["google_aid"].lower()
    if p.get("ios_ad_tracking_disabled", p.get("google_ad_tracking_disabled")) != "1": b["ad_tracking_enabled"] = True
    if p.get("screen_size"):
        w, _, h = p["screen_size"].partition("x"); b["screen_width"], b["screen_height"] = int(w), int(h)
    if p.get("user_id"): b["identity"] = p["user_id"]
    return b

lines = requests = 0
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    line = line.strip()
    if not line or line.startswith("#"): continue
    lines += 1
    target = line.split()[0] if line.startswith(("http", "/")) else (line.split('"')[1].split()[1] if '"' in line else "")
    parts = urlsplit(target)
    if not parts.path.endswith("/serve"): continue
    requests += 1
    p = dict(parse_qsl(parts.query, keep_blank_values=True))
    found = check(p, float(p.get("system_date", 0) or 0))
    branch_body(p)
    rules.update(found)
    advertisers[p.get("advertiser_id")] += 1
    apps[(p.get("advertiser_id"), p.get("site_id") or p.get("package_name"))] += 1
print({"lines": lines, "requests": requests, "rules": dict(rules), "advertisers": len(advertisers), "apps": len(apps)})
