function __bnc-export_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-export_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-export_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-export_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-export_parse_tokens -S
    set -l unparsed_tokens (__bnc-export_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-export'
        __bnc-export_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'daily'
            __bnc-export_parse_subcommand 0 'date=' 'topic=+' 'dir=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'custom'
            __bnc-export_parse_subcommand 0 'topic=' 'start=' 'end=' 'field=+' 'filter=' 'limit=' 'timezone=' 'app-id=' 'handle=' 'wait=' 'dir=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'topics'
            __bnc-export_parse_subcommand 0 'fields' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'help'
            __bnc-export_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-export_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-export_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __bnc-export_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-export_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-export_tokens -p)
    if test -z "$(__bnc-export_tokens -t)"
        set -l index (count (__bnc-export_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-export' -f
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_positional "bnc-export" -eq 1' -fa 'daily' -d 'Export a UTC day\'s events (POST /v3/export), then its files, as rows.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_positional "bnc-export" -eq 1' -fa 'custom' -d 'Run a custom export job (POST /v2/logs), wait for it, and print its rows.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_positional "bnc-export" -eq 1' -fa 'topics' -d 'List the export topics (and with --fields, the custom export\'s fields).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_positional "bnc-export" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" date' -l 'date' -d 'The UTC day, YYYY-MM-DD (within the last 7 days).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily"' -l 'topic' -d 'A topic to export (repeatable; default all).' -rfka 'eo_branch_cta_view eo_click eo_commerce_event eo_content_event eo_custom_event eo_impression eo_install eo_open eo_pageview eo_reinstall eo_user_lifecycle_event eo_web_session_start eo_web_to_app_auto_redirect eo_dismissal'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" dir' -l 'dir' -d 'Keep the downloaded files here.' -rfa '(__bnc-export_complete_directories)'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-export_custom_completion ---completion daily -- --profile (count (__bnc-export_tokens -pc)) (__bnc-export_tokens -tC))'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have (default 16777216); a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" record-limit' -l 'record-limit' -d 'Attempts a recording keeps (default 1000); every failure is kept past it.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON).' -rfka 'json ndjson table csv'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto always never'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export daily" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" topic' -l 'topic' -d 'The report type, e.g. eo_install or eo_commerce_event.' -rfka 'eo_branch_cta_view eo_click eo_commerce_event eo_content_event eo_custom_event eo_impression eo_install eo_open eo_pageview eo_reinstall eo_user_lifecycle_event eo_web_session_start eo_web_to_app_auto_redirect eo_dismissal eo_branch_cta_view_blocked eo_click_blocked eo_commerce_event_blocked eo_content_event_blocked eo_custom_event_blocked eo_impression_blocked eo_install_blocked eo_open_blocked eo_pageview_blocked eo_reinstall_blocked eo_user_lifecycle_event_blocked eo_web_session_start_blocked eo_web_to_app_auto_redirect_blocked eo_dismissal_blocked skadnetwork_valid_messages skadnetwork_invalid_messages webhook2 eo_san_touch'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" start' -l 'start' -d 'Start, ISO 8601 (2026-11-01T00:00:00Z).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" end' -l 'end' -d 'End, ISO 8601.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom"' -l 'field' -d 'A field to export (repeatable; default all).' -rfka 'name app_id app_name attributed content_items custom_data customer_event_alias days_from_last_attributed_touch_to_event deep_linked di_match_click_token event_data_ad_type event_data_affiliation event_data_coupon event_data_currency event_data_description event_data_exchange_rate event_data_revenue event_data_revenue_in_usd event_data_search_query event_data_shipping event_data_tax event_data_transaction_id event_data_local_currency event_data_local_currency_exchange_rate event_data_revenue_in_local_currency event_timestamp existing_user external_intent_uri universal_link_url android_app_link_url first_event_for_user hours_from_last_attributed_touch_to_event id install_activity_attributed install_activity_data_has_clicked_ad install_activity_data_has_clicked_email install_activity_timestamp install_activity_touch_data_additional_data_tilde_ad_id install_activity_touch_data_additional_data_tilde_ad_set_id install_activity_touch_data_additional_data_tilde_campaign_id install_activity_touch_data_additional_data_tilde_creative_id install_activity_touch_data_dollar_3p install_activity_touch_data_dollar_meta_is_mobile_data_terms_signed install_activity_touch_data_plus_via_features install_activity_touch_data_plus_web_format last_attributed_touch_data_plus_aggregate_measurement last_attributed_touch_data_plus_pam_enabled install_activity_touch_data_tilde_ad_name install_activity_touch_data_tilde_ad_set_name install_activity_touch_data_tilde_advertising_partner_id install_activity_touch_data_tilde_agency install_activity_touch_data_tilde_agency_id install_activity_touch_data_tilde_campaign install_activity_touch_data_tilde_channel install_activity_touch_data_tilde_creative_name install_activity_touch_data_tilde_customer_ad_name install_activity_touch_data_tilde_customer_ad_set_name install_activity_touch_data_tilde_customer_campaign install_activity_touch_data_tilde_customer_keyword install_activity_touch_data_tilde_customer_placement install_activity_touch_data_tilde_ customer_secondary_publisher install_activity_touch_data_tilde_customer_sub_site_name install_activity_touch_data_tilde_feature install_activity_touch_data_tilde_journey_name install_activity_touch_data_tilde_keyword install_activity_touch_data_tilde_placement install_activity_touch_data_tilde_secondary_publisher install_activity_touch_data_tilde_stage install_activity_touch_data_tilde_tags install_activity_touch_data_tilde_view_name install_activity_touch_type last_attributed_touch_data_dollar_3p last_attributed_touch_data_dollar_marketing_title last_attributed_touch_data_dollar_meta_is_mobile_data_terms_signed last_attributed_touch_data_custom_fields last_attributed_touch_data_plus_current_feature last_attributed_touch_data_tilde_id last_attributed_touch_data_plus_touch_id last_attributed_touch_data_plus_url last_cta_view_data_plus_touch_id last_attributed_touch_data_plus_via_features last_attributed_touch_data_plus_web_format last_attributed_touch_data_plus_attribution_method last_attributed_touch_data_plus_attribution_method_type last_attributed_touch_data_tilde_ad_id last_attributed_touch_data_tilde_ad_name last_attributed_touch_data_tilde_ad_set_id last_attributed_touch_data_tilde_ad_set_name last_attributed_touch_data_tilde_advertising_account_name last_attributed_touch_data_tilde_advertising_account_id last_attributed_touch_data_tilde_advertising_partner_id last_attributed_touch_data_tilde_advertising_partner_name last_attributed_touch_data_tilde_agency last_attributed_touch_data_tilde_agency_id last_attributed_touch_data_tilde_banner_dimensions last_attributed_touch_data_tilde_branch_ad_format last_attributed_touch_data_tilde_campaign last_attributed_touch_data_tilde_campaign_id last_attributed_touch_data_tilde_campaign_type last_attributed_touch_data_tilde_channel last_attributed_touch_data_tilde_creative_name last_attributed_touch_data_tilde_creative_id last_attributed_touch_data_tilde_customer_ad_name last_attributed_touch_data_tilde_customer_ad_set_name last_attributed_touch_data_tilde_customer_campaign last_attributed_touch_data_tilde_customer_keyword last_attributed_touch_data_tilde_customer_placement last_attributed_touch_data_tilde_customer_secondary_publisher last_attributed_touch_data_tilde_customer_sub_site_name last_attributed_touch_data_tilde_external_touch_id last_attributed_touch_data_tilde_feature last_attributed_touch_data_tilde_journey_id last_attributed_touch_data_tilde_journey_name last_attributed_touch_data_tilde_keyword last_attributed_touch_data_tilde_keyword_id last_attributed_touch_data_tilde_optimization_model last_attributed_touch_data_tilde_placement last_attributed_touch_data_tilde_placement_id last_attributed_touch_data_tilde_secondary_ad_format last_attributed_touch_data_tilde_secondary_publisher last_attributed_touch_data_tilde_secondary_publisher_id last_attributed_touch_data_tilde_stage last_attributed_touch_data_tilde_sub_site_name last_attributed_touch_data_tilde_tags last_attributed_touch_data_tilde_technology_partner last_attributed_touch_data_tilde_touch_subtype last_attributed_touch_data_tilde_view_id last_attributed_touch_data_tilde_view_name last_attributed_touch_timestamp last_attributed_touch_timestamp_iso last_attributed_touch_type last_attributed_touch_data_tilde_organic_search_url last_cta_view_data_custom_fields last_cta_view_data_dollar_3p last_cta_view_data_dollar_meta_is_mobile_data_terms_signed last_attributed_touch_data_plus_referring_domain last_cta_view_data_plus_via_features last_cta_view_data_plus_web_format last_cta_view_data_tilde_ad_id last_cta_view_data_tilde_ad_name last_cta_view_data_tilde_ad_set_id last_cta_view_data_tilde_ad_set_name last_cta_view_data_tilde_advertising_partner_name last_cta_view_data_tilde_agency last_cta_view_data_tilde_banner_dimensions last_cta_view_data_tilde_branch_ad_format last_cta_view_data_tilde_campaign last_cta_view_data_tilde_campaign_id last_cta_view_data_tilde_campaign_type last_cta_view_data_tilde_channel last_cta_view_da ta_tilde_creative_id last_cta_view_data_tilde_creative_name last_cta_view_data_tilde_external_touch_id last_cta_view_data_tilde_feature last_cta_view_data_tilde_id last_cta_view_data_tilde_keyword_id last_cta_view_data_tilde_optimization_model last_cta_view_data_tilde_placement last_cta_view_data_tilde_secondary_ad_format last_cta_view_data_tilde_secondary_publisher last_cta_view_data_tilde_stage last_cta_view_data_tilde_tags last_cta_view_data_tilde_technology_partner last_cta_view_timestamp last_cta_view_timestamp_iso match_guaranteed minutes_from_last_attributed_touch_to_event organization_id organization_name origin reengagement_activity_attributed reengagement_activity_data_has_clicked_ad reengagement_activity_data_has_clicked_email reengagement_activity_timestamp reengagement_activity_touch_data_additional_data_tilde_ad_id reengagement_activity_touch_data_additional_data_tilde_ad_set_id reengagement_activity_touch_data_additional_data_tilde_campaign_id reengagement_activity_touch_data_additional_data_tilde_creative_id reengagement_activity_touch_data_dollar_3p reengagement_activity_touch_data_dollar_meta_is_mobile_data_terms_signed reengagement_activity_touch_data_plus_via_features reengagement_activity_touch_data_plus_web_format reengagement_activity_touch_data_tilde_ad_name reengagement_activity_touch_data_tilde_ad_set_name reengagement_activity_touch_data_tilde_advertising_partner_id reengagement_activity_touch_data_tilde_advertising_partner_name reengagement_activity_touch_data_tilde_agency reengagement_activity_touch_data_tilde_agency_id reengagement_activity_touch_data_tilde_campaign reengagement_activity_touch_data_tilde_channel reengagement_activity_touch_data_tilde_creative_name reengagement_activity_touch_data_tilde_customer_ad_name reengagement_activity_touch_data_tilde_customer_ad_set_name reengagement_activity_touch_data_tilde_customer_campaign reengagement_activity_touch_data_tilde_customer_keyword reengagement_activity_touch_data_tilde_cust omer_placement reengagement_activity_touch_data_tilde_customer_secondary_publisher reengagement_activity_touch_data_tilde_customer_sub_site_name reengagement_activity_touch_data_tilde_feature reengagement_activity_touch_data_tilde_journey_name reengagement_activity_touch_data_tilde_keyword reengagement_activity_touch_data_tilde_placement reengagement_activity_touch_data_tilde_secondary_publisher reengagement_activity_touch_data_tilde_stage reengagement_activity_touch_data_tilde_tags reengagement_activity_touch_data_tilde_view_name reengagement_activity_touch_type referrer_click_timestamp seconds_from_install_to_event seconds_from_last_attributed_touch_to_event seconds_from_last_attributed_touch_to_store_install_begin site_event_items_count store_install_begin_timestamp timestamp timestamp_iso user_data_aaid user_data_android_id user_data_app_package_name user_data_app_version user_data_brand user_data_browser user_data_build user_data_cpp_level user_data_cpu_type user_data_cross_platform_id user_data_developer_identity user_data_device_type user_data_environment user_data_geo_city_code user_data_geo_city_en user_data_geo_country_code user_data_geo_country_en user_data_geo_dma_code user_data_geo_lat user_data_geo_lon user_data_geo_postal_code user_data_geo_region_en user_data_geo_region_code user_data_http_referrer user_data_idfa user_data_idfv user_data_installer_package_name user_data_internet_connection_type user_data_ip user_data_is_jailbroken user_data_kindle_id user_data_language user_data_limit_ad_tracking user_data_model user_data_oaid user_data_os user_data_os_version user_data_os_version_android user_data_past_cross_platform_ids user_data_platform user_data_prob_cross_platform_ids user_data_roku_rida user_data_screen_height user_data_screen_width user_data_sdk_version user_data_user_agent user_data_windows_aid user_data_device_locale user_data_carrier_name user_data_opted_in_status user_data_app_store user_data_dma_eea user_data_dma_ad_personalization user_ data_dma_ad_user_data body_transaction_id body_version body_ad_network_id body_campaign_id body_app_id body_attribution_signature body_redownload body_source_app_id body_conversion_value body_fidelity_type body_did_win invalid_reason event_timezone_adjusted_day annotation_dollar_3p annotation_conversion_value_mapped_value annotation_customer_event_alias annotation_revenue_lower annotation_revenue_upper advertiser_copy measurement_metadata_method_type measurement_metadata_method_name'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" filter' -l 'filter' -d 'One filter OP,FIELD,VALUE (eq, neq, gt, gte, lt, lte).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" limit' -l 'limit' -d 'Most rows (default 100, at most 15000000).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" timezone' -l 'timezone' -d 'Time zone of dates without an offset (default the dashboard\'s).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" app-id' -l 'app-id' -d 'The numeric Branch app id (or the profile\'s app_id).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" handle' -l 'handle' -d 'Pick up a job made earlier instead of making one.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" wait' -l 'wait' -d 'Seconds to wait for the job (default 3600).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" dir' -l 'dir' -d 'Keep the downloaded file here.' -rfa '(__bnc-export_complete_directories)'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-export_custom_completion ---completion custom -- --profile (count (__bnc-export_tokens -pc)) (__bnc-export_tokens -tC))'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have (default 16777216); a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" record-limit' -l 'record-limit' -d 'Attempts a recording keeps (default 1000); every failure is kept past it.' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON).' -rfka 'json ndjson table csv'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto always never'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export custom" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" fields' -l 'fields' -d 'List the fields a custom export may ask for instead.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON).' -rfka 'json ndjson table csv'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto always never'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export topics" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-export' -n '__bnc-export_should_offer_completions_for_flags_or_options "bnc-export help" version' -l 'version' -d 'Show the version.'
