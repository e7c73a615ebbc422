"""A real MCP client (the official Python SDK, `mcp` from PyPI) against bnc-mcp over stdio, for McpEndToEndTests.

  client.py BNC_MCP [ARGS...]   reads calls as JSON lines on stdin: {"tool": NAME, "arguments": {...}}
Prints one JSON line: {"tools": [{name, inputSchema, schema_valid}], "results": [{isError, text, structured}]}.
"""
import asyncio, json, os, sys
import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def attr(obj, camel, snake):
    """The SDK renamed fields across versions (inputSchema / input_schema)."""
    return getattr(obj, camel, None) if hasattr(obj, camel) else getattr(obj, snake, None)


async def main():
    calls = [json.loads(line) for line in sys.stdin if line.strip()]
    # The server gets this environment (an MCP client passes the env its configuration names).
    params = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:], env=dict(os.environ))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            tools = []
            for t in listed.tools:
                try:
                    jsonschema.Draft202012Validator.check_schema(attr(t, "inputSchema", "input_schema"))
                    valid = True
                except jsonschema.SchemaError as e:
                    valid = str(e)
                tools.append({"name": t.name, "inputSchema": attr(t, "inputSchema", "input_schema"), "schema_valid": valid})
            results = []
            for c in calls:
                r = await session.call_tool(c["tool"], c.get("arguments", {}))
                text = "\n".join(x.text for x in r.content if getattr(x, "type", "") == "text")
                results.append({"isError": bool(attr(r, "isError", "is_error")), "text": text,
                                "structured": attr(r, "structuredContent", "structured_content")})
            print(json.dumps({"tools": tools, "results": results}))


asyncio.run(main())
