# Shared by scripts/setup-e2e.sh and test/interop/setup.sh (sourced, not run).
#   H            the tool cache: ${OC_CTX_CACHE:-~/.cache/openclaw-context-test}
#   step NAME CMD...   runs CMD with its output in $H/logs/NAME.log; on failure prints one line naming the
#                      step and its log, and exits 1 (so `npm test` / `npm run demo` stop at once)
#   clean_npm CMD...   runs CMD (an npm install) without what an outer `npm run` exports into the environment:
#                      npm_config_user_agent (code-server's postinstall reads the Node major from it),
#                      npm_config_local_prefix / prefix / global_prefix (they redirect where npm installs),
#                      npm_config_nodedir (node-gyp headers of the outer Node), npm_lifecycle_*, npm_package_*,
#                      npm_command, npm_execpath, npm_node_execpath, NODE and INIT_CWD. npm re-reads its own config
#                      files, so the user's registry, cache, CA and proxy settings still apply; those few are kept.
H="${OC_CTX_CACHE:-$HOME/.cache/openclaw-context-test}"
mkdir -p "$H/logs"

step() {
  local name=$1; shift
  local log="$H/logs/$name.log"
  if ! "$@" >"$log" 2>&1; then
    echo "setup failed at step '$name' (log: $log)" >&2
    exit 1
  fi
}

clean_npm() {
  local -a unset=(-u NODE -u INIT_CWD)
  local v
  for v in $(compgen -e); do
    case "$v" in
      npm_config_cache|npm_config_registry|npm_config_cafile|npm_config_proxy|npm_config_https_proxy|npm_config_noproxy|npm_config_strict_ssl|npm_config_userconfig|npm_config_globalconfig) ;;
      npm_*) unset+=(-u "$v") ;;
    esac
  done
  env "${unset[@]}" "$@"
}
