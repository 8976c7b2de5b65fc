"""meeple.server.processes: `meeple serve --processes N`, the tables split between N server
processes behind one port, so that the server uses N cores.

Modules: owners (which process holds which table, and the table a request names), front (the
process on the public port: routes each connection to its table's process, starts again one
that dies), worker (a server process: uvicorn serving the connections the front hands over).
"""
