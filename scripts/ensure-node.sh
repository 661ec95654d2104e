# Sourced by .ci/run (and usable by hand: `. scripts/ensure-node.sh`): Siplog needs Node.js 22 or newer (24 LTS
# is the one it is built and tested on). Debian 12 ships Node 20, and has no newer one: then Node 24 LTS comes
# from the npm registry's `node` package (the official binaries with their headers) into /usr/local (or
# ~/.local when not root), first on the PATH. node-gyp is pointed at that Node's headers, since Debian's npm
# sets `nodedir=/usr` (Node 20's) for any addon compiled from source.
node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  if [ "$(id -u)" = 0 ]; then siplog_node_prefix=/usr/local; else siplog_node_prefix="$HOME/.local"; fi
  if [ "$(node_major "$siplog_node_prefix/bin/node")" -lt 22 ]; then
    echo "Node.js $(node -v 2>/dev/null || echo '(none)') is older than 22: installing Node.js 24 LTS from the npm registry into $siplog_node_prefix" >&2
    npm install --global --prefix "$siplog_node_prefix" --no-audit --no-fund node@24 >&2
  fi
  export PATH="$siplog_node_prefix/bin:$PATH"
  hash -r
fi

# The headers of the Node that runs: beside the binary in the npm package, or the official layout (/usr/local).
siplog_node_bin="$(readlink -f "$(command -v node)")"
for siplog_headers in \
  "$(dirname "$siplog_node_bin")/../node_modules/node-linux-$(node -p process.arch)" \
  "$(dirname "$(dirname "$siplog_node_bin")")"; do
  if [ -f "$siplog_headers/include/node/node_version.h" ]; then
    export npm_config_nodedir="$(cd "$siplog_headers" && pwd)"
    break
  fi
done
echo "Node.js $(node -v) at $(command -v node)${npm_config_nodedir:+, headers in $npm_config_nodedir}" >&2
