// libjq (Debian's libjq-dev): --jq filters a tool's JSON output as gh's --jq does.
#include <jq.h>
#include <jv.h>
