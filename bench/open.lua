-- wrk script: POST /v1/open bodies, each from a different device so the 2-second burst rule never fires.
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format('{"branch_key":"key_test_bench","branch_secret":"secret_test_bench","server_to_server":true,'
    .. '"app_version":"1.0","os":"Android","os_version":"34","model":"Pixel 8","user_agent":"Mozilla/5.0 (Linux; Android 14)",'
    .. '"is_hardware_id_real":true,"hardware_id":"%016x"}', counter * 7919 + math.random(1, 1000000000))
  return wrk.format("POST", "/v1/open", {["Content-Type"] = "application/json", ["X-IP-Override"] = "8.8.4.4"}, body)
end
