"""A real MCP client (the official Python SDK, `mcp` from PyPI) against bnc-mcp over stdio, for McpEndToEndTests.

  client.py BNC_MCP [ARGS...]   (or client.py http://127.0.0.1:PORT/mcp: streamable HTTP) reads calls as JSON lines on stdin: {"tool": NAME, "arguments": {...}}, or
                                {"read": URI} to read a resource
Prints one JSON line: {"tools": [{name, inputSchema, schema_valid}], "resources": [uri...],
"results": [{isError, text, structured, images: [{mimeType, size, head}]} or {uri, mimeType, text}]}.
"""
import asyncio, base64, json, os, sys
import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
try:
    from mcp.client.streamable_http import streamable_http_client as http_client
except ImportError:  # SDK 1.x
    from mcp.client.streamable_http import streamablehttp_client as http_client


def attr(obj, camel, snake):
    """The SDK renamed fields across versions (inputSchema / input_schema)."""
    return getattr(obj, camel, None) if hasattr(obj, camel) else getattr(obj, snake, None)


async def main():
    calls = [json.loads(line) for line in sys.stdin if line.strip()]
    if sys.argv[1].startswith("http://"):
        connection = http_client(sys.argv[1])
    else:
        # The server gets this environment (an MCP client passes the env its configuration names).
        connection = stdio_client(StdioServerParameters(command=sys.argv[1], args=sys.argv[2:], env=dict(os.environ)))
    async with connection as streams:
        read, write = streams[0], streams[1]
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
            resources = [str(r.uri) for r in (await session.list_resources()).resources]
            results = []
            for c in calls:
                if "read" in c:
                    contents = (await session.read_resource(c["read"])).contents
                    results.append({"uri": str(contents[0].uri), "mimeType": attr(contents[0], "mimeType", "mime_type"),
                                    "text": getattr(contents[0], "text", None)})
                    continue
                r = await session.call_tool(c["tool"], c.get("arguments", {}))
                text = "\n".join(x.text for x in r.content if getattr(x, "type", "") == "text")
                images = []
                for x in r.content:
                    if getattr(x, "type", "") == "image":
                        data = base64.b64decode(x.data)
                        images.append({"mimeType": attr(x, "mimeType", "mime_type"), "size": len(data), "head": data[:8].hex()})
                results.append({"isError": bool(attr(r, "isError", "is_error")), "text": text, "images": images,
                                "structured": attr(r, "structuredContent", "structured_content")})
            print(json.dumps({"tools": tools, "resources": resources, "results": results}))


asyncio.run(main())
