# Sourced by the Benchmarks scripts that run the release server (compare, soak, idle-memory, profile-kernel, ...):
# a fresh release server for each measurement. Needs $root (the repository) and $out (the results folder).
# build_release_server sets $bin; start_server sets $server_pid and $url; the server is stopped by stop_server,
# and on exit or interrupt whatever happens. check_pinned_cpus checks the CPUs of a --pinned mode.

server_pid=""

stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=""
}
trap stop_server EXIT INT TERM

# check_pinned_cpus SERVER-CPU LOAD-CPU: exits 2 (naming the script) unless both are CPUs this process may run
# on, and they differ: the server's core and its load's, as the --pinned modes run them.
check_pinned_cpus() {
    local c
    for c in "$1" "$2"; do
        [[ "$c" =~ ^[0-9]+$ ]] && taskset -c "$c" true 2>/dev/null \
            || { echo "$(basename "$0"): CPU '$c' is not one of this machine's ($(nproc) online)" >&2; exit 2; }
    done
    [ "$1" != "$2" ] || { echo "$(basename "$0"): --server-cpu and --load-cpu must differ" >&2; exit 2; }
}

# build_release_server: the server and generator as deployed (scripts/build-release), in $bin.
build_release_server() {
    bin="$("$root/scripts/build-release")"
}

# release_binary: $bin from the last scripts/build-release, without building (the scripts' --no-build).
release_binary() {
    bin="$("$root/scripts/build-release" --path)"
    [ -x "$bin" ] || { echo "$(basename "$0"): --no-build, but there is no $bin (scripts/build-release)" >&2; exit 1; }
}

# start_server NAME REQUEST-RATE [PREFIX...]: `switchboard serve` on a free loopback port with a new SQLite file
# in $out (and the options in the array $server_options, when set), run under PREFIX (e.g. taskset -c 0-1), from
# $server_bin when set (another build of the server, for side-by-side runs) and from $bin otherwise; its
# output in $out/server-NAME.out and .log. Waits for the
# "listening on" line and sets $url to the WebSocket URL it names.
start_server() {
    local name="$1" rate="$2"
    shift 2
    rm -f "$out"/server.sqlite*
    # The output file exists before it is polled below (the server's own redirect may come later).
    : > "$out/server-$name.out"
    "$@" "${server_bin:-$bin}" serve --port 0 --data "$out/server.sqlite" --request-rate "$rate" ${server_options[@]+"${server_options[@]}"} \
        > "$out/server-$name.out" 2> "$out/server-$name.log" &
    server_pid=$!
    url=""
    for _ in $(seq 1 200); do
        url=$(sed -n 's/^switchboard: listening on \(ws:[^ ]*\)$/\1/p' "$out/server-$name.out")
        [ -n "$url" ] && return 0
        sleep 0.05
    done
    echo "$(basename "$0"): the server did not start (see $out/server-$name.log)" >&2
    exit 1
}
