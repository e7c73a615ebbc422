-- wrk script: POST /v2/event/standard with a PURCHASE body like the SDK fixture's.
wrk.method = "POST"
wrk.path = "/v2/event/standard"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-IP-Override"] = "8.8.4.4"
wrk.body = '{"branch_key":"key_test_bench","name":"PURCHASE","user_data":{"os":"Android","os_version":"34",'
  .. '"aaid":"38400000-8cf0-11bd-b23e-10b96e40000d","ip":"8.8.4.4","developer_identity":"u1"},'
  .. '"event_data":{"transaction_id":"t1","currency":"USD","revenue":19.99},'
  .. '"content_items":[{"$sku":"42","$price":19.99,"$quantity":1,"$product_category":"Software"}]}'
