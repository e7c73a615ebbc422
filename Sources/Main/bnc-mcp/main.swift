// bnc-mcp: the command lives in BNCToolMCP (Sources/bnc-mcp), which the multi-call binary links too.
import BNCToolMCP

await BNCToolMCP.Entry.main()
