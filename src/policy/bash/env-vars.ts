/**
 * Environment variables in command prefixes and assignments, in three classes:
 * - unsafe: they load or run code, or change what a name or path means (LD_PRELOAD, GIT_SSH_COMMAND,
 *   PAGER, PATH, HOME …). Setting one anywhere denies the whole command line, whatever the rules;
 * - safe: inert for every program we know (NODE_ENV, CI, LANG …). An allow rule matches past them,
 *   as in Claude Code;
 * - the rest: allowed to appear, but an allow rule matches only if it spells the assignment out
 *   (`Bash(FOO=1 make *)`). Deny and ask rules match past any assignment.
 */

const UNSAFE_EXACT = new Set([
  'PATH', 'HOME', 'ENV', 'BASH_ENV', 'PROMPT_COMMAND', 'PS0', 'PS1', 'PS2', 'PS3', 'PS4', 'SHELLOPTS', 'BASHOPTS',
  'IFS', 'CDPATH', 'GLOBIGNORE', 'BASH_XTRACEFD', 'BASH_LOADABLES_PATH', 'BASH_COMPAT', 'EXECIGNORE', 'FIGNORE',
  'SHELL', 'ZDOTDIR', 'INPUTRC', 'TMOUT', 'HISTFILE', 'MAIL', 'MAILPATH', 'OLDPWD', 'PWD',
  'PAGER', 'MANPAGER', 'SYSTEMD_PAGER', 'LESSOPEN', 'LESSCLOSE', 'LESSKEY', 'LESS', 'MORE',
  'EDITOR', 'VISUAL', 'SUDO_EDITOR', 'BROWSER', 'SUDO_ASKPASS', 'SSH_ASKPASS', 'TERMINFO',
  'NODE_OPTIONS', 'NODE_PATH', 'NODE_REPL_EXTERNAL_MODULE',
  'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PYTHONINSPECT', 'PYTHONUSERBASE', 'PYTHONEXECUTABLE', 'PYTHONBREAKPOINT',
  'PERL5OPT', 'PERL5LIB', 'PERLLIB', 'PERL5DB', 'RUBYOPT', 'RUBYLIB', 'GEM_HOME', 'GEM_PATH', 'BUNDLE_GEMFILE',
  'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'CLASSPATH', 'MAVEN_OPTS', 'GRADLE_OPTS',
  'GCONV_PATH', 'LOCPATH', 'NLSPATH', 'HOSTALIASES', 'RESOLV_HOST_CONF', 'TZDIR',
  'RUSTC_WRAPPER', 'RUSTC', 'RUSTDOC', 'RUSTFLAGS', 'RUSTDOCFLAGS', 'CC', 'CXX', 'LD', 'AR', 'CPP', 'MAKEFLAGS', 'MAKE', 'MFLAGS',
  'GOFLAGS', 'GOROOT', 'GOPATH', 'GOTOOLCHAIN', 'GOPROXY', 'CGO_CFLAGS', 'CGO_LDFLAGS',
  'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CONFIG_DIRS', 'XDG_DATA_DIRS', 'XDG_RUNTIME_DIR',
  'DOCKER_HOST', 'DOCKER_CONFIG', 'DOCKER_CONTEXT', 'KUBECONFIG', 'TAR_OPTIONS', 'ZIPOPT', 'UNZIPOPT', 'GZIP', 'XZ_OPT',
  'GREP_OPTIONS', 'RIPGREP_CONFIG_PATH', 'JQ_LIBRARY_PATH', 'CURL_HOME', 'WGETRC', 'SSL_CERT_FILE', 'SSL_CERT_DIR',
  // zsh's alias tables (BASH_ALIASES is in the BASH_ family): an element is an alias definition.
  'aliases', 'galiases', 'saliases',
]);

/** Whole families: the dynamic linker, git's hooks and config, package-manager config, shells. */
const UNSAFE_PREFIX = /^(LD_|DYLD_|GIT_|NPM_CONFIG_|YARN_|PNPM_|BUN_|CARGO_|PIP_|UV_|POETRY_|CONDA_|BASH_FUNC_|MALLOC_|GLIBC_|PERL|PYTHON|RUBY|NODE_|DENO_|JAVA_|SSH_|SUDO_|GNUPG|GPG_|HTTP_PROXY|HTTPS_PROXY|ALL_PROXY|NO_PROXY|BASH_)/i;

/** Benign git variables: identity and dates for commits, and prompt suppression. */
const SAFE_GIT = /^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)$|^GIT_TERMINAL_PROMPT$/;

const SAFE = new Set([
  'NODE_ENV', 'CI', 'FORCE_COLOR', 'NO_COLOR', 'COLOR', 'CLICOLOR', 'TERM', 'COLUMNS', 'LINES', 'TZ', 'LANG', 'LANGUAGE',
  'DEBUG', 'VERBOSE', 'RUST_BACKTRACE', 'RUST_LOG', 'PYTHONUNBUFFERED', 'PYTHONDONTWRITEBYTECODE', 'PYTHONHASHSEED',
  'PYTHONWARNINGS', 'PYTHONIOENCODING', 'PYTHONUTF8', 'NODE_NO_WARNINGS', 'NPM_CONFIG_LOGLEVEL', 'JEST_WORKER_ID',
  'GOOS', 'GOARCH', 'CGO_ENABLED', 'GO111MODULE', 'CARGO_TERM_COLOR', 'CARGO_INCREMENTAL', 'TF_IN_AUTOMATION',
]);

/** Does setting this variable (anywhere in the command line) deny it outright? */
export function isUnsafeVariable(name: string): boolean {
  return !isSafeVariable(name) && (UNSAFE_EXACT.has(name) || UNSAFE_PREFIX.test(name));
}

/** May an allow rule match past this assignment? */
export function isSafeVariable(name: string): boolean {
  return SAFE.has(name) || SAFE_GIT.test(name) || /^LC_[A-Z_]+$/.test(name);
}
