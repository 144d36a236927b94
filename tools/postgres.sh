#!/usr/bin/env bash
# A throwaway PostgreSQL server for the server's tests, from Debian's package: `tools/postgres.sh
# start DIR` makes a cluster in DIR (as the postgres user when run as root, which PostgreSQL
# refuses to run as), starts it on a free port of the loopback with a database `strategos_test`,
# and prints its URL; `tools/postgres.sh stop DIR` stops it and removes DIR.
set -euo pipefail
action="${1:?usage: tools/postgres.sh start|stop DIR}"
dir="${2:?usage: tools/postgres.sh start|stop DIR}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -n "$bin" ] || { echo "PostgreSQL is not installed (Debian's package postgresql)" >&2; exit 1; }
as=()
user="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
    as=(runuser -u postgres --)
    user=postgres
fi
case "$action" in
start)
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" -ne 0 ] || chown postgres "$dir"
    "${as[@]}" "$bin/initdb" -D "$dir/data" -U "$user" --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on" start >/dev/null
    "${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U "$user" strategos_test
    echo "postgres://$user@127.0.0.1:$port/strategos_test"
    ;;
stop)
    [ -d "$dir/data" ] && "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: tools/postgres.sh start|stop DIR" >&2
    exit 1
    ;;
esac
