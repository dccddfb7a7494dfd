export const id = 528;
export const ids = [528];
export const modules = {

/***/ 3521:
/***/ ((module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
/*
 * Loads web-tree-sitter's CommonJS build. ncc bundles a plain `require` from a CommonJS file
 * (the package's ESM build breaks under ncc and gets its wasm corrupted; see build notes §2).
 * Written as script-style CommonJS rather than `import x = require()` / `export =` because vitest
 * does not transform `.cts` files: this file must also be valid JavaScript. The loader types it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-assignment -- the point of this file: the CommonJS build, typed by the loader
module.exports = __webpack_require__(551);


/***/ }),

/***/ 7528:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_LIMITS: () => (/* reexport */ DEFAULT_LIMITS),
  WILD: () => (/* reexport */ WILD),
  analyseBash: () => (/* reexport */ analyseBash),
  compileBashPattern: () => (/* reexport */ compileBashPattern),
  decideBash: () => (/* reexport */ decideBash),
  initBashParser: () => (/* reexport */ initBashParser),
  isBashParserReady: () => (/* reexport */ isBashParserReady),
  patternMatchesText: () => (/* reexport */ patternMatchesText),
  patternMayMatch: () => (/* reexport */ patternMayMatch)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
// EXTERNAL MODULE: ./lib/policy/bash/tree-sitter-shim.cjs
var tree_sitter_shim = __webpack_require__(3521);
;// CONCATENATED MODULE: ./lib/policy/bash/tree-sitter-loader.js
/**
 * The Bash grammar, loaded once: `await initBashParser()` at start-up, then `parseBash` is
 * synchronous. The wasm files are looked up next to the running module first (the ncc bundle
 * copies them into `dist/`), then in `node_modules` above it (unbundled `lib/`, tests).
 */




// The shim is script-style CommonJS, which TypeScript types as an empty module: say what it is.
const treeSitter = tree_sitter_shim;
const here = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
/** Finds `file` beside this module, or in `node_modules/<pkg>/` of this or a parent directory. */
function locateAsset(pkg, file, start = here) {
    const beside = (0,external_node_path_.join)(start, file);
    if ((0,external_node_fs_.existsSync)(beside))
        return beside;
    for (let dir = start;; dir = (0,external_node_path_.dirname)(dir)) {
        const candidate = (0,external_node_path_.join)(dir, 'node_modules', pkg, file);
        if ((0,external_node_fs_.existsSync)(candidate))
            return candidate;
        if ((0,external_node_path_.dirname)(dir) === dir)
            break;
    }
    throw new Error(`cannot find ${file} beside ${start} or in node_modules/${pkg} above it`);
}
let parser = null;
let loading = null;
async function load() {
    // The CommonJS build reads the free variable __dirname when it starts; ncc's ESM output has none.
    globalThis.__dirname ??= here;
    const runtimeWasm = locateAsset('web-tree-sitter', 'web-tree-sitter.wasm');
    await treeSitter.Parser.init({ locateFile: () => runtimeWasm });
    const language = await treeSitter.Language.load(locateAsset('tree-sitter-bash', 'tree-sitter-bash.wasm'));
    const p = new treeSitter.Parser();
    p.setLanguage(language);
    parser = p;
}
/** Loads the grammar once; later calls return the same promise. */
function initBashParser() {
    loading ??= load().catch((error) => {
        loading = null;
        throw error;
    });
    return loading;
}
function isBashParserReady() {
    return parser !== null;
}
/**
 * Parses synchronously and hands the tree to `use`; the tree lives in wasm memory and is freed
 * afterwards, so nothing from it may escape `use`. Throws if `initBashParser()` has not completed.
 */
function withBashTree(source, use) {
    if (parser === null)
        throw new Error('the Bash parser is not loaded: await initBashParser() first');
    const tree = parser.parse(source);
    if (tree === null)
        throw new Error('the Bash parser returned no tree');
    try {
        return use(tree);
    }
    finally {
        tree.delete();
    }
}

;// CONCATENATED MODULE: ./lib/policy/bash/env-vars.js
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
function isUnsafeVariable(name) {
    if (SAFE.has(name) || SAFE_GIT.test(name) || /^LC_[A-Z_]+$/.test(name))
        return false;
    return UNSAFE_EXACT.has(name) || UNSAFE_PREFIX.test(name);
}
/** May an allow rule match past this assignment? */
function isSafeVariable(name) {
    return SAFE.has(name) || SAFE_GIT.test(name) || /^LC_[A-Z_]+$/.test(name);
}
/** Variables a builtin sets from data: `read a b`, `mapfile arr`, `printf -v x`, `getopts s x`. */
function variablesSetBy(words) {
    const name = words[0]?.value;
    const args = words.slice(1).filter((w) => !w.dynamic).map((w) => w.value);
    switch (name) {
        case 'read': {
            const names = [];
            for (let i = 0; i < args.length; i++) {
                const a = args[i];
                if (/^-[^-]*[adinNptu]$/.test(a)) {
                    if (a.endsWith('a'))
                        names.push(args[i + 1] ?? '');
                    i++;
                }
                else if (!a.startsWith('-'))
                    names.push(a);
            }
            return names.length === 0 ? ['REPLY'] : names;
        }
        case 'mapfile':
        case 'readarray':
            return [args.filter((a) => !a.startsWith('-')).at(-1) ?? 'MAPFILE'];
        case 'printf': {
            const v = args.findIndex((a) => a === '-v');
            return v === -1 ? [] : [args[v + 1] ?? ''];
        }
        case 'getopts':
            return args.slice(1, 2);
        default:
            return [];
    }
}

;// CONCATENATED MODULE: ./lib/policy/bash/arithmetic-safety.js
const NAME = /^[A-Za-z_]\w*$/;
const INTEGER = /^-?(\d+|0[xX][0-9a-fA-F]+|\d+#[0-9a-zA-Z@_]+)$/;
class ArithmeticTracker {
    /** Names used in arithmetic. */
    used = new Set();
    /** Per name: true while every assignment seen is an integer literal; set once one is. */
    integer = new Map();
    /** Walks an arithmetic context; returns a failure reason, or null. */
    context(node) {
        if (node.type === 'subscript') {
            const index = node.childForFieldName('index');
            if (index === null || index.type === 'number' || ['@', '*'].includes(index.text))
                return null;
            return this.expression(index, node.text);
        }
        if (node.type === 'c_style_for_statement') {
            for (const field of ['initializer', 'condition', 'update']) {
                for (const part of node.childrenForFieldName(field)) {
                    const r = part.type === 'variable_assignment' ? null : this.expression(part, node.text);
                    if (r !== null)
                        return r;
                }
            }
            return null;
        }
        for (const child of node.namedChildren) {
            const r = this.expression(child, node.text);
            if (r !== null)
                return r;
        }
        return null;
    }
    /** `[[ a -eq b ]]`: both operands are evaluated as arithmetic. */
    testOperands(node) {
        for (const field of ['left', 'right']) {
            const operand = node.childForFieldName(field);
            if (operand !== null) {
                const r = this.expression(operand, node.text);
                if (r !== null)
                    return r;
            }
        }
        return null;
    }
    /** `let x=y+1 …`: every name in the arguments is used, and each `name=<integer>` assigns. */
    letCommand(args) {
        for (const arg of args) {
            if (arg.dynamic)
                return `\`let ${arg.value}\` evaluates a computed expression`;
            const assign = /^([A-Za-z_]\w*)=(.*)$/.exec(arg.value);
            if (assign !== null && INTEGER.test(assign[2] ?? ''))
                this.note(assign[1] ?? '', true);
            for (const name of arg.value.match(/[A-Za-z_]\w*/g) ?? [])
                this.used.add(name);
        }
        return null;
    }
    /** A `name=value` assignment outside arithmetic. */
    assigned(name, value) {
        const integer = value !== null && (value.type === 'arithmetic_expansion' || INTEGER.test(value.text));
        this.note(name, integer);
    }
    /** `for name in values`: integers only if every value is one. */
    assignedList(name, values) {
        this.note(name, values.length > 0 && values.every((v) => !v.dynamic && INTEGER.test(v.value)));
    }
    /** `read name`, `mapfile name` …: a value from outside. */
    assignedUnknown(name) {
        this.note(name, false);
    }
    /** After the walk: every name used in arithmetic must hold integers only. */
    verdict() {
        for (const name of this.used) {
            const ok = this.integer.get(name);
            if (ok === true)
                continue;
            const why = ok === undefined ? 'is not set to a number in this command' : 'is set to something other than a number';
            return `\`${name}\` is used in arithmetic but ${why}; bash would evaluate its value as code (a[$(cmd)] runs cmd)`;
        }
        return null;
    }
    note(name, integer) {
        if (!NAME.test(name))
            return;
        const before = this.integer.get(name);
        this.integer.set(name, integer && before !== false);
    }
    expression(node, context) {
        switch (node.type) {
            case 'number':
                return null;
            case 'variable_name':
            case 'word':
                if (INTEGER.test(node.text))
                    return null;
                if (!NAME.test(node.text))
                    return `\`${context}\` has an arithmetic operand \`${node.text}\` that cannot be checked`;
                this.used.add(node.text);
                return null;
            case 'simple_expansion':
            case 'expansion': {
                if (/^\$\{#\w+\}$/.test(node.text) || /^\$[#?$!]$/.test(node.text))
                    return null; // lengths and status: numbers
                const inner = node.namedChildren[0];
                if (inner?.type === 'variable_name' && NAME.test(inner.text) && node.namedChildren.length === 1) {
                    this.used.add(inner.text);
                    return null;
                }
                return `\`${context}\` uses \`${node.text}\` in arithmetic, whose value cannot be checked`;
            }
            case 'command_substitution':
            case 'string':
            case 'raw_string':
            case 'concatenation':
                return `\`${context}\` evaluates computed text (\`${node.text}\`) as arithmetic, which can run code`;
            case 'binary_expression': {
                const op = node.childForFieldName('operator')?.text ?? '';
                const left = node.childForFieldName('left');
                const right = node.childForFieldName('right');
                // Arithmetic stores numbers, so `x+=1` or `x=y*2` keep x numeric; only a literal
                // `x=5` vouches for x, since the others read x's earlier (possibly inherited) value.
                if (op === '=' && left !== null && right !== null && NAME.test(left.text) && INTEGER.test(right.text))
                    this.note(left.text, true);
                break;
            }
            default:
                break;
        }
        for (const child of node.namedChildren) {
            const r = this.expression(child, context);
            if (r !== null)
                return r;
        }
        return null;
    }
}

;// CONCATENATED MODULE: ./lib/policy/bash/shell-words.js
/** A word fully known statically. */
function literalWord(value) {
    return { value, dynamic: false, glob: false, tilde: false, pipe: false, variable: null };
}
const INPUT = '<stdin>';
/**
 * Arguments `xargs` appends from its input. Like any dynamic word they match no literal in an
 * allow rule; as file operands they are left to the sandbox (the file list comes through a pipe).
 */
function inputWord() {
    return dynamicWord(INPUT, { name: INPUT, quoted: true });
}
function isInputWord(w) {
    return w.dynamic && w.variable?.name === INPUT;
}
/** A word whose value is only known at run time; `raw` is its source text. */
function dynamicWord(raw, variable = null, pipe = false) {
    return { value: raw, dynamic: true, glob: false, tilde: false, pipe, variable };
}
const QUOTED = '\0';
function bare(text) {
    let value = '';
    let live = '';
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '\\') {
            const next = text[i + 1];
            i++;
            if (next === undefined || next === '\n')
                continue;
            value += next;
            live += QUOTED;
            continue;
        }
        value += c;
        live += c;
    }
    // `$name`, `${`, `$(` or a backtick the grammar left inside a word: never trust it as literal.
    return { value, live, dynamic: /\$[\w{(@*#?!$-]|`/.test(live) };
}
function doubleQuoted(text) {
    let value = '';
    let unescaped = '';
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '\\' && i + 1 < text.length && '$`"\\\n'.includes(text[i + 1])) {
            const next = text[i + 1];
            i++;
            if (next !== '\n')
                value += next;
            unescaped += QUOTED;
            continue;
        }
        value += c;
        unescaped += c;
    }
    return { value, live: QUOTED.repeat(value.length), dynamic: /\$[\w{(@*#?!$-]|`/.test(unescaped) };
}
const SIMPLE_ESCAPES = {
    a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
    '\\': '\\', "'": "'", '"': '"', '?': '?',
};
/** Decodes the body of `$'…'`; null when it holds something this decoder does not know. */
function decodeAnsiC(body) {
    let out = '';
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c !== '\\') {
            out += c;
            continue;
        }
        const e = body[i + 1];
        if (e === undefined)
            return null;
        i++;
        const simple = SIMPLE_ESCAPES[e];
        if (simple !== undefined) {
            out += simple;
            continue;
        }
        const numeric = (re, radix) => {
            const m = re.exec(body.slice(i + 1));
            const digits = m?.[0] ?? '';
            if (digits.length === 0)
                return false;
            out += String.fromCodePoint(parseInt(digits, radix));
            i += digits.length;
            return true;
        };
        if (/[0-7]/.test(e)) {
            i--;
            if (!numeric(/^[0-7]{1,3}/, 8))
                return null;
        }
        else if (e === 'x') {
            if (!numeric(/^[0-9a-fA-F]{1,2}/, 16))
                return null;
        }
        else if (e === 'u') {
            if (!numeric(/^[0-9a-fA-F]{1,4}/, 16))
                return null;
        }
        else if (e === 'U') {
            const m = /^[0-9a-fA-F]{1,8}/.exec(body.slice(i + 1));
            if (m === null || parseInt(m[0], 16) > 0x10ffff)
                return null;
            out += String.fromCodePoint(parseInt(m[0], 16));
            i += m[0].length;
        }
        else if (e === 'c') {
            const ctl = body[i + 1];
            if (ctl === undefined)
                return null;
            out += String.fromCharCode(ctl.toUpperCase().charCodeAt(0) ^ 0x40);
            i++;
        }
        else {
            out += `\\${e}`;
        }
    }
    // Bash stops a $'…' string at a NUL byte.
    const nul = out.indexOf('\0');
    return nul === -1 ? out : out.slice(0, nul);
}
function variableOf(node) {
    const named = node.namedChildren;
    if (named.length !== 1)
        return null;
    const only = named[0];
    if (only?.type !== 'variable_name')
        return null;
    // `${x}` must be exactly the braces and the name: no operator, index or transformation.
    if (node.type === 'expansion' && node.text !== `\${${only.text}}`)
        return null;
    return only.text;
}
function piecesOf(node) {
    switch (node.type) {
        case 'word':
            return bare(node.text);
        case 'number':
            return { value: node.text, live: node.text, dynamic: false };
        case 'raw_string':
            return { value: node.text.slice(1, -1), live: QUOTED.repeat(Math.max(0, node.text.length - 2)), dynamic: false };
        case 'ansi_c_string': {
            const decoded = decodeAnsiC(node.text.slice(2, -1));
            return decoded === null ? null : { value: decoded, live: QUOTED.repeat(decoded.length), dynamic: false };
        }
        case 'string':
            return stringPieces(node);
        case 'concatenation': {
            let value = '';
            let live = '';
            let dynamic = false;
            for (const part of node.children) {
                const p = piecesOf(part);
                if (p === null)
                    return null;
                value += p.value;
                live += p.live;
                dynamic ||= p.dynamic;
            }
            return { value, live, dynamic };
        }
        default:
            return null;
    }
}
/** A double-quoted string: literal content and gaps decoded; any expansion inside makes it dynamic. */
function stringPieces(node) {
    const start = node.startIndex + 1;
    const end = node.endIndex - 1;
    const whole = node.text;
    let at = start;
    let value = '';
    let dynamic = false;
    const literal = (from, to) => {
        if (to <= from)
            return;
        const p = doubleQuoted(whole.slice(from - node.startIndex, to - node.startIndex));
        value += p.value;
        dynamic ||= p.dynamic;
    };
    for (const child of node.children) {
        if (child.startIndex < start || child.endIndex > end)
            continue; // the quotes themselves
        literal(at, child.startIndex);
        if (child.type === 'string_content')
            literal(child.startIndex, child.endIndex);
        else if (child.type === '$')
            value += '$';
        else
            return null;
        at = child.endIndex;
    }
    literal(at, end);
    return { value, live: QUOTED.repeat(value.length), dynamic };
}
const BRACE_EXPANSION = /\{[^{}\0]*(,|\.\.)[^{}\0]*\}/;
/** The ShellWord for a word node (argument, command name, redirect target, assignment value). */
function wordFromNode(node) {
    const raw = node.text;
    if (node.type === 'simple_expansion' || node.type === 'expansion')
        return dynamicWord(raw, nameOrNull(node, false));
    if (node.type === 'process_substitution')
        return dynamicWord(raw, null, true);
    if (node.type === 'string' && node.namedChildren.length === 1) {
        const inner = node.namedChildren[0];
        if (inner !== undefined && (inner.type === 'simple_expansion' || inner.type === 'expansion') && raw === `"${inner.text}"`) {
            return dynamicWord(raw, nameOrNull(inner, true));
        }
    }
    const p = piecesOf(node);
    if (p === null || p.dynamic || BRACE_EXPANSION.test(p.live))
        return dynamicWord(raw);
    return { value: p.value, dynamic: false, glob: /[*?[]/.test(p.live), tilde: p.live.startsWith('~'), pipe: false, variable: null };
}
function nameOrNull(node, quoted) {
    const name = variableOf(node);
    return name === null ? null : { name, quoted };
}

;// CONCATENATED MODULE: ./lib/policy/bash/parse-redirects.js

/** Adds the redirection(s) in `node` to `out`; returns heredoc or here-string stdin if any. */
function collectRedirect(node, out) {
    if (node.type === 'heredoc_redirect') {
        out.push({ op: '<<', kind: 'inline', target: null });
        let stdin;
        for (const child of node.children) {
            if (child.type === 'file_redirect' || child.type === 'herestring_redirect')
                collectRedirect(child, out);
            if (child.type === 'heredoc_body')
                stdin = { text: heredocText(node, child) };
        }
        return stdin ?? { text: '' };
    }
    if (node.type === 'herestring_redirect') {
        out.push({ op: '<<<', kind: 'inline', target: null });
        const word = node.namedChildren[0];
        const value = word === undefined ? literalWord('') : wordFromNode(word);
        return { text: value.dynamic ? null : `${value.value}\n` };
    }
    const dest = node.childForFieldName('destination');
    const op = node.children.find((c) => !c.isNamed)?.text ?? '>';
    if (dest === null) {
        out.push({ op, kind: 'dup', target: null });
        return undefined;
    }
    const target = wordFromNode(dest);
    let kind;
    if (target.pipe)
        kind = 'pipe';
    else if ((op === '>&' || op === '<&') && /^(\d+-?|-)$/.test(dest.text))
        kind = 'dup';
    else
        kind = op.startsWith('<') && op !== '<>' ? 'read' : 'write';
    out.push({ op, kind, target });
    return undefined;
}
/** The text a heredoc feeds to stdin; null when bash would expand something inside it first. */
function heredocText(redirect, body) {
    const start = redirect.children.find((c) => c.type === 'heredoc_start')?.text ?? '';
    const quoted = /['"\\]/.test(start);
    const text = body.text;
    if (quoted)
        return text;
    if (body.namedChildren.some((c) => c.type !== 'heredoc_content') || /[\\$`]/.test(text))
        return null;
    return text;
}

;// CONCATENATED MODULE: ./lib/policy/bash/parse-commands.js





/** Characters bash and tree-sitter may disagree about: controls, odd spaces, invisible marks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SUSPICIOUS = /[\0-\x08\x0b-\x1f\x7f-\x9f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/u;
/** A line continuation inside a word (`r\⏎m`): bash joins it, the grammar splits it. */
const JOINING_CONTINUATION = /[^\s]\\\n[^\s]/;
const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
const ARITH_COMPARISONS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
/** Nodes with nothing to find beneath them (words are read through their parents). */
const LEAVES = new Set(['comment', 'word', 'raw_string', 'number', 'ansi_c_string', 'string_content', 'heredoc_content', 'variable_name', 'special_variable_name', 'file_descriptor', 'heredoc_start', 'heredoc_end', 'test_operator', 'regex', 'extglob_pattern']);
const WORD_TYPES = new Set(['word', 'string', 'raw_string', 'ansi_c_string', 'concatenation', 'simple_expansion', 'expansion', 'command_substitution', 'process_substitution', 'number']);
const fail = (reason) => ({ ok: false, reason });
/** The variable an assignment node sets: `PATH[0]=x` sets PATH. */
function assignedName(node) {
    return (node.childForFieldName('name')?.text ?? '').replace(/\[[\s\S]*$/, '');
}
/** Parses `source` and walks it, within a syntax-tree depth and a simple-command budget. */
function walkBash(source, maxDepth, maxCommands) {
    const odd = SUSPICIOUS.exec(source);
    if (odd !== null) {
        const code = odd[0].codePointAt(0)?.toString(16).padStart(4, '0') ?? '';
        return fail(`it contains the character U+${code.toUpperCase()}, which shells and parsers may read differently`);
    }
    if (JOINING_CONTINUATION.test(source))
        return fail('it has a line continuation inside a word, which the parser cannot follow reliably');
    return withBashTree(source, (tree) => {
        if (tree.rootNode.hasError)
            return fail('it does not parse as Bash (syntax error or unsupported construct)');
        // Counted natively first, so an over-budget line is refused without walking it.
        if (tree.rootNode.descendantsOfType('command').length > maxCommands)
            return fail(`it has more than ${maxCommands} simple commands, more than the analysis checks`);
        return new Walker(maxDepth, maxCommands).run(tree.rootNode);
    });
}
class Walker {
    maxDepth;
    maxCommands;
    events = [];
    pending = new Map();
    pendingStdin = new Map();
    arithmetic = new ArithmeticTracker();
    failure = null;
    commandCount = 0;
    constructor(maxDepth, maxCommands) {
        this.maxDepth = maxDepth;
        this.maxCommands = maxCommands;
    }
    /** Work still to do after a node's children have been walked (see redirectedStatement). */
    after = new Map();
    run(root) {
        const stack = [{ node: root, depth: 0 }];
        while (stack.length > 0 && this.failure === null) {
            const step = stack.pop();
            if ('then' in step) {
                step.then();
                continue;
            }
            const { node, depth } = step;
            if (depth > this.maxDepth)
                return fail(`it nests deeper than ${this.maxDepth} levels`);
            if (!this.visit(node))
                continue;
            const then = this.after.get(node.id);
            if (then !== undefined)
                stack.push({ then });
            const children = node.children;
            for (let i = children.length - 1; i >= 0; i--)
                stack.push({ node: children[i], depth: depth + 1 });
        }
        if (this.failure !== null)
            return fail(this.failure);
        const arith = this.arithmetic.verdict();
        if (arith !== null)
            return fail(arith);
        return { ok: true, events: this.events };
    }
    /** Handles one node; returns whether to walk its children. */
    visit(node) {
        if (!node.isNamed || LEAVES.has(node.type))
            return false;
        switch (node.type) {
            case 'command':
                if (++this.commandCount > this.maxCommands) {
                    this.failure = `it has more than ${this.maxCommands} simple commands, more than the analysis checks`;
                    return false;
                }
                // Bash expands a command's words (running their substitutions) before it runs it.
                this.after.set(node.id, () => this.command(node));
                return true;
            case 'redirected_statement':
                this.redirectedStatement(node);
                return true;
            case 'variable_assignment':
                this.assignment(node);
                return true;
            case 'declaration_command':
            case 'unset_command':
                this.declaration(node);
                return true;
            case 'test_command':
                this.testCommand(node);
                return true;
            case 'function_definition': {
                const name = node.childForFieldName('name');
                if (name !== null)
                    this.events.push({ kind: 'function', name: wordFromNode(name).value });
                return true;
            }
            case 'for_statement':
                this.forStatement(node);
                return true;
            case 'command_substitution':
                if (node.text.startsWith('`') && node.text.includes('\\')) {
                    this.failure = 'a backtick substitution contains a backslash (nested backticks are parsed differently by bash)';
                }
                return true;
            case 'expansion':
                if (/@[A-Za-z]\}$/.test(node.text) && !/@[QEAaUuLKk]\}$/.test(node.text)) {
                    this.failure = `\`${node.text}\` uses a parameter transformation that can run commands stored in the variable`;
                }
                return true;
            case 'c_style_for_statement':
            case 'arithmetic_expansion':
            case 'subscript':
                this.failure = this.arithmetic.context(node);
                return true;
            case 'compound_statement':
                if (node.child(0)?.type === '((')
                    this.failure = this.arithmetic.context(node);
                return true;
            default:
                return true;
        }
    }
    push(command) {
        this.events.push({ kind: 'command', command });
    }
    command(node) {
        const words = [];
        const env = [];
        const redirects = this.pending.get(node.id) ?? [];
        let stdin = this.pendingStdin.get(node.id);
        for (const child of node.children) {
            if (child.type === 'variable_assignment') {
                const value = child.childForFieldName('value');
                env.push({ name: assignedName(child), value: value === null ? literalWord('') : wordFromNode(value) });
            }
            else if (REDIRECT_TYPES.has(child.type)) {
                stdin = collectRedirect(child, redirects) ?? stdin;
            }
        }
        const name = node.childForFieldName('name');
        const nameWord = name?.namedChildren[0];
        if (nameWord === undefined) {
            this.failure = 'a command has no name';
            return;
        }
        words.push(wordFromNode(nameWord));
        for (const arg of node.childrenForFieldName('argument'))
            words.push(arg.isNamed ? wordFromNode(arg) : dynamicWord(arg.text));
        const first = words[0]?.value;
        if (first === 'let')
            this.failure = this.arithmetic.letCommand(words.slice(1));
        for (const name of variablesSetBy(words)) {
            this.arithmetic.assignedUnknown(name);
            this.events.push({ kind: 'assign', name, values: null });
        }
        this.push({ words, env, redirects, stdin, role: 'command' });
    }
    redirectedStatement(node) {
        const redirects = [];
        let stdin;
        for (const child of node.childrenForFieldName('redirect'))
            stdin = collectRedirect(child, redirects) ?? stdin;
        const body = node.childForFieldName('body');
        if (body?.type === 'command') {
            this.pending.set(body.id, redirects);
            if (stdin !== undefined)
                this.pendingStdin.set(body.id, stdin);
        }
        else if (redirects.length > 0) {
            // The grammar hangs `a && cd x && b > f` on the whole list; bash binds it to `b`. Judging it
            // after every command of the body sees every directory a `cd` in it may have moved to.
            this.after.set(node.id, () => this.push({ words: [], env: [], redirects, stdin, role: 'redirect' }));
        }
    }
    assignment(node) {
        if (node.parent?.type === 'command')
            return; // a prefix: recorded with its command
        const name = assignedName(node);
        const value = node.childForFieldName('value');
        const word = value === null ? literalWord('') : wordFromNode(value);
        this.arithmetic.assigned(name, value);
        this.events.push({ kind: 'assign', name, values: word.dynamic || value?.type === 'array' ? null : [word] });
    }
    /** `export`/`declare`/`local`/`readonly`/`typeset`/`unset`: a builtin command with its words. */
    declaration(node) {
        const words = [literalWord(node.child(0)?.text ?? '')];
        for (const child of node.namedChildren) {
            if (child.type === 'variable_assignment') {
                const value = child.childForFieldName('value');
                const name = child.childForFieldName('name')?.text ?? '';
                const v = value === null ? literalWord('') : wordFromNode(value);
                words.push(v.dynamic ? dynamicWord(child.text) : literalWord(`${name}=${v.value}`));
            }
            else {
                const word = wordFromNode(child);
                words.push(word);
                // `export "LD_PRELOAD=x"` assigns too; a computed word may assign anything.
                const assign = /^([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=([\s\S]*)$/.exec(word.value);
                if (word.dynamic && child.type !== 'variable_name')
                    this.failure ??= `\`${node.text}\` declares a variable whose name or value is computed at run time`;
                else if (assign !== null)
                    this.events.push({ kind: 'assign', name: assign[1], values: [literalWord(assign[2])] });
            }
        }
        const flags = words.slice(1).filter((w) => w.value.startsWith('-') || w.value.startsWith('+'));
        if (flags.some((w) => /[ni]/.test(w.value))) {
            this.failure = `\`${node.text}\` declares an integer or reference variable, whose assignments can run code or rename other variables`;
        }
        this.push({ words, env: [], redirects: [], stdin: undefined, role: 'command' });
    }
    testCommand(node) {
        const open = node.child(0)?.text ?? '[';
        const words = [literalWord(open)];
        const flatten = (n) => {
            if (n.type === 'binary_expression' && open === '[[') {
                const op = n.childForFieldName('operator')?.text ?? '';
                if (ARITH_COMPARISONS.has(op))
                    this.failure ??= this.arithmetic.testOperands(n);
            }
            if (WORD_TYPES.has(n.type)) {
                words.push(wordFromNode(n));
                return;
            }
            if (n.childCount === 0) {
                words.push(literalWord(n.text)); // operators: `-f`, `==`, `!`, `]]`
                return;
            }
            for (const c of n.children)
                flatten(c);
        };
        for (const child of node.children.slice(1))
            flatten(child);
        this.push({ words, env: [], redirects: [], stdin: undefined, role: 'command' });
    }
    forStatement(node) {
        const variable = node.childForFieldName('variable')?.text ?? '';
        const values = node.childrenForFieldName('value').map((v) => wordFromNode(v));
        const known = node.children.some((c) => c.type === 'in') && values.every((v) => !v.dynamic);
        this.arithmetic.assignedList(variable, values);
        this.events.push({ kind: 'assign', name: variable, values: known ? values : null });
    }
}

;// CONCATENATED MODULE: ./lib/policy/bash/option-scan.js
/**
 * GNU getopt_long (and git's parse-options) accept any unambiguous prefix of a long option:
 * `sort --out=F` is `--output=F`. Returns the option `name` stands for among `options`: itself when
 * listed, else the only option it is a prefix of, else `name` unchanged (unknown or ambiguous).
 */
function expandLong(name, options) {
    if (!name.startsWith('--') || name.length < 3 || options.includes(name))
        return name;
    const matches = options.filter((o) => o.startsWith(name));
    return matches.length === 1 ? matches[0] : name;
}
function scanOptions(command, args, spec) {
    const seen = new Map();
    const record = (opt, value) => {
        const list = seen.get(opt) ?? [];
        if (value !== null)
            list.push(value);
        seen.set(opt, list);
    };
    const unknown = (opt) => ({ ok: false, reason: `cannot tell which command \`${command}\` runs: it has an option \`${opt}\` the analysis does not know` });
    let i = 0;
    for (; i < args.length; i++) {
        const w = args[i];
        if (w.dynamic)
            return { ok: false, reason: `cannot tell which command \`${command}\` runs: \`${w.value}\` is computed at run time` };
        const v = w.value;
        if (v === '--')
            return { ok: true, index: i + 1, seen };
        if (!v.startsWith('-') || v === '-')
            break;
        if (v.startsWith('--')) {
            const eq = v.indexOf('=');
            const name = expandLong(eq === -1 ? v : v.slice(0, eq), [...(spec.longValue ?? []), ...(spec.longFlags ?? [])]);
            if (spec.longValue?.includes(name) === true) {
                if (eq !== -1)
                    record(name, v.slice(eq + 1));
                else {
                    const next = args[++i];
                    if (next === undefined || next.dynamic)
                        return unknown(v);
                    record(name, next.value);
                }
            }
            else if (spec.longFlags?.includes(name) === true && eq === -1) {
                record(name, null);
            }
            else {
                return unknown(v);
            }
            continue;
        }
        if (spec.numeric === true && /^-\d+$/.test(v)) {
            record('-#', v.slice(1));
            continue;
        }
        for (let k = 1; k < v.length; k++) {
            const c = v[k];
            if (spec.shortValue?.includes(c) === true) {
                const rest = v.slice(k + 1);
                if (rest !== '')
                    record(`-${c}`, rest);
                else {
                    const next = args[++i];
                    if (next === undefined || next.dynamic)
                        return unknown(`-${c}`);
                    record(`-${c}`, next.value);
                }
                break;
            }
            if (spec.shortFlags?.includes(c) !== true)
                return unknown(`-${c}`);
            record(`-${c}`, null);
        }
    }
    return { ok: true, index: i, seen };
}
/** Was any of these options given? */
function hasOption(scan, ...options) {
    return options.some((o) => scan.seen.has(o));
}
/** The last value given to any of these options. */
function optionValue(scan, ...options) {
    let value;
    for (const o of options)
        value = scan.seen.get(o)?.at(-1) ?? value;
    return value;
}

;// CONCATENATED MODULE: ./lib/policy/bash/exec-arguments.js


const exec_arguments_fail = (reason) => ({ ok: false, reason });
const gate = (label, payloads) => ({ ok: true, label, kind: 'gate', payloads, files: [], bindings: [] });
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** The starting points of a find command line, and where its expression begins. */
function findOperands(args) {
    let i = 0;
    while (i < args.length && /^-[HLP]$|^-D$|^-O\d$/.test(args[i].value))
        i += args[i].value === '-D' ? 2 : 1;
    const roots = [];
    for (; i < args.length; i++) {
        const w = args[i];
        if (!w.dynamic && (w.value.startsWith('-') || w.value === '(' || w.value === '!'))
            break;
        roots.push(w);
    }
    return { roots, index: i };
}
/**
 * `find … -exec cmd {} ;` (also `+`, `-execdir`, `-ok`): each payload, with `{}` a dynamic word
 * bound to "anything under the starting points", so a reader's `{}` is judged as a tree read.
 */
function find(args) {
    const payloads = [];
    const { roots: given } = findOperands(args);
    const roots = given.length === 0 ? [literalWord('.')] : given;
    const found = { name: '{}', quoted: true };
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        if (w.dynamic && FIND_EXEC.has(w.value))
            return exec_arguments_fail('`find` is given a computed -exec');
        if (!FIND_EXEC.has(w.value))
            continue;
        let end = i + 1;
        while (end < args.length) {
            const v = args[end].value;
            if (v === ';' || (v === '+' && (args[end - 1]?.value.includes('{}') ?? false)))
                break;
            end++;
        }
        if (end >= args.length || end === i + 1)
            return exec_arguments_fail(`\`find ${w.value}\` has no command or no terminating \`;\` or \`+\``);
        const words = args.slice(i + 1, end).map((a) => (a.value === '{}' ? dynamicWord(a.value, found) : a.value.includes('{}') ? dynamicWord(a.value) : a));
        payloads.push({ kind: 'command', words, env: [], stdin: undefined });
        i = end;
    }
    if (payloads.length === 0)
        return null;
    const under = roots.map((r) => (r.dynamic ? r : { ...literalWord(`${r.value.replace(/\/+$/, '')}/**`), glob: true }));
    return { ok: true, label: 'find -exec', kind: 'gate', payloads, files: [], bindings: [{ name: '{}', values: roots.some((r) => r.dynamic) ? null : under }] };
}
/** Is `given` the long option `option`, or a prefix of it at least `min` characters long? */
function abbreviates(given, option, min) {
    return given === option || (given.length >= min && option.startsWith(given));
}
/** Config keys that cannot name a program, hook or included file. Everything else is refused. */
const INERT_GIT_KEY = /^(color\..*|user\.(name|email|signingkey)|author\.(name|email)|committer\.(name|email)|init\.defaultbranch|advice\..*|core\.(quotepath|autocrlf|safecrlf|abbrev|filemode|ignorecase|precomposeunicode|longpaths|eol|whitespace)|commit\.(gpgsign|verbose|cleanup)|tag\.(gpgsign|sort)|gc\.auto(detach)?|merge\.(conflictstyle|ff|log)|pull\.(rebase|ff)|push\.(default|autosetupremote|followtags)|fetch\.(prune|prunetags|parallel)|rebase\.(autosquash|autostash|updaterefs)|log\.(date|decorate|follow|abbrevcommit)|diff\.(renames|algorithm|noprefix|mnemonicprefix|relative|context|colormoved|statgraphwidth)|status\.(short|branch|showuntrackedfiles|relativepaths)|safe\.directory|protocol\.version|column\.ui|branch\.sort|pager\.[a-z-]+|i18n\.(commitencoding|logoutputencoding)|help\.autocorrect|rerere\.enabled|submodule\.recurse|feature\.manyfiles|index\.version|maintenance\.auto)$/i;
const GIT_VALUE_GLOBALS = new Set(['-C', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--list-cmds']);
const GIT_CONFIG_READ = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l', '--show-origin', '--show-scope', '--name-only', '--get-color', '--get-colorbool']);
function checkGitKey(key, how) {
    // `pager.<cmd>` may be true/false only; as a string it is a command.
    const [name, value] = key.split('=', 2);
    if (name === undefined || !INERT_GIT_KEY.test(name))
        return `\`git ${how} ${key}\` sets a config key that can run programs or load files`;
    if (/^pager\./i.test(name) && value !== undefined && !/^(true|false|yes|no|on|off|0|1)$/i.test(value))
        return `\`git ${how} ${key}\` sets a pager command`;
    return null;
}
function git(args) {
    let i = 0;
    for (; i < args.length && args[i].value.startsWith('-'); i++) {
        const w = args[i];
        const v = w.value;
        if (w.dynamic)
            return exec_arguments_fail(`\`git ${v}\` is given a computed global option`);
        if (v === '-c' || v.startsWith('--config-env')) {
            const key = v === '-c' ? args[++i] : { value: v.slice(v.indexOf('=') + 1), dynamic: false };
            if (key === undefined || key.dynamic)
                return exec_arguments_fail('`git -c` is given a computed config key');
            const bad = checkGitKey(v === '-c' ? key.value : key.value.split('=')[0] ?? '', v === '-c' ? '-c' : '--config-env');
            if (bad !== null)
                return exec_arguments_fail(bad);
        }
        else if (v.startsWith('--exec-path=')) {
            return exec_arguments_fail('`git --exec-path=DIR` makes git run its subcommands from DIR');
        }
        else if (GIT_VALUE_GLOBALS.has(v)) {
            i++;
        }
    }
    const sub = args[i];
    if (sub === undefined || sub.dynamic)
        return null;
    const rest = args.slice(i + 1);
    const values = rest.map((w) => w.value);
    const names = values.filter((v) => v.startsWith('--')).map((v) => v.split('=')[0]);
    if (names.some((n) => abbreviates(n, '--upload-pack', 5) || abbreviates(n, '--receive-pack', 5)))
        return exec_arguments_fail(`\`git ${sub.value}\` with --upload-pack/--receive-pack runs the program it names`);
    switch (sub.value) {
        case 'config':
            return gitConfig(rest);
        case 'rebase': {
            const payloads = [];
            for (let k = 0; k < rest.length; k++) {
                const v = rest[k];
                const [name = '', attached] = v.value.split(/=(.*)/s);
                let script;
                if (abbreviates(name, '--exec', 4))
                    script = attached === undefined ? rest[++k] : { ...v, value: attached };
                else if (v.value === '-x')
                    script = rest[++k];
                else if (/^-x./.test(v.value))
                    script = { ...v, value: v.value.slice(2) };
                else
                    continue;
                if (script === undefined || script.dynamic)
                    return exec_arguments_fail('`git rebase --exec` is given a computed command');
                payloads.push({ kind: 'script', text: script.value });
            }
            return payloads.length === 0 ? null : gate('git rebase --exec', payloads);
        }
        case 'bisect':
            return values[0] === 'run' && rest.length > 1 ? gate('git bisect run', [{ kind: 'command', words: rest.slice(1), env: [], stdin: undefined }]) : null;
        case 'submodule': {
            const at = values.indexOf('foreach');
            if (at === -1)
                return null;
            const tail = rest.slice(at + 1).filter((w) => w.value !== '--recursive' && w.value !== '-q' && w.value !== '--quiet');
            if (tail.some((w) => w.dynamic))
                return exec_arguments_fail('`git submodule foreach` is given a computed command');
            return gate('git submodule foreach', [{ kind: 'script', text: tail.map((w) => w.value).join(' ') }]);
        }
        case 'filter-branch':
        case 'filter-repo':
            return exec_arguments_fail(`\`git ${sub.value}\` runs shell filters given as strings`);
        case 'difftool':
        case 'mergetool':
            return values.some((v) => /^-x/.test(v)) || names.some((n) => abbreviates(n, '--extcmd', 5)) ? exec_arguments_fail(`\`git ${sub.value} --extcmd\` runs the command it names`) : null;
        case 'clone':
            return values.some((v) => v === '-u' || /^-[A-Za-z]*u/.test(v)) || names.some((n) => abbreviates(n, '--template', 4)) ? exec_arguments_fail('`git clone -u/--template` runs or installs programs it names') : null;
        case 'push':
        case 'archive':
        case 'send-pack':
        case 'fetch-pack':
            return names.some((n) => abbreviates(n, '--exec', 4)) ? exec_arguments_fail(`\`git ${sub.value} --exec\` runs the program it names`) : null;
        case 'grep':
            return values.some((v) => /^-[A-Za-z]*O/.test(v)) || names.some((n) => abbreviates(n, '--open-files-in-pager', 4)) ? exec_arguments_fail('`git grep -O` runs a pager command') : null;
        default:
            return null;
    }
}
function gitConfig(rest) {
    const operands = [];
    let read = false;
    for (let k = 0; k < rest.length; k++) {
        const w = rest[k];
        if (GIT_CONFIG_READ.has(w.value))
            read = true;
        if (['-f', '--file', '--blob', '--default', '--type', '--comment'].includes(w.value))
            k++;
        else if (!w.value.startsWith('-'))
            operands.push(w);
    }
    const first = operands[0]?.value;
    if (read || first === 'get' || first === 'list' || first === 'unset' || operands.length <= 1)
        return null;
    const key = first === 'set' ? operands[1] : operands[0];
    if (key === undefined || key.dynamic)
        return exec_arguments_fail('`git config` sets a computed key');
    const bad = checkGitKey(key.value, 'config');
    return bad === null ? null : exec_arguments_fail(bad);
}
/** Options naming a command, per tool: the value is a script payload. */
const COMMAND_OPTIONS = {
    tar: ['--to-command', '--use-compress-program', '-I', '--info-script', '--new-volume-script', '-F', '--checkpoint-action'],
    rsync: ['-e', '--rsh'],
    zip: ['-TT', '--unzip-command'],
    sort: ['--compress-program'],
    rg: ['--pre', '--hostname-bin'],
    ssh: ['-oProxyCommand', '-oLocalCommand'],
    scp: ['-S', '-oProxyCommand'],
};
function commandOptions(name, options, args) {
    const payloads = [];
    let first;
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        let v = w.value;
        if ((name === 'ssh' || name === 'scp') && v === '-o')
            v = `-o${args[++i]?.value ?? ''}`;
        const long = v.startsWith('--') ? expandLong(v.split('=')[0], options.filter((o) => o.startsWith('--'))) : null;
        const opt = options.find((o) => o === long || v === o || (!o.startsWith('--') && v.startsWith(o) && v.length > o.length));
        if (long !== null && opt !== undefined && long !== v.split('=')[0])
            v = v.includes('=') ? `${opt}=${v.slice(v.indexOf('=') + 1)}` : opt;
        if (opt === undefined)
            continue;
        let value = v === opt ? args[++i]?.value : v.slice(opt.length).replace(/^=/, '');
        if (value === undefined || w.dynamic || (v === opt && args[i]?.dynamic === true))
            return exec_arguments_fail(`\`${name} ${opt}\` is given a computed command`);
        if (opt === '--checkpoint-action') {
            if (!value.startsWith('exec='))
                continue;
            value = value.slice('exec='.length);
        }
        payloads.push({ kind: 'script', text: value });
        first ??= opt;
    }
    return payloads.length === 0 ? null : gate(`${name} ${first ?? ''}`, payloads);
}
function execArguments(name, args) {
    if (name === 'find')
        return find(args);
    if (name === 'git')
        return git(args);
    const options = COMMAND_OPTIONS[name];
    return options === undefined ? null : commandOptions(name, options, args);
}

;// CONCATENATED MODULE: ./lib/policy/bash/program-effects.js


const none = () => ({ payloads: [], writes: [], reads: [] });
const program_effects_hidden = (why) => ({ kind: 'hidden', why });
const SED_QUIET_LONG = ['--quiet', '--silent', '--regexp-extended', '--separate', '--null-data', '--zero-terminated', '--unbuffered', '--posix', '--debug', '--sandbox'];
const SED_LONG = [...SED_QUIET_LONG, '--expression', '--file', '--in-place', '--line-length', '--follow-symlinks', '--binary'];
/** Reads a sed command line: scripts, files, and the options that make it more than a filter. */
function sedArguments(args) {
    const out = { scripts: [], fromFile: false, inPlace: false, files: [], unknownOption: null };
    const script = (value) => {
        if (value === undefined || (typeof value !== 'string' && value.dynamic))
            out.scripts = null;
        else
            out.scripts?.push(typeof value === 'string' ? value : value.value);
    };
    const operands = [];
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        const v = w.value;
        if (w.dynamic || !v.startsWith('-') || v === '-') {
            operands.push(w);
        }
        else if (v === '--') {
            operands.push(...args.slice(i + 1));
            break;
        }
        else if (v.startsWith('--')) {
            const [given = '', value] = v.split(/=(.*)/s);
            const name = expandLong(given, SED_LONG);
            if (name === '--expression')
                script(value ?? args[++i]);
            else if (name === '--file') {
                out.fromFile = true;
                if (value === undefined)
                    i++;
            }
            else if (name === '--in-place')
                out.inPlace = true;
            else if (name === '--line-length')
                i += value === undefined ? 1 : 0;
            else if (!SED_QUIET_LONG.includes(name))
                out.unknownOption ??= name;
        }
        else {
            for (let k = 1; k < v.length; k++) {
                const c = v[k];
                const attached = v.slice(k + 1);
                if ('nErszu'.includes(c))
                    continue;
                if (c === 'e')
                    script(attached !== '' ? attached : args[++i]);
                else if (c === 'f') {
                    out.fromFile = true;
                    if (attached === '')
                        i++;
                }
                else if (c === 'i')
                    out.inPlace = true; // an attached suffix (`-i.bak`) ends the cluster
                else if (c === 'l')
                    i += attached === '' ? 1 : 0;
                else
                    out.unknownOption ??= `-${c}`;
                break;
            }
        }
    }
    if (out.scripts?.length === 0 && !out.fromFile && operands.length > 0)
        script(operands.shift());
    out.files = operands;
    return out;
}
/** Reads "rest of line" arguments (file names, `e` commands) the way GNU sed does. */
function restOfLine(script, at) {
    const end = script.indexOf('\n', at);
    const stop = end === -1 ? script.length : end;
    return [script.slice(at, stop).trim(), stop];
}
/** Skips a delimited section (`/re/`), honouring backslash escapes; returns the index after it. */
function skipDelimited(script, at, delim) {
    for (let i = at; i < script.length; i++) {
        if (script[i] === '\\')
            i++;
        else if (script[i] === delim)
            return i + 1;
        else if (script[i] === '\n')
            return -1;
    }
    return -1;
}
function sedEffects(args) {
    const sed = sedArguments(args);
    if (sed.scripts === null)
        return { ...none(), payloads: [program_effects_hidden('`sed` runs a script computed at run time')] };
    const out = none();
    if (sed.fromFile)
        out.payloads.push(program_effects_hidden('`sed -f` runs a script from a file'));
    for (const script of sed.scripts)
        scanSed(script, out);
    return out;
}
function scanSed(script, out) {
    let i = 0;
    const fail = () => {
        out.payloads.push(program_effects_hidden(`the sed script \`${script}\` is not one the analysis can read`));
        i = script.length;
    };
    while (i < script.length) {
        const c = script[i];
        if (/[\s;{}!,0-9$~+]/.test(c)) {
            i++;
            continue;
        }
        if (c === '/' || c === '\\') {
            const delim = c === '\\' ? (script[i + 1] ?? '') : '/';
            const end = skipDelimited(script, c === '\\' ? i + 2 : i + 1, delim);
            if (end === -1)
                return fail();
            i = end;
            if (script[i] === 'I' || script[i] === 'M')
                i++;
            continue;
        }
        if (c === '#') {
            i = restOfLine(script, i)[1];
            continue;
        }
        if (c === 's' || c === 'y') {
            const delim = script[i + 1];
            if (delim === undefined || delim === '\n' || delim === '\\')
                return fail();
            const mid = skipDelimited(script, i + 2, delim);
            const end = mid === -1 ? -1 : skipDelimited(script, mid, delim);
            if (end === -1)
                return fail();
            i = end;
            if (c === 'y')
                continue;
            while (i < script.length && /[gpiImMe0-9w]/.test(script[i])) {
                const flag = script[i];
                if (flag === 'e')
                    out.payloads.push(program_effects_hidden('the sed `s///e` flag runs the pattern space as a command'));
                if (flag === 'w') {
                    const [file, stop] = restOfLine(script, i + 1);
                    out.writes.push(literalWord(file));
                    i = stop;
                    break;
                }
                i++;
            }
            continue;
        }
        if ('aic'.includes(c)) {
            i = restOfLine(script, i + 1)[1]; // text to insert: data, not code
            continue;
        }
        if ('btT:'.includes(c)) {
            const m = /^[^;\n}]*/.exec(script.slice(i + 1));
            i += 1 + (m?.[0].length ?? 0);
            continue;
        }
        if ('rRwW'.includes(c)) {
            const [file, stop] = restOfLine(script, i + 1);
            const word = file === '' ? dynamicWord('<missing file>') : literalWord(file);
            (c === 'r' || c === 'R' ? out.reads : out.writes).push(word);
            i = stop;
            continue;
        }
        if (c === 'e') {
            const [command, stop] = restOfLine(script, i + 1);
            out.payloads.push(command === '' ? program_effects_hidden('the sed `e` command runs the pattern space as a command') : { kind: 'script', text: command });
            i = stop;
            continue;
        }
        if ('qQlL'.includes(c)) {
            i++;
            while (i < script.length && /[0-9 ]/.test(script[i]))
                i++;
            continue;
        }
        if ('=dDgGhHnNpPxzF'.includes(c)) {
            i++;
            continue;
        }
        return fail();
    }
}
/** Unescapes an awk string literal body. */
function awkString(body) {
    return body.replace(/\\(.)/g, (_, ch) => ({ n: '\n', t: '\t', '"': '"', '\\': '\\', '/': '/' })[ch] ?? `\\${ch}`);
}
const STRING = String.raw `"((?:[^"\\\n]|\\.)*)"`;
function awkEffects(program) {
    const out = none();
    // Strings are data, except where they name a command or a file; blank them to scan the code.
    const code = program.replace(new RegExp(STRING, 'g'), (m) => `"${'_'.repeat(m.length - 2)}"`).replace(/#[^\n]*/g, '');
    const literal = (at) => {
        const m = new RegExp(`^${STRING}`).exec(program.slice(at));
        return m === null ? null : awkString(m[1]);
    };
    if (/@|\/inet\d?\//.test(program))
        out.payloads.push(program_effects_hidden('the awk program uses gawk extensions (@load, @include, /inet/) that can run code'));
    for (const m of code.matchAll(/\bsystem\s*\(\s*/g)) {
        const s = literal((m.index ?? 0) + m[0].length);
        out.payloads.push(s === null ? program_effects_hidden('the awk program calls system() with a computed command') : { kind: 'script', text: s });
    }
    for (const m of code.matchAll(/(^|[^|])\|&?(?!\|)\s*/g)) {
        const after = (m.index ?? 0) + m[0].length;
        if (code.slice(after).startsWith('getline')) {
            const before = /"(_*)"\s*$/.exec(code.slice(0, m.index + (m[1] ?? '').length));
            const s = before === null ? null : literal(before.index);
            out.payloads.push(s === null ? program_effects_hidden('the awk program reads from a computed command') : { kind: 'script', text: s });
        }
        else {
            const s = literal(after);
            out.payloads.push(s === null ? program_effects_hidden('the awk program pipes to a computed command') : { kind: 'script', text: s });
        }
    }
    for (const m of code.matchAll(/\bprintf?\b[^;{}\n]*?(?<![<>=!])>>?(?![=>])\s*/g)) {
        const s = literal((m.index ?? 0) + m[0].length);
        out.writes.push(s === null ? dynamicWord('<awk output file>') : literalWord(s));
    }
    for (const m of code.matchAll(/\bgetline\b[^;{}\n|]*?<\s*/g)) {
        const s = literal((m.index ?? 0) + m[0].length);
        out.reads.push(s === null ? dynamicWord('<awk input file>') : literalWord(s));
    }
    return out;
}
/** The program of an awk command line and whether options load code; null program when computed. */
function awkProgram(args) {
    let loadsCode = false;
    let sandboxed = false;
    let i = 0;
    for (; i < args.length; i++) {
        const w = args[i];
        const v = w.value;
        if (w.dynamic || !v.startsWith('-') || v === '-')
            break;
        if (v === '--') {
            i++;
            break;
        }
        if (v === '--sandbox' || v === '-S')
            sandboxed = true;
        else if (v === '-F' || v === '-v')
            i++;
        else if (/^-[fEil]$|^--(file|exec|include|load)/.test(v)) {
            loadsCode = true;
            i++;
        }
        else if (/^-[fEil]./.test(v))
            loadsCode = true;
    }
    const program = args[i];
    if (loadsCode)
        return { program: null, index: i, loadsCode, sandboxed };
    return { program: program === undefined || program.dynamic ? null : program.value, index: i + 1, loadsCode, sandboxed };
}

;// CONCATENATED MODULE: ./lib/policy/bash/runner-views.js
const DOCKER_VALUES = ['-e', '--env', '-u', '--user', '-w', '--workdir', '--env-file', '--detach-keys', '-v', '--volume', '-p', '--publish', '--name', '--entrypoint', '--network', '--mount', '-l', '--label', '--platform', '-h', '--hostname', '--add-host', '--cpus', '-m', '--memory', '--pull', '--shm-size'];
const RUNNERS = {
    docker: [{ sub: ['exec'], values: DOCKER_VALUES, operands: 1 }, { sub: ['run'], values: DOCKER_VALUES, operands: 1 }, { sub: ['compose', 'exec'], values: DOCKER_VALUES, operands: 1 }, { sub: ['compose', 'run'], values: DOCKER_VALUES, operands: 1 }],
    podman: [{ sub: ['exec'], values: DOCKER_VALUES, operands: 1 }, { sub: ['run'], values: DOCKER_VALUES, operands: 1 }],
    kubectl: [{ sub: ['exec'], values: ['-c', '--container', '-n', '--namespace', '-f', '--filename'], operands: 1 }],
    ssh: [{ values: ['-p', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-e', '-m', '-O', '-Q', '-S', '-W', '-w', '-B', '-I'], operands: 1, script: true }],
    npx: [{ values: ['-p', '--package'], scriptOption: ['-c', '--call'] }],
    bunx: [{ values: ['-p', '--package'] }],
    pnpx: [{}],
    npm: [{ sub: ['exec'], values: ['-p', '--package', '-w', '--workspace'], scriptOption: ['-c', '--call'] }, { sub: ['x'], values: ['-p', '--package'], scriptOption: ['-c', '--call'] }],
    pnpm: [{ sub: ['exec'] }, { sub: ['dlx'] }],
    yarn: [{ sub: ['exec'] }, { sub: ['dlx'] }],
    bun: [{ sub: ['x'] }],
    uv: [{ sub: ['run'], values: ['--with', '--python', '-p', '--project', '--directory', '--env-file', '--group', '--extra'] }, { sub: ['tool', 'run'] }],
    uvx: [{ values: ['--from', '--with', '--python', '-p'] }],
    poetry: [{ sub: ['run'] }],
    pipenv: [{ sub: ['run'] }],
    pdm: [{ sub: ['run'] }],
    hatch: [{ sub: ['run'] }],
    rye: [{ sub: ['run'] }],
    conda: [{ sub: ['run'], values: ['-n', '--name', '-p', '--prefix'] }],
    mamba: [{ sub: ['run'], values: ['-n', '--name', '-p', '--prefix'] }],
    bundle: [{ sub: ['exec'] }],
    mise: [{ sub: ['exec'] }, { sub: ['x'] }],
    asdf: [{ sub: ['exec'] }],
    devbox: [{ sub: ['run'] }],
    direnv: [{ sub: ['exec'], operands: 1 }],
    'nix-shell': [{ scriptOption: ['--run', '--command'], values: ['-p', '-A', '-I'] }],
    nix: [{ sub: ['develop'], scriptOption: ['-c', '--command'] }, { sub: ['shell'], scriptOption: ['-c', '--command'] }],
    strace: [{ values: ['-o', '-e', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-O', '-P', '-S', '-X'] }],
    ltrace: [{ values: ['-o', '-e', '-p', '-s', '-u', '-n', '-a'] }],
    valgrind: [{}],
    fakeroot: [{ values: ['-l', '--lib', '--faked', '-s', '-i', '-b'] }],
    firejail: [{}],
    'xvfb-run': [{ values: ['-n', '--server-num', '-s', '--server-args', '-f', '--auth-file', '-e', '--error-file', '-p', '--xauth-protocol'] }],
    'systemd-run': [{ values: ['-p', '--property', '-u', '--unit', '-E', '--setenv', '--uid', '--gid', '--slice', '-M', '--machine', '--working-directory'] }],
    nsenter: [{ values: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '--root', '-w', '--wd'] }],
    unshare: [{ values: ['--map-user', '--map-group', '--propagation', '--setgroups', '-R', '--root', '-w', '--wd', '-S', '--setuid', '-G', '--setgid'] }],
    torsocks: [{ values: ['-u', '-p', '-a', '-P'] }],
    proxychains: [{ values: ['-f'] }],
    proxychains4: [{ values: ['-f'] }],
    'dbus-run-session': [{ values: ['--config-file', '--dbus-daemon'] }],
    catchsegv: [{}],
    caffeinate: [{ values: ['-t', '-w'] }],
    sg: [{ operands: 1, script: true, scriptOption: ['-c'] }],
    'ip': [{ sub: ['netns', 'exec'], operands: 1 }],
};
const MAX_VIEWS = 4;
function views(spec, args) {
    const out = [];
    const walk = (i, budget) => {
        if (out.length >= MAX_VIEWS)
            return;
        while (i < args.length) {
            const w = args[i];
            if (w.value === '--') {
                i++;
                break;
            }
            if (w.dynamic || !w.value.startsWith('-') || w.value === '-')
                break;
            const name = w.value.split('=')[0];
            if (spec.scriptOption?.includes(name) === true) {
                const value = w.value.includes('=') ? w.value.slice(name.length + 1) : args[i + 1]?.value;
                if (value !== undefined)
                    out.push({ kind: 'script', text: value });
                return;
            }
            if (spec.values?.includes(w.value) === true)
                i += 2;
            else {
                // An option we do not know: try it as taking a value, too.
                if (!w.value.includes('=') && budget > 0)
                    walk(i + 2, budget - 1);
                i += 1;
            }
        }
        const payload = args.slice(i + (spec.operands ?? 0));
        if (payload.length === 0)
            return;
        if (spec.script === true) {
            if (payload.every((p) => !p.dynamic))
                out.push({ kind: 'script', text: payload.map((p) => p.value).join(' ') });
            else
                out.push({ kind: 'command', words: [...payload], env: [], stdin: undefined });
        }
        else {
            out.push({ kind: 'command', words: [...payload], env: [], stdin: undefined });
        }
    };
    walk(0, 2);
    return out;
}
/** The probable payloads of an environment runner, or null when `name` is not one. */
function runnerView(name, args) {
    const specs = RUNNERS[name];
    if (specs === undefined)
        return null;
    for (const spec of specs) {
        const sub = spec.sub ?? [];
        if (!sub.every((s, k) => args[k]?.value === s))
            continue;
        const payloads = views(spec, args.slice(sub.length));
        if (payloads.length === 0)
            return null;
        return { ok: true, label: [name, ...sub].join(' '), kind: 'runner', payloads, files: [], bindings: [] };
    }
    return null;
}

;// CONCATENATED MODULE: ./lib/policy/bash/unwrap-shell.js
const unwrap_shell_fail = (reason) => ({ ok: false, reason });
const wrap = (label, payloads) => ({ ok: true, label, kind: 'transparent', payloads, files: [], bindings: [] });
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'posh', 'yash', 'rbash', 'lksh', 'bosh']);
const FOREIGN_SHELLS = new Set(['fish', 'csh', 'tcsh', 'pwsh', 'powershell', 'nu', 'elvish', 'xonsh', 'rc', 'es', 'ion', 'oil', 'osh', 'ysh']);
const SHELL_LONG = new Set(['--norc', '--noprofile', '--login', '--posix', '--restricted', '--verbose', '--noediting', '--debugger', '--protected']);
/** `bash [options] -c STRING`, `bash` reading stdin (a heredoc we can read, or hidden), `bash FILE`. */
function shell(name, args, stdin) {
    let commandMode = false;
    let readStdin = false;
    let i = 0;
    for (; i < args.length; i++) {
        const w = args[i];
        if (w.dynamic)
            return unwrap_shell_fail(`cannot tell what \`${name}\` runs: \`${w.value}\` is computed at run time`);
        const v = w.value;
        if (v === '--' || v === '-') {
            i++;
            break;
        }
        if (v.startsWith('--')) {
            if (v === '--rcfile' || v === '--init-file')
                return wrap(name, [{ kind: 'hidden', why: `\`${name} ${v}\` runs a startup file` }]);
            if (!SHELL_LONG.has(v))
                return unwrap_shell_fail(`cannot tell what \`${name}\` runs: unknown option \`${v}\``);
            continue;
        }
        if (!/^[-+][A-Za-z]+$/.test(v))
            break;
        for (const c of v.slice(1)) {
            if (c === 'c')
                commandMode = true;
            else if (c === 's')
                readStdin = true;
            else if (c === 'o' || c === 'O')
                i++;
            else if (!'abefhiklmnprtuvxBCDEHPT'.includes(c))
                return unwrap_shell_fail(`cannot tell what \`${name}\` runs: unknown option \`-${c}\``);
        }
    }
    if (commandMode) {
        const script = args[i];
        if (script === undefined)
            return unwrap_shell_fail(`\`${name} -c\` is missing its command string`);
        if (script.dynamic)
            return unwrap_shell_fail(`\`${name} -c ${script.value}\` runs a command string computed at run time`);
        return wrap(`${name} -c`, [{ kind: 'script', text: script.value }]);
    }
    const operand = args[i];
    if (readStdin || operand === undefined) {
        if (stdin === undefined)
            return wrap(name, [{ kind: 'hidden', why: `\`${name}\` runs commands read from its standard input` }]);
        if (stdin.text === null)
            return unwrap_shell_fail(`\`${name}\` is fed a heredoc or here-string with expansions, so the commands it runs are not known`);
        return wrap(`${name} <<`, [{ kind: 'script', text: stdin.text }]);
    }
    if (operand.pipe || operand.dynamic || /^\/(dev\/(stdin|fd\/)|proc\/self\/fd\/)/.test(operand.value)) {
        return wrap(name, [{ kind: 'hidden', why: `\`${name} ${operand.value}\` runs a script that is not in the command line` }]);
    }
    return null; // `bash script.sh`: an ordinary command, approved (or not) as written
}

;// CONCATENATED MODULE: ./lib/policy/bash/unwrap.js






const unwrap_fail = (reason) => ({ ok: false, reason });
const command = (words, env = []) => ({ kind: 'command', words, env, stdin: undefined });
const unwrap_wrap = (label, kind, payloads, files = []) => ({ ok: true, label, kind, payloads, files, bindings: [] });
/** Joins static words into a script (for `eval`, `watch`, `ssh`); null if any is dynamic. */
function joinStatic(words) {
    return words.some((w) => w.dynamic) ? null : words.map((w) => w.value).join(' ');
}
/** A payload of words after `index`, or none when the wrapper was given nothing to run. */
function rest(label, kind, args, index, env = []) {
    const words = args.slice(index);
    return words.length === 0 ? null : unwrap_wrap(label, kind, [command(words, env)]);
}
function simple(name, kind, spec, skipOperands = 0) {
    return (args) => {
        const scan = scanOptions(name, args, spec);
        if (!scan.ok)
            return unwrap_fail(scan.reason);
        return rest(name, kind, args, scan.index + skipOperands);
    };
}
function xargs(args) {
    let replace = null;
    const files = [];
    let i = 0;
    const valueOf = (attached) => {
        if (attached !== '')
            return attached;
        const next = args[++i];
        return next === undefined || next.dynamic ? null : next.value;
    };
    for (; i < args.length; i++) {
        const w = args[i];
        if (w.dynamic)
            return unwrap_fail(`cannot tell which command \`xargs\` runs: \`${w.value}\` is computed at run time`);
        const v = w.value;
        if (v === '--') {
            i++;
            break;
        }
        if (!v.startsWith('-') || v === '-')
            break;
        const long = /^--([a-z-]+)(?:=(.*))?$/.exec(v);
        if (long !== null) {
            const [, opt = '', val] = long;
            if (opt === 'replace')
                replace = val ?? '{}';
            else if (opt === 'arg-file') {
                const f = val ?? valueOf('');
                if (f === null)
                    return unwrap_fail('`xargs --arg-file` has no file');
                files.push({ op: '--arg-file', kind: 'read', target: literalWord(f) });
            }
            else if (opt === 'process-slot-var')
                return unwrap_fail('`xargs --process-slot-var` sets an environment variable for the command');
            else if (['delimiter', 'eof', 'max-lines', 'max-args', 'max-procs', 'max-chars'].includes(opt)) {
                if (val === undefined && valueOf('') === null)
                    return unwrap_fail(`\`xargs --${opt}\` has no value`);
            }
            else if (!['null', 'no-run-if-empty', 'verbose', 'exit', 'interactive', 'open-tty', 'show-limits'].includes(opt)) {
                return unwrap_fail(`cannot tell which command \`xargs\` runs: unknown option \`${v}\``);
            }
            continue;
        }
        const c = v[1];
        const attached = v.slice(2);
        if (c === 'I')
            replace = valueOf(attached);
        else if (c === 'i')
            replace = attached === '' ? '{}' : attached;
        else if (c === 'a') {
            const f = valueOf(attached);
            if (f === null)
                return unwrap_fail('`xargs -a` has no file');
            files.push({ op: '-a', kind: 'read', target: literalWord(f) });
        }
        else if ('dELnPs'.includes(c)) {
            if (valueOf(attached) === null)
                return unwrap_fail(`\`xargs -${c}\` has no value`);
        }
        else if (!'el'.includes(c) && !/^[0prtxo]+$/.test(v.slice(1))) {
            return unwrap_fail(`cannot tell which command \`xargs\` runs: unknown option \`${v}\``);
        }
    }
    const payload = args.slice(i);
    if (payload.length === 0)
        return unwrap_wrap('xargs', 'transparent', [command([literalWord('echo'), inputWord()])], files);
    const r = replace;
    const words = r === null || r === '' ? [...payload, inputWord()] : payload.map((w) => (w.value.includes(r) ? (w.value === r ? inputWord() : dynamicWord(w.value)) : w));
    return unwrap_wrap('xargs', 'transparent', [command(words)], files);
}
function env(args) {
    const scan = scanOptions('env', args, {
        shortValue: 'uSC', shortFlags: 'i0v',
        longValue: ['--unset', '--split-string', '--chdir'],
        longFlags: ['--ignore-environment', '--null', '--debug', '--ignore-signal', '--default-signal', '--block-signal', '--list-signal-handling'],
    });
    if (!scan.ok)
        return unwrap_fail(scan.reason);
    if (hasOption(scan, '-C', '--chdir'))
        return unwrap_fail('`env --chdir` changes the directory the command runs in, which the analysis does not follow');
    const split = optionValue(scan, '-S', '--split-string');
    if (split !== undefined) {
        if (/[$\\]/.test(split))
            return unwrap_fail('`env -S` with `$` or `\\` expands its string in ways the analysis does not follow');
        const tail = joinStatic(args.slice(scan.index));
        if (tail === null)
            return unwrap_fail('`env -S` is given computed arguments');
        return unwrap_wrap('env -S', 'transparent', [{ kind: 'script', text: `${split} ${tail}` }]);
    }
    const assignments = [];
    let i = scan.index;
    for (; i < args.length; i++) {
        const m = /^([A-Za-z_]\w*)=([\s\S]*)$/.exec(args[i].value);
        if (m === null || args[i].dynamic)
            break;
        assignments.push({ name: m[1], value: literalWord(m[2]) });
    }
    return rest('env', 'transparent', args, i, assignments);
}
function sudo(args) {
    const scan = scanOptions('sudo', args, {
        shortValue: 'ugChpRrtTUD', shortFlags: 'AbEHKklnPSVvBNis',
        longValue: ['--user', '--group', '--close-from', '--host', '--prompt', '--role', '--type', '--command-timeout', '--other-user', '--chroot', '--chdir'],
        longFlags: ['--askpass', '--background', '--preserve-env', '--set-home', '--remove-timestamp', '--reset-timestamp', '--list', '--non-interactive', '--preserve-groups', '--stdin', '--validate', '--bell', '--login', '--shell'],
    });
    if (!scan.ok)
        return unwrap_fail(scan.reason);
    if (hasOption(scan, '-D', '--chdir', '-R', '--chroot'))
        return unwrap_fail('`sudo` with a directory or chroot option runs somewhere the analysis does not follow');
    const assignments = [];
    let i = scan.index;
    for (; i < args.length && /^[A-Za-z_]\w*=/.test(args[i].value); i++) {
        const [name = '', ...value] = args[i].value.split('=');
        assignments.push({ name, value: literalWord(value.join('=')) });
    }
    if (hasOption(scan, '-i', '-s', '--login', '--shell')) {
        const script = joinStatic(args.slice(i));
        if (script === null)
            return unwrap_fail('`sudo -s` is given computed arguments');
        return unwrap_wrap('sudo', 'gate', [script === '' ? { kind: 'hidden', why: '`sudo -s` starts an interactive shell' } : { kind: 'script', text: script }]);
    }
    const words = args.slice(i);
    return words.length === 0 ? null : unwrap_wrap('sudo', 'gate', [command(words, assignments)]);
}
/** `-c STRING` wrappers (`su`, `script`, `flock … -c`): the string is a script; without it, a hidden shell. */
function dashC(label, args, spec, operands) {
    const scan = scanOptions(label, args, { ...spec, shortValue: `${spec.shortValue ?? ''}c`, longValue: [...(spec.longValue ?? []), '--command'] });
    if (!scan.ok)
        return unwrap_fail(scan.reason);
    let script = optionValue(scan, '-c', '--command');
    // `flock FILE -c CMD`: the option may follow the operands.
    const after = args[scan.index + Math.min(operands, args.length)];
    if (script === undefined && operands < args.length && (after?.value === '-c' || after?.value === '--command')) {
        const s = args[scan.index + operands + 1];
        if (s === undefined || s.dynamic)
            return unwrap_fail(`\`${label} -c\` is given a computed command`);
        script = s.value;
    }
    if (script !== undefined)
        return unwrap_wrap(`${label} -c`, 'gate', [{ kind: 'script', text: script }]);
    if (args.length - scan.index > operands)
        return unwrap_wrap(label, 'gate', [command(args.slice(scan.index + operands))]);
    return unwrap_wrap(label, 'gate', [{ kind: 'hidden', why: `\`${label}\` without a command starts an interactive shell` }]);
}
const HANDLERS = {
    timeout: simple('timeout', 'transparent', { shortValue: 'sk', shortFlags: 'v', longValue: ['--signal', '--kill-after'], longFlags: ['--preserve-status', '--foreground', '--verbose'] }, 1),
    nice: simple('nice', 'transparent', { shortValue: 'n', longValue: ['--adjustment'], numeric: true }),
    nohup: simple('nohup', 'transparent', {}),
    stdbuf: simple('stdbuf', 'transparent', { shortValue: 'ioe', longValue: ['--input', '--output', '--error'] }),
    time: simple('time', 'transparent', { shortFlags: 'pv', shortValue: 'f', longValue: ['--format'], longFlags: ['--portability', '--verbose'] }),
    builtin: simple('builtin', 'transparent', {}),
    noglob: simple('noglob', 'transparent', {}),
    exec: simple('exec', 'transparent', { shortValue: 'a', shortFlags: 'cl' }),
    command: (args) => {
        const scan = scanOptions('command', args, { shortFlags: 'pvV' });
        if (!scan.ok)
            return unwrap_fail(scan.reason);
        return hasOption(scan, '-v', '-V') ? null : rest('command', 'transparent', args, scan.index);
    },
    env: (args) => env(args),
    sudo: (args) => sudo(args),
    doas: (args) => {
        const scan = scanOptions('doas', args, { shortValue: 'uC', shortFlags: 'nsL' });
        if (!scan.ok)
            return unwrap_fail(scan.reason);
        if (hasOption(scan, '-s'))
            return unwrap_wrap('doas', 'gate', [{ kind: 'hidden', why: '`doas -s` starts a shell' }]);
        return rest('doas', 'gate', args, scan.index);
    },
    su: (args) => dashC('su', args, { shortValue: 'sgG', shortFlags: 'lmpPfw', longValue: ['--shell', '--group', '--supp-group', '--whitelist-environment'], longFlags: ['--login', '--preserve-environment', '--pty', '--fast'] }, Number.MAX_SAFE_INTEGER),
    script: (args) => dashC('script', args, { shortValue: 'ETIOBmo', shortFlags: 'aeqfk', longValue: ['--echo', '--log-timing', '--log-in', '--log-out', '--log-io', '--logging-format', '--output-limit'], longFlags: ['--append', '--return', '--quiet', '--flush', '--force'] }, Number.MAX_SAFE_INTEGER),
    flock: (args) => dashC('flock', args, { shortValue: 'wEn', shortFlags: 'sxunoFev', longValue: ['--timeout', '--wait', '--conflict-exit-code'], longFlags: ['--shared', '--exclusive', '--unlock', '--nonblock', '--close', '--no-fork', '--verbose'] }, 1),
    setsid: simple('setsid', 'gate', { shortFlags: 'cfw', longFlags: ['--ctty', '--fork', '--wait'] }),
    ionice: simple('ionice', 'gate', { shortValue: 'cn', shortFlags: 't', longValue: ['--class', '--classdata'], longFlags: ['--ignore'] }),
    chrt: simple('chrt', 'gate', { shortValue: 'TPD', shortFlags: 'bdfiormRva', longValue: ['--sched-runtime', '--sched-period', '--sched-deadline'], longFlags: ['--batch', '--deadline', '--fifo', '--idle', '--other', '--rr', '--reset-on-fork', '--verbose', '--all-tasks'] }, 1),
    taskset: simple('taskset', 'gate', { shortFlags: 'ac', longFlags: ['--all-tasks', '--cpu-list'] }, 1),
    unbuffer: simple('unbuffer', 'gate', { shortFlags: 'p' }),
    chroot: simple('chroot', 'gate', { longValue: ['--userspec', '--groups'], longFlags: ['--skip-chdir'] }, 1),
    busybox: (args) => (args.length === 0 ? null : unwrap_wrap('busybox', 'transparent', [command([...args])])),
    watch: (args) => {
        const scan = scanOptions('watch', args, { shortValue: 'nq', shortFlags: 'bcdegptwx', longValue: ['--interval', '--differences', '--equexit'], longFlags: ['--beep', '--color', '--no-color', '--errexit', '--chgexit', '--precise', '--no-title', '--no-wrap', '--exec', '--no-linewrap'] });
        if (!scan.ok)
            return unwrap_fail(scan.reason);
        if (hasOption(scan, '-x', '--exec'))
            return rest('watch', 'gate', args, scan.index);
        const script = joinStatic(args.slice(scan.index));
        if (script === null)
            return unwrap_fail('`watch` is given a computed command');
        return script === '' ? null : unwrap_wrap('watch', 'gate', [{ kind: 'script', text: script }]);
    },
    xargs: (args) => xargs(args),
    eval: (args) => {
        const script = joinStatic(args);
        if (script === null)
            return unwrap_fail('`eval` runs a command string computed at run time');
        return unwrap_wrap('eval', 'transparent', [{ kind: 'script', text: script }]);
    },
    trap: (args) => {
        const ops = args.filter((w) => !/^-[lp]$/.test(w.value) && w.value !== '--');
        const action = ops[0];
        if (action === undefined || ops.length === 1 || action.value === '-' || action.value === '')
            return null;
        if (action.dynamic)
            return unwrap_fail('`trap` is given an action computed at run time');
        return unwrap_wrap('trap', 'transparent', [{ kind: 'script', text: action.value }]);
    },
    alias: (args) => {
        const payloads = [];
        for (const w of args) {
            const eq = w.value.indexOf('=');
            if (eq <= 0)
                continue;
            if (w.dynamic)
                return unwrap_fail('`alias` is given a value computed at run time');
            payloads.push({ kind: 'script', text: w.value.slice(eq + 1) });
        }
        return payloads.length === 0 ? null : unwrap_wrap('alias', 'transparent', payloads);
    },
    source: () => unwrap_wrap('source', 'gate', [{ kind: 'hidden', why: '`source` runs a script file in the current shell' }]),
    hash: (args) => (args.some((w) => /^-[a-z]*p/.test(w.value)) ? unwrap_fail('`hash -p` changes which program a command name runs') : null),
    enable: (args) => (args.some((w) => /^-[a-z]*f/.test(w.value)) ? unwrap_fail('`enable -f` loads a builtin from a shared library') : null),
    runuser: (args) => dashC('runuser', args, { shortValue: 'ugGsw', shortFlags: 'lmpP', longValue: ['--user', '--group', '--supp-group', '--shell', '--whitelist-environment'], longFlags: ['--login', '--preserve-environment', '--pty'] }, 0),
    parallel: (args) => parallel(args),
    '.': () => unwrap_wrap('.', 'gate', [{ kind: 'hidden', why: '`.` runs a script file in the current shell' }]),
    sed: (args) => programWrapper('sed', sedEffects(args).payloads),
    awk: (args) => awk('awk', args),
    gawk: (args) => awk('gawk', args),
    mawk: (args) => awk('mawk', args),
    nawk: (args) => awk('nawk', args),
};
/**
 * GNU parallel runs its command (words up to `:::`) through a shell, once per input, with `{}`
 * replaced: the words are joined into a script, and `{}` (or the appended input) is dynamic.
 */
function parallel(args) {
    const scan = scanOptions('parallel', args, {
        shortValue: 'jNnSIEadC', shortFlags: 'kXmqvu0',
        longValue: ['--jobs', '--max-args', '--sshlogin', '--delay', '--timeout', '--retries', '--arg-file', '--colsep', '--joblog', '--results', '--tmpdir', '--delimiter', '--halt', '--memfree', '--load'],
        longFlags: ['--keep-order', '--quote', '--verbose', '--dry-run', '--null', '--line-buffer', '--ungroup', '--group', '--tag', '--pipe', '--bar', '--progress', '--eta', '--will-cite', '--no-notice'],
    });
    if (!scan.ok)
        return unwrap_fail(scan.reason);
    if (hasOption(scan, '-S', '--sshlogin', '--joblog', '--results', '--tmpdir'))
        return unwrap_fail('`parallel` with remote logins or output files is not supported by the analysis');
    const end = args.findIndex((w, i) => i >= scan.index && /^:::+\+?$/.test(w.value));
    const words = args.slice(scan.index, end === -1 ? undefined : end);
    if (words.length === 0)
        return unwrap_wrap('parallel', 'gate', [{ kind: 'hidden', why: '`parallel` runs commands read from its input' }]);
    if (words.some((w) => w.dynamic))
        return unwrap_fail('`parallel` is given a computed command');
    const script = words.map((w) => w.value).join(' ');
    // `{}`, `{.}`, `{1}` … stand for the input; without one, the input is appended.
    const placeholder = /\{(\d*|\.|\/|\/\/|\/\.|#|%)\}/g;
    const text = placeholder.test(script) ? script.replaceAll(placeholder, '"$PARALLEL_ARG"') : `${script} "$PARALLEL_ARG"`;
    return unwrap_wrap('parallel', 'gate', [{ kind: 'script', text }]);
}
/** sed and awk run commands their programs name: those are gate payloads (program-effects.ts). */
function programWrapper(name, payloads) {
    return payloads.length === 0 ? null : unwrap_wrap(name, 'gate', payloads);
}
function awk(name, args) {
    const { program, loadsCode, sandboxed } = awkProgram(args);
    if (sandboxed)
        return null;
    if (loadsCode)
        return programWrapper(name, [{ kind: 'hidden', why: `\`${name}\` loads its program or extensions from files` }]);
    if (program === null)
        return programWrapper(name, [{ kind: 'hidden', why: `\`${name}\` runs a program computed at run time` }]);
    return programWrapper(name, awkEffects(program).payloads);
}
/** What `words` runs, if it is a wrapper (null: an ordinary command). */
function unwrapCommand(cmd) {
    const [name, ...args] = cmd.words;
    if (name === undefined || name.dynamic)
        return null;
    const base = name.value.slice(name.value.lastIndexOf('/') + 1);
    const handler = HANDLERS[base];
    if (handler !== undefined)
        return handler(args, cmd.stdin);
    if (SHELLS.has(base))
        return shell(base, args, cmd.stdin);
    if (FOREIGN_SHELLS.has(base))
        return unwrap_wrap(base, 'gate', [{ kind: 'hidden', why: `\`${base}\` runs commands in a language other than Bash` }]);
    return execArguments(base, args) ?? runnerView(base, args);
}

;// CONCATENATED MODULE: ./lib/policy/bash/analyse-bash.js




const DEFAULT_LIMITS = { maxLength: 10_000, maxDepth: 256, maxCommands: 200, maxUnwrapDepth: 8 };
/** Shell reserved words: never a command name in a line bash accepts. */
const RESERVED = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'for', 'case', 'esac', 'select', 'function', 'in', 'coproc']);
class Analyser {
    limits;
    commands = [];
    variables = new Map();
    /** The first structural problem; once set, the analysis stops. */
    failure = null;
    constructor(limits) {
        this.limits = limits;
    }
    fail(reason) {
        this.failure ??= reason;
    }
    script(source, ctx) {
        const walk = walkBash(source, this.limits.maxDepth, this.limits.maxCommands);
        if (!walk.ok) {
            if (ctx.denyView)
                return this.hidden(`a command string that does not parse (${walk.reason})`, ctx);
            return this.fail(ctx.depth === 0 ? walk.reason : `the command string run by \`${ctx.wrappers.at(-1) ?? ''}\`: ${walk.reason}`);
        }
        for (const event of walk.events) {
            if (this.failure !== null)
                return;
            if (event.kind === 'command')
                this.command(event.command, ctx);
            else if (event.kind === 'assign')
                this.assign(event.name, event.values, ctx);
        }
    }
    assign(name, values, ctx) {
        if (!ctx.denyView && isUnsafeVariable(name))
            return this.fail(`it sets \`${name}\`, which can make later commands load or run other code`);
        const known = this.variables.get(name);
        if (known === null)
            return;
        if (values === null)
            this.variables.set(name, null);
        else if (known === undefined)
            this.variables.set(name, { values: [...values], firstSeq: this.commands.length });
        else
            known.values.push(...values);
    }
    /** Adds a command; returns its index, or -1 over the budget. */
    push(cmd) {
        if (this.commands.length >= this.limits.maxCommands) {
            this.fail(`it has more than ${this.limits.maxCommands} simple commands (after unwrapping), more than the analysis checks`);
            return -1;
        }
        const argv = cmd.words.map((w) => w.value);
        this.commands.push({ ...cmd, argv, text: cmd.text ?? argv.join(' ') });
        return this.commands.length - 1;
    }
    hidden(why, ctx) {
        this.push({ words: [dynamicWord('<hidden>')], text: why, wrappers: ctx.wrappers, env: [], redirects: [], role: 'hidden', wrapperKind: null, parent: ctx.parent });
    }
    command(parsed, ctx) {
        const base = { wrappers: ctx.wrappers, parent: ctx.parent };
        if (parsed.role === 'redirect') {
            this.push({ ...base, words: [], text: '(redirection)', env: [], redirects: parsed.redirects, role: 'redirect', wrapperKind: null });
            return;
        }
        const name = parsed.words[0];
        if (name === undefined)
            return;
        if (!ctx.denyView) {
            const unsafe = parsed.env.find((a) => isUnsafeVariable(a.name));
            if (unsafe !== undefined)
                return this.fail(`it sets \`${unsafe.name}\` for \`${parsed.words.map((w) => w.value).join(' ')}\`, which can make it load or run other code`);
        }
        if (name.dynamic || name.glob) {
            if (ctx.denyView)
                return this.hidden(`a command named at run time: ${name.value}`, ctx);
            return this.fail(`the command name \`${name.value}\` is computed at run time, so the policy cannot check it`);
        }
        if (RESERVED.has(name.value) && !ctx.denyView) {
            // Bash would reject the line (`nice while …`); the grammar accepted it, so its reading is not bash's.
            return this.fail(`the reserved word \`${name.value}\` stands where a command name should be`);
        }
        const unwrapped = unwrapCommand({ words: parsed.words, stdin: parsed.stdin });
        const wrapperKind = unwrapped?.ok === true && unwrapped.kind !== 'runner' ? unwrapped.kind : null;
        const role = ctx.denyView ? 'deny-view' : wrapperKind === null ? 'command' : 'wrapper';
        const files = unwrapped?.ok === true ? unwrapped.files : [];
        const index = this.push({ ...base, words: parsed.words, env: parsed.env, redirects: files.length === 0 ? parsed.redirects : [...parsed.redirects, ...files], role, wrapperKind });
        if (unwrapped !== null && index !== -1)
            this.payloads(unwrapped, index, ctx);
    }
    payloads(unwrapped, index, ctx) {
        if (!unwrapped.ok) {
            if (ctx.denyView)
                return this.hidden(unwrapped.reason, { ...ctx, parent: index });
            return this.fail(unwrapped.reason);
        }
        if (ctx.depth + 1 > this.limits.maxUnwrapDepth) {
            return this.fail(`it nests more than ${this.limits.maxUnwrapDepth} wrappers (\`${[...ctx.wrappers, unwrapped.label].join('` in `')}\`)`);
        }
        for (const b of unwrapped.bindings)
            this.assign(b.name, b.values, { ...ctx, denyView: true });
        const inner = { wrappers: [...ctx.wrappers, unwrapped.label], parent: index, depth: ctx.depth + 1, denyView: ctx.denyView || unwrapped.kind === 'runner' };
        for (const p of unwrapped.payloads) {
            if (this.failure !== null)
                return;
            if (p.kind === 'command')
                this.command({ ...splitAssignments(p.words, p.env), redirects: [], stdin: p.stdin, role: 'command' }, inner);
            else if (p.kind === 'script')
                this.script(p.text, inner);
            else
                this.hidden(p.why, inner);
        }
    }
}
/**
 * Leading `NAME=value` words of a payload are assignments, not its name: `time FOO=1 rm x` runs
 * rm (`time` is a keyword). For other wrappers such a word would name a program that does not
 * exist, so reading it as an assignment can only make the deny check stricter.
 */
function splitAssignments(words, env) {
    let i = 0;
    const assignments = [...env];
    for (; i < words.length - 1; i++) {
        const w = words[i];
        const m = /^([A-Za-z_]\w*)=([\s\S]*)$/.exec(w.value);
        if (m === null || w.dynamic)
            break;
        assignments.push({ name: m[1], value: literalWord(m[2]) });
    }
    return i === 0 ? { words, env } : { words: words.slice(i), env: assignments };
}
/** Every simple command in `command`, or the structural reason the analysis gave up. */
function analyseBash(command, limits = {}) {
    const budget = { ...DEFAULT_LIMITS, ...limits };
    if (command.length > budget.maxLength) {
        return { ok: false, reason: `it is ${command.length} characters long; the analysis checks at most ${budget.maxLength}`, commands: [] };
    }
    const analyser = new Analyser(budget);
    analyser.script(command, { wrappers: [], parent: null, depth: 0, denyView: false });
    if (analyser.failure !== null)
        return { ok: false, reason: analyser.failure, commands: analyser.commands };
    const variables = new Map();
    for (const [name, v] of analyser.variables)
        if (v !== null)
            variables.set(name, v);
    return { ok: true, commands: analyser.commands, variables };
}

;// CONCATENATED MODULE: ./lib/policy/bash/bash-rule-match.js
/** Stands for "any string" in both patterns and command texts (NUL never occurs in a command). */
const WILD = '\0';
const cache = new Map();
/** Compiles a specifier; `null` (the bare `Bash` rule) matches everything. */
function compileBashPattern(specifier) {
    const key = specifier ?? '\0';
    const hit = cache.get(key);
    if (hit !== undefined)
        return hit;
    const compiled = compile(specifier);
    if (cache.size > 1000)
        cache.clear();
    cache.set(key, compiled);
    return compiled;
}
function compile(specifier) {
    const spec = (specifier ?? '*').replaceAll(WILD, '');
    let alternatives;
    if (spec === '*' || spec === '')
        alternatives = spec === '' ? [''] : [WILD];
    else if (spec.endsWith(':*'))
        alternatives = boundary(spec.slice(0, -2));
    else if (spec.endsWith(' *'))
        alternatives = boundary(spec.slice(0, -2));
    else
        alternatives = [spec.replaceAll('*', WILD)];
    // A `*` absorbs dynamic words too (NULs in the text); a literal never matches one.
    const source = alternatives
        .map((alt) => alt.split(WILD).map((lit) => lit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*'))
        .join('|');
    return { alternatives, regex: new RegExp(`^(?:${source})$`) };
}
/** `prefix *`: the prefix alone, or the prefix, a space and anything. */
function boundary(prefix) {
    const p = prefix.replaceAll('*', WILD);
    return [p, `${p} ${WILD}`];
}
/** Allow: does the pattern match `text` for every value of its dynamic parts (NULs)? */
function patternMatchesText(pattern, text) {
    return pattern.regex.test(text);
}
/** Deny and ask: is there a value of the text's wildcards (NULs) for which the pattern matches? */
function patternMayMatch(pattern, text) {
    if (!text.includes(WILD))
        return pattern.regex.test(text);
    return pattern.alternatives.some((alt) => intersects(alt, text));
}
/** Do two patterns over the same alphabet, WILD meaning any string, share a string? */
function intersects(a, b) {
    const n = a.length;
    const m = b.length;
    const width = m + 1;
    const seen = new Uint8Array((n + 1) * width);
    const stack = [0];
    seen[0] = 1;
    const push = (i, j) => {
        const k = i * width + j;
        if (seen[k] === 0) {
            seen[k] = 1;
            stack.push(k);
        }
    };
    while (stack.length > 0) {
        const k = stack.pop();
        const i = Math.floor(k / width);
        const j = k % width;
        if (i === n && j === m)
            return true;
        const ca = a[i];
        const cb = b[j];
        if (ca === WILD) {
            push(i + 1, j);
            if (j < m)
                push(i, j + 1);
        }
        if (cb === WILD) {
            push(i, j + 1);
            if (i < n)
                push(i + 1, j);
        }
        if (ca !== undefined && cb !== undefined && ca !== WILD && cb !== WILD && ca === cb)
            push(i + 1, j + 1);
    }
    return false;
}
/** How a rule reads in messages, with its reason when it has one. */
function describeBashRule(rule) {
    return rule.reason === undefined || rule.reason === '' ? rule.text : `${rule.text} (${rule.reason})`;
}

;// CONCATENATED MODULE: ./lib/policy/bash/file-commands.js



const WRITERS = {
    rm: { values: '', operands: 'write', known: 'fiIrRdv', knownLong: ['--force', '--interactive', '--recursive', '--dir', '--verbose', '--one-file-system', '--preserve-root', '--no-preserve-root'] },
    rmdir: { values: '', operands: 'write', known: 'pv', knownLong: ['--parents', '--verbose', '--ignore-fail-on-non-empty'] },
    mkdir: { values: 'm', longValues: ['--mode'], operands: 'write', known: 'pvZ', knownLong: ['--parents', '--verbose'] },
    touch: { values: 'drt', longValues: ['--date', '--reference', '--time'], readValue: ['-r', '--reference'], operands: 'write', known: 'acmhf', knownLong: ['--no-create', '--no-dereference'] },
    mv: { values: 'St', longValues: ['--suffix', '--target-directory'], writeValue: ['-t', '--target-directory'], operands: 'write', known: 'finuvbTZ', knownLong: ['--force', '--interactive', '--no-clobber', '--update', '--verbose', '--backup', '--no-target-directory', '--strip-trailing-slashes'] },
    cp: { values: 'St', longValues: ['--suffix', '--target-directory', '--sparse', '--no-preserve'], writeValue: ['-t', '--target-directory'], operands: 'last-write', known: 'abdfiHlLnPpRrsTuvxZ', knownLong: ['--archive', '--backup', '--force', '--interactive', '--link', '--dereference', '--no-clobber', '--no-dereference', '--preserve', '--parents', '--recursive', '--reflink', '--remove-destination', '--symbolic-link', '--no-target-directory', '--update', '--verbose', '--one-file-system', '--attributes-only', '--strip-trailing-slashes'] },
    ln: { values: 'St', longValues: ['--suffix', '--target-directory'], writeValue: ['-t', '--target-directory'], operands: 'link', known: 'sfnrvbiLPT', knownLong: ['--symbolic', '--force', '--no-dereference', '--relative', '--verbose', '--backup', '--interactive', '--logical', '--physical', '--no-target-directory'] },
    tee: { values: '', operands: 'write', known: 'aip', knownLong: ['--append', '--ignore-interrupts', '--output-error'] },
    truncate: { values: 'sr', longValues: ['--size', '--reference'], readValue: ['-r', '--reference'], operands: 'write', known: 'co', knownLong: ['--no-create', '--io-blocks'] },
    chmod: { values: '', longValues: ['--reference'], operands: 'after-first', known: 'Rvcfh', knownLong: ['--recursive', '--verbose', '--changes', '--silent', '--quiet', '--no-dereference', '--preserve-root'] },
    chown: { values: '', longValues: ['--reference', '--from'], operands: 'after-first', known: 'RvcfhHLP', knownLong: ['--recursive', '--verbose', '--changes', '--silent', '--quiet', '--no-dereference', '--dereference', '--preserve-root'] },
    chgrp: { values: '', longValues: ['--reference'], operands: 'after-first', known: 'RvcfhHLP', knownLong: ['--recursive', '--verbose', '--changes', '--silent', '--quiet', '--no-dereference', '--dereference'] },
    install: { values: 'gmoStT', longValues: ['--group', '--mode', '--owner', '--suffix', '--target-directory'], writeValue: ['-t', '--target-directory'], operands: 'last-write', known: 'bcCdDpsvZ', knownLong: ['--backup', '--compare', '--directory', '--preserve-timestamps', '--strip', '--verbose'] },
    curl: { values: 'oHdXuAeEKrTwxyzbcCFmQ', longValues: ['--output', '--header', '--data', '--request', '--user', '--user-agent', '--url', '--config'], writeValue: ['-o', '--output', '-c', '--cookie-jar'], readValue: ['-K', '--config', '-T', '--upload-file'], operands: 'none', known: '' },
    sort: { values: 'kStTo', longValues: ['--output', '--key', '--field-separator', '--buffer-size', '--temporary-directory', '--parallel', '--random-source', '--sort', '--files0-from', '--compress-program', '--batch-size'], writeValue: ['-o', '--output', '-T', '--temporary-directory'], operands: 'none', known: 'bdfgiMhnRrVcCmsuz' },
    rsync: { values: 'eBfT', longValues: ['--rsh', '--exclude', '--include', '--filter', '--log-file', '--temp-dir', '--partial-dir', '--backup-dir', '--password-file', '--files-from', '--rsync-path', '--chmod'], writeValue: ['--log-file', '-T', '--temp-dir', '--partial-dir', '--backup-dir'], readValue: ['--password-file', '--files-from'], operands: 'last-write', known: 'avzrlptgoDhPnuqcSHAXWxRiOJ' },
    shred: { values: 'nsx', longValues: ['--iterations', '--size', '--random-source'], operands: 'write', known: 'fuvxz', knownLong: ['--force', '--remove', '--verbose', '--exact', '--zero'] },
    unlink: { values: '', operands: 'write', known: '' },
    mkfifo: { values: 'mZ', operands: 'write', known: '' },
    sponge: { values: '', operands: 'write', known: 'a' },
    gzip: { values: 'S', operands: 'write', known: 'cdfklnNqrtv123456789' },
    gunzip: { values: 'S', operands: 'write', known: 'cdfklnNqrtv' },
    bzip2: { values: '', operands: 'write', known: 'cdfkqstvz123456789' },
    xz: { values: 'TM', operands: 'write', known: 'cdfklqtvz0123456789e' },
    zstd: { values: 'oT', writeValue: ['-o'], operands: 'write', known: 'cdfkqrtv0123456789' },
    tree: { values: 'oLPIH', writeValue: ['-o'], operands: 'none', known: 'adfilpsughDFqNQrtvUxCAS' },
    wget: { values: 'OoaPUeTtwiBcQ', longValues: ['--output-document', '--output-file', '--directory-prefix', '--input-file', '--user-agent'], writeValue: ['-O', '--output-document', '-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix'], readValue: ['-i', '--input-file'], operands: 'none', known: '' },
};
/** Reads and writes of a file-writing command; null when `cmd` is not one. */
function fileAccess(cmd) {
    const [name, ...args] = cmd.words;
    if (name === undefined || name.dynamic)
        return null;
    const base = name.value.slice(name.value.lastIndexOf('/') + 1);
    if (base === 'dd')
        return ddAccess(args);
    if (base === 'sed')
        return sedAccess(args);
    if (['awk', 'gawk', 'mawk', 'nawk'].includes(base))
        return awkAccess(args);
    if (base === 'find')
        return findWrites(args);
    if (['tar', 'unzip', 'patch', '7z', 'cpio'].includes(base))
        return extraction(base, args);
    const spec = base === 'git' ? gitSpec(args) : WRITERS[base];
    if (spec === undefined)
        return null;
    const writes = [];
    const reads = [];
    const operands = [];
    let understood = true;
    let noPreserveRoot = false;
    let endOfOptions = false;
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        const v = w.value;
        if (endOfOptions || w.dynamic || !v.startsWith('-') || v === '-') {
            operands.push(w);
            continue;
        }
        if (v === '--') {
            endOfOptions = true;
            continue;
        }
        let opt = v;
        let value;
        if (v.startsWith('--')) {
            const eq = v.indexOf('=');
            opt = expandLong(eq === -1 ? v : v.slice(0, eq), [...(spec.longValues ?? []), ...(spec.knownLong ?? [])]);
            if (opt === '--no-preserve-root')
                noPreserveRoot = true;
            if (spec.longValues?.includes(opt) === true)
                value = eq === -1 ? args[++i] : { ...w, value: v.slice(eq + 1) };
            else if (spec.knownLong?.includes(opt) !== true)
                understood = false;
        }
        else {
            for (let k = 1; k < v.length; k++) {
                const c = v[k];
                if (spec.values.includes(c)) {
                    opt = `-${c}`;
                    value = k + 1 < v.length ? { ...w, value: v.slice(k + 1) } : args[++i];
                    break;
                }
                if (!spec.known.includes(c))
                    understood = false;
            }
        }
        if (value === undefined)
            continue;
        if (spec.writeValue?.includes(opt) === true)
            writes.push(value);
        if (spec.readValue?.includes(opt) === true)
            reads.push(value);
    }
    const targetDir = spec.writeValue !== undefined && writes.length > 0 && ['mv', 'cp', 'ln', 'install'].includes(base);
    switch (spec.operands) {
        case 'write':
            writes.push(...operands);
            break;
        case 'after-first':
            writes.push(...operands.slice(1));
            break;
        case 'last-write':
            if (targetDir)
                reads.push(...operands);
            else {
                reads.push(...operands.slice(0, -1));
                writes.push(...operands.slice(-1));
            }
            break;
        case 'link':
            if (targetDir)
                reads.push(...operands);
            else if (operands.length === 1) {
                reads.push(...operands);
                const only = operands[0];
                writes.push(only.dynamic ? only : literalWord(only.value.slice(only.value.lastIndexOf('/') + 1)));
            }
            else {
                reads.push(...operands.slice(0, -1));
                writes.push(...operands.slice(-1));
            }
            break;
        case 'none':
            break; // only their options write (`curl -o`, `sort -o`)
    }
    return { writes, reads, understood, noPreserveRoot };
}
function ddAccess(args) {
    const writes = [];
    const reads = [];
    for (const w of args) {
        const m = /^(if|of)=([\s\S]*)$/.exec(w.value);
        if (m === null)
            continue;
        const file = w.dynamic ? w : literalWord(m[2]);
        (m[1] === 'of' ? writes : reads).push(file);
    }
    return { writes, reads, understood: false, noPreserveRoot: false };
}
const writesOnly = (writes) => (writes.length === 0 ? null : { writes, reads: [], understood: false, noPreserveRoot: false });
/**
 * Archive extraction and patching write files named inside the archive or patch, which the
 * analysis cannot see (one entry could be `.git/hooks/pre-commit`): a write of unknown files.
 */
function extraction(base, args) {
    const first = args.find((w) => !w.dynamic)?.value ?? '';
    const extracts = (base === 'tar' && (args.some((w) => /^--(extract|get)$|^-[A-Za-z]*x/.test(w.value)) || /^[A-Za-z]*x[A-Za-z]*$/.test(first))) ||
        (base === 'unzip' && !args.some((w) => /^-[A-Za-z]*[lvtZ]/.test(w.value))) ||
        base === 'patch' || (base === '7z' && first === 'x') || (base === 'cpio' && args.some((w) => /^-[A-Za-z]*i|^--extract$/.test(w.value)));
    return extracts ? writesOnly([dynamicWord(`<files extracted by ${base}>`)]) : null;
}
/** `find -delete` removes files only known at run time; `-fprint F`, `-fls F` … write F. */
function findWrites(args) {
    const writes = [];
    for (let i = 0; i < args.length; i++) {
        const v = args[i].value;
        if (v === '-delete')
            writes.push(dynamicWord('<files found by find -delete>'));
        else if (['-fprint', '-fprint0', '-fprintf', '-fls'].includes(v) && args[i + 1] !== undefined)
            writes.push(args[++i]);
    }
    return writesOnly(writes);
}
/** `git diff/log/show --output=F`, `git format-patch -o DIR`: files git writes. */
function gitSpec(args) {
    const patch = args.some((a) => a.value === 'format-patch');
    return { values: patch ? 'o' : '', longValues: ['--output', '--output-directory'], writeValue: ['-o', '--output', '--output-directory'], operands: 'none', known: '' };
}
/** awk programs: files they write (`print > "f"`) and read (`getline < "f"`). */
function awkAccess(args) {
    const { program } = awkProgram(args);
    if (program === null)
        return null;
    const effects = awkEffects(program);
    return effects.writes.length + effects.reads.length === 0 ? null : { writes: effects.writes, reads: effects.reads, understood: false, noPreserveRoot: false };
}
/** sed: `-i` rewrites every file operand; `w`/`r` commands in the script write and read files. */
function sedAccess(args) {
    const effects = sedEffects(args);
    const sed = sedArguments(args);
    const inPlace = sed.inPlace ? sed.files : [];
    if (inPlace.length + effects.writes.length + effects.reads.length === 0)
        return null;
    return { writes: [...inPlace, ...effects.writes], reads: effects.reads, understood: false, noPreserveRoot: false };
}

;// CONCATENATED MODULE: ./lib/policy/bash/match-texts.js


const piece = (w) => (w.dynamic ? WILD : w.value);
/** The one text allow rules are matched against; null when no allow rule may match at all. */
function allowText(cmd) {
    const name = cmd.words[0];
    if (name === undefined || name.dynamic || /\s/.test(name.value))
        return null;
    const env = cmd.env.filter((a) => !isSafeVariable(a.name)).map((a) => `${a.name}=${piece(a.value)}`);
    return [...env, ...cmd.words.map(piece)].join(' ');
}
/** Global options (those taking a value) of tools whose subcommand deny rules name. */
const GLOBAL_OPTIONS = {
    git: new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--exec-path', '--list-cmds']),
    npm: new Set(['--prefix', '-C', '--workspace', '-w', '--loglevel', '--registry', '--userconfig', '--cache', '--otp']),
    pnpm: new Set(['--dir', '-C', '--filter', '-F', '--workspace-dir', '--loglevel']),
    yarn: new Set(['--cwd', '--modules-folder', '--cache-folder']),
    docker: new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey']),
    podman: new Set(['--connection', '-c', '--url', '--remote', '--root', '--runroot', '--log-level']),
    kubectl: new Set(['-n', '--namespace', '--context', '--kubeconfig', '-s', '--server', '--cluster', '--user', '--token']),
    cargo: new Set(['--config', '-Z', '-C', '--color']),
    gh: new Set(['-R', '--repo', '--hostname']),
};
/** `git -C . -c k=v push` → `git push` (over-approximating: unknown options are dropped too). */
function dropGlobalOptions(words) {
    const withValue = GLOBAL_OPTIONS[words[0] ?? ''];
    if (withValue === undefined)
        return words;
    let i = 1;
    while (i < words.length) {
        const w = words[i];
        if (w === WILD || !(w.startsWith('-') || (words[0] === 'cargo' && w.startsWith('+'))))
            break;
        i += withValue.has(w) ? 2 : 1;
    }
    return [words[0], ...words.slice(i)];
}
const LONG_ALIASES = {
    rm: { '--recursive': '-r', '-R': '-r', '--force': '-f', '--dir': '-d', '--verbose': '-v', '--interactive=never': '-f' },
    cp: { '--recursive': '-r', '-R': '-r', '--force': '-f' },
    git: { '--force': '-f', '--delete': '-d', '--all': '-a' },
    chmod: { '--recursive': '-R' },
    chown: { '--recursive': '-R' },
};
/** Flags first (clusters split, aliases mapped, sorted, deduplicated), then operands in order. */
function canonicalWords(words) {
    const name = words[0];
    if (name === undefined)
        return [];
    const aliases = LONG_ALIASES[name] ?? {};
    const flags = new Set();
    const operands = [];
    let endOfOptions = false;
    for (const w of words.slice(1)) {
        if (endOfOptions || w === WILD || w.includes('*') || !w.startsWith('-') || w === '-') {
            operands.push(w);
        }
        else if (w === '--') {
            endOfOptions = true;
        }
        else if (/^-[A-Za-z]{2,}$/.test(w)) {
            for (const c of w.slice(1))
                flags.add(aliases[`-${c}`] ?? `-${c}`);
        }
        else {
            flags.add(aliases[w] ?? w);
        }
    }
    return [name, ...[...flags].sort(), ...operands];
}
/** A specifier canonicalised like a command (the trailing ` *` / `:*` keeps its meaning). */
function canonicalSpecifier(specifier) {
    if (specifier === null)
        return null;
    const legacy = specifier.endsWith(':*');
    const body = legacy ? specifier.slice(0, -2) : specifier;
    const words = body.split(' ').filter((w) => w !== '');
    if (words.length === 0)
        return specifier;
    const canonical = canonicalWords(words).join(' ');
    return legacy ? `${canonical}:*` : canonical;
}
const basename = (w) => (w === WILD ? w : w.slice(w.lastIndexOf('/') + 1));
function denyTexts(cmd) {
    const words = cmd.words.map(piece);
    const plain = new Set([words.join(' ')]);
    if (cmd.env.length > 0)
        plain.add([...cmd.env.map((a) => `${a.name}=${piece(a.value)}`), ...words].join(' '));
    const base = words.length > 0 ? [basename(words[0]), ...words.slice(1)] : words;
    plain.add(base.join(' '));
    const core = dropGlobalOptions(base);
    plain.add(core.join(' '));
    return { plain: [...plain], canonical: canonicalWords(core).join(' ') };
}

;// CONCATENATED MODULE: ./lib/policy/bash/path-checks.js
/**
 * Judging the files a command line touches: redirect targets and writer operands as writes,
 * reader operands as reads, through the policy's PathJudge. Relative paths resolve against every
 * directory a `cd` earlier in the line may have moved to (CVE-2026-25722: `cd .claude && echo x >
 * settings.json`); after a `cd` to a place only known at run time, relative paths cannot be judged.
 * A path the analysis cannot resolve (a variable, `~`) is denied, never assumed harmless.
 */


const MAX_DIRECTORIES = 16;
const NO_FILE = /^\/dev\/(null|stdin|stdout|stderr|fd\/\d+|zero|tty)$/;
const NETWORK = /^\/dev\/(tcp|udp)\//;
const deny = (reason, rule = null) => ({ behavior: 'deny', rule, reason });
class PathChecker {
    judge;
    workspace;
    variables;
    judgeTree;
    /** Directories the shell may be in; null once a `cd` went somewhere unknown. */
    directories;
    constructor(judge, workspace, variables, judgeTree) {
        this.judge = judge;
        this.workspace = workspace;
        this.variables = variables;
        this.judgeTree = judgeTree;
        this.directories = [workspace];
    }
    /** The values a dynamic word can take at the command with index `seq` (null: unknown). */
    resolverAt(seq) {
        return (w) => {
            if (w.variable === null)
                return null;
            const entry = this.variables.get(w.variable.name);
            if (entry === undefined || entry.firstSeq > seq)
                return null;
            const quoted = w.variable.quoted;
            if (!quoted && entry.values.some((v) => /\s/.test(v.value)))
                return null;
            return entry.values.map((v) => (quoted ? v : { ...v, glob: v.glob || /[*?[]/.test(v.value) }));
        };
    }
    /** Is the shell surely inside the workspace (for git, whose hooks and config live per repo)? */
    insideWorkspace() {
        return this.directories !== null && this.directories.every((d) => within(this.workspace, d));
    }
    /** Follows `cd DIR` (or `pushd`); `popd`, `cd -`, `cd ~` or a computed directory lose track. */
    changeDirectory(target, resolve) {
        if (this.directories === null)
            return;
        const values = target === undefined ? null : target.dynamic ? resolve(target) : [target];
        if (values === null || values.some((v) => v.tilde || v.glob || v.value === '-' || v.dynamic)) {
            this.directories = null;
            return;
        }
        const next = new Set(this.directories);
        for (const dir of this.directories)
            for (const v of values)
                next.add((0,external_node_path_.resolve)(dir, v.value));
        this.directories = next.size > MAX_DIRECTORIES ? null : [...next];
    }
    /**
     * Would removing `word` hit a critical path: `/`, a direct child of `/`, the home directory, the
     * workspace or one of its parents, or a glob or trailing slash right under a variable
     * (`rm -rf "$DIR"/*`, where the variable may be empty)?
     */
    isCriticalRemoval(word) {
        const v = word.value;
        if (word.dynamic)
            return /^["']?\$\{?\w+\}?["']?\/(\*|\.?\*)?$/.test(v);
        if (word.tilde)
            return /^~[^/]*\/?(\*)?$/.test(v);
        const bases = (0,external_node_path_.isAbsolute)(v) ? ['/'] : (this.directories ?? [this.workspace]);
        return bases.some((base) => {
            const abs = (0,external_node_path_.resolve)(base, v.replace(/(^|\/)\*$/, '$1.'));
            return abs === '/' || (0,external_node_path_.resolve)(abs, '..') === '/' || within(abs, this.workspace);
        });
    }
    /** The first denial among the accesses of `word`, or null when every one is allowed. */
    check(kind, word, resolve) {
        if (word.pipe)
            return null;
        const verb = kind === 'write' ? 'write to' : 'read';
        let values;
        if (word.dynamic) {
            const resolved = resolve(word);
            if (resolved === null && isInputWord(word))
                return null; // a file list from a pipe: the sandbox's job
            if (resolved === null)
                return deny(`it would ${verb} \`${word.value}\`, which is only known at run time, so Read and Edit rules cannot be checked`);
            values = resolved;
        }
        else {
            values = [word];
        }
        for (const v of values) {
            const d = this.checkValue(kind, v, verb);
            if (d !== null)
                return d;
        }
        return null;
    }
    checkValue(kind, word, verb) {
        const value = word.value;
        if (word.tilde)
            return deny(`it would ${verb} \`${value}\` under the home directory (\`~\`), which this check cannot resolve; use an absolute path`);
        if (NETWORK.test(value))
            return deny(`it would open a network connection through \`${value}\``);
        if (NO_FILE.test(value))
            return null;
        if (value === '')
            return deny(`it would ${verb} an empty path`);
        const bases = (0,external_node_path_.isAbsolute)(value) ? ['/'] : this.directories;
        if (bases === null)
            return deny(`it would ${verb} \`${value}\` relative to a directory a \`cd\` chose at run time`);
        for (const base of bases) {
            const abs = (0,external_node_path_.resolve)(base, value);
            const d = word.glob ? this.checkGlob(kind, abs, verb) : this.judgeOne(kind, abs);
            if (d !== null)
                return d;
        }
        return null;
    }
    /**
     * A glob is judged as written (the judge sees the pattern as a path). A pattern that could match
     * a dot-file (`.e*`) is refused: protected and secret files are mostly dot-files, and bash globs
     * match them only when the dot is written. Other patterns (`src/*.ts`) are best effort: the judge
     * cannot expand them, so a deny on a `secrets` directory is not seen through a pattern such as
     * `s?crets/key` (the sandbox is).
     */
    checkGlob(kind, abs, verb) {
        if (abs.split('/').some((s) => /[*?[]/.test(s) && s.startsWith('.')))
            return deny(`it would ${verb} \`${abs}\`, a pattern that can match hidden files, which this check cannot resolve`);
        // `dir/**` (what find's `{}` stands for) is everything beneath dir: a tree.
        if (abs.endsWith('/**') && !/[*?[]/.test(abs.slice(0, -3)))
            return this.judgeOne(kind === 'write' ? 'write' : 'tree', abs.slice(0, -3) || '/');
        return this.judgeOne(kind, abs);
    }
    judgeOne(kind, abs) {
        const d = kind === 'tree' ? (this.judgeTree?.(abs) ?? this.judge('read', abs)) : this.judge(kind, abs);
        return d.behavior === 'deny' ? d : null;
    }
}
function within(root, path) {
    const rel = (0,external_node_path_.relative)(root, path);
    return rel === '' || (!rel.startsWith('..') && !(0,external_node_path_.isAbsolute)(rel));
}

;// CONCATENATED MODULE: ./lib/policy/bash/read-only-spec.js


const notReadOnly = (reason, reads = []) => ({ readOnly: false, reason, reads, treeReads: [] });
const readOnly = (reads = [], treeReads = []) => ({ readOnly: true, reason: null, reads, treeReads });
/** Checks `args` (words after the command name) against `spec`. */
function checkSpec(name, args, spec, resolve) {
    const operands = [];
    const fileValues = [];
    const seen = new Set();
    let problem = null;
    const knownLong = [...(spec.long ?? []), ...(spec.longValue ?? []), ...(spec.longOptional ?? []), ...Object.keys(spec.forbidden ?? {}).filter((o) => o.startsWith('--'))];
    const flag = (problemText) => {
        problem ??= problemText;
    };
    // Inert commands whose operands are not files (`echo`, `test`, `set`) take any option.
    let endOfOptions = spec.inert === true && spec.operands === 'any';
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        const v = w.value;
        if (endOfOptions || w.dynamic || !v.startsWith('-') || v === '-') {
            operands.push(w);
            continue;
        }
        if (v === '--') {
            endOfOptions = true;
            continue;
        }
        const takeValue = (opt, attached) => {
            const value = attached ?? args[++i];
            if (value === undefined)
                return flag(`\`${name} ${opt}\` is missing its value`);
            const word = typeof value === 'string' ? { ...w, value, glob: false } : value;
            if (typeof value !== 'string' && value.dynamic && spec.inert !== true)
                flag(`\`${name} ${opt}\` is given a value computed at run time`);
            if (spec.fileValues?.includes(opt) === true)
                fileValues.push(word);
        };
        if (v.startsWith('--')) {
            const eq = v.indexOf('=');
            const opt = expandLong(eq === -1 ? v : v.slice(0, eq), knownLong);
            seen.add(opt);
            const why = spec.forbidden?.[opt];
            if (why !== undefined)
                flag(`\`${name} ${opt}\` ${why}`);
            else if (spec.longValue?.includes(opt) === true)
                takeValue(opt, eq === -1 ? null : v.slice(eq + 1));
            else if (spec.longOptional?.includes(opt) === true || (spec.long?.includes(opt) === true && eq === -1))
                continue;
            else
                flag(`\`${name} ${opt}\` is not an option the read-only list knows`);
            continue;
        }
        if (spec.numeric === true && /^-\d+$/.test(v))
            continue;
        for (let k = 1; k < v.length; k++) {
            const opt = `-${v[k]}`;
            seen.add(opt);
            const why = spec.forbidden?.[opt];
            if (why !== undefined) {
                flag(`\`${name} ${opt}\` ${why}`);
                break;
            }
            if (spec.valueFlags?.includes(opt.slice(1)) === true) {
                takeValue(opt, k + 1 < v.length ? v.slice(k + 1) : null);
                break;
            }
            if (spec.flags?.includes(opt.slice(1)) !== true) {
                flag(`\`${name} ${opt}\` is not an option the read-only list knows`);
                break;
            }
        }
    }
    let files = operands;
    if (spec.operands === 'pattern-files' && !(spec.patternOptions ?? []).some((o) => seen.has(o)))
        files = operands.slice(1);
    if (spec.operands === 'any' || spec.operands === 'none')
        files = [];
    if (spec.operands === 'none' && operands.length > 0)
        flag(`\`${name}\` with operands is not read-only`);
    if (spec.maxOperands !== undefined && operands.length > spec.maxOperands)
        flag(`\`${name}\` with ${operands.length} operands writes to the last one`);
    const reads = [...fileValues];
    for (const w of operands) {
        const isFile = files.includes(w);
        if (!w.dynamic) {
            if (w.glob && spec.inert !== true)
                flag(`\`${name}\` with the unquoted glob \`${w.value}\` (it could expand to an option)`);
            if (isFile)
                reads.push(w);
            continue;
        }
        if (w.pipe)
            continue; // <(…) names a pipe; its command is judged on its own
        // The word itself goes to the path check, which resolves it or refuses what it cannot resolve.
        if (isFile)
            reads.push(w);
        const values = resolve(w);
        if (values === null) {
            // An inert reader may take file names from a pipe (`xargs grep -l x`); the path check
            // refuses every other unresolved file name.
            const harmless = spec.inert === true && (!isFile || isInputWord(w));
            if (!harmless)
                flag(`\`${name}\` is given \`${w.value}\`, which is only known at run time`);
            continue;
        }
        if (spec.inert !== true && values.some((x) => x.value.startsWith('-')))
            flag(`\`${name}\` is given \`${w.value}\`, which could be read as an option`);
    }
    const recursive = spec.recursive === 'always' || (spec.recursive ?? []).some((o) => seen.has(o));
    const cwdDefault = spec.defaultsToCwd === true || (spec.defaultsToCwd === 'recursive' && recursive);
    if (files.length === 0 && cwdDefault)
        reads.push(literalWord('.'));
    const treeReads = recursive ? reads.filter((r) => !fileValues.includes(r)) : [];
    return { readOnly: problem === null, reason: problem, reads: recursive ? fileValues : reads, treeReads };
}

;// CONCATENATED MODULE: ./lib/policy/bash/read-only-programs.js



const RE = String.raw `(?:[^/\\\n]|\\.)*`;
const ADDR = String.raw `(?:\d+(?:~\d+)?|\$|/${RE}/I?)`;
const RANGE = String.raw `(?:${ADDR}(?:\s*,\s*(?:${ADDR}|[+~]\d+))?)`;
const SED_CMD = String.raw `(?:${RANGE}\s*)?!?\s*(?:[pdDqQ=lnNgGhHxzP]|s/${RE}/${RE}/[gpiIm0-9]*|y/${RE}/${RE}/)`;
/** Printing, deleting, substituting (no `w`/`e` flags) and buffer commands; no `w`, `r`, `e`, `a`, `i`, `c`. */
const SAFE_SED = new RegExp(String.raw `^\s*${SED_CMD}(?:\s*[;\n]\s*${SED_CMD})*\s*;?\s*$`);
function checkSed(args, resolve) {
    const sed = sedArguments(args);
    const files = checkSpec('sed', sed.files, { operands: 'files' }, resolve);
    const reads = [...files.reads, ...sedEffects(args).reads];
    if (sed.inPlace)
        return notReadOnly('`sed -i` edits files in place', reads);
    if (sed.fromFile)
        return notReadOnly('`sed -f` runs a script from a file', reads);
    if (sed.unknownOption !== null)
        return notReadOnly(`\`sed ${sed.unknownOption}\` is not an option the read-only list knows`, reads);
    if (sed.scripts === null)
        return notReadOnly('`sed` with a script computed at run time', reads);
    if (sed.scripts.length === 0)
        return notReadOnly('`sed` without a script', reads);
    const unsafe = sed.scripts.find((script) => !SAFE_SED.test(script));
    if (unsafe !== undefined)
        return notReadOnly(`\`sed '${unsafe}'\` is not a plain print/substitute script (sed can write files and run commands)`, reads);
    return files.readOnly ? readOnly(reads) : { ...files, reads };
}
/** Conservative on top of program-effects: no `>` at all inside an action (it may be a redirection). */
function redirectsInAction(program) {
    let depth = 0;
    for (let i = 0; i < program.length; i++) {
        const c = program[i];
        if (c === '{')
            depth++;
        else if (c === '}')
            depth--;
        else if (c === '>' && depth > 0 && program[i + 1] !== '=')
            return true;
    }
    return false;
}
function checkAwk(name, args, resolve) {
    const { program, index, loadsCode, sandboxed } = awkProgram(args);
    if (loadsCode)
        return notReadOnly(`\`${name}\` loads its program or extensions from files`);
    if (program === null)
        return notReadOnly(`\`${name}\` without a program, or with one computed at run time`);
    const operands = args.slice(index).filter((w) => w.dynamic || !/^[A-Za-z_]\w*=/.test(w.value));
    const files = checkSpec(name, operands, { operands: 'files' }, resolve);
    const effects = sandboxed ? { payloads: [], writes: [], reads: [] } : awkEffects(program);
    const reads = [...files.reads, ...effects.reads];
    if (effects.payloads.length > 0)
        return notReadOnly(`the ${name} program runs commands (system, pipes, getline)`, reads);
    if (effects.writes.length > 0 || (!sandboxed && redirectsInAction(program)))
        return notReadOnly(`the ${name} program may write files (\`>\` inside an action)`, reads);
    return files.readOnly ? readOnly(reads) : { ...files, reads };
}
const FIND_VALUE = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-regextype', '-type', '-xtype', '-maxdepth', '-mindepth', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-size', '-perm', '-user', '-group', '-uid', '-gid', '-links', '-inum', '-samefile', '-used', '-printf', '-lname', '-ilname', '-fstype', '-context']);
const FIND_FLAG = new Set(['-empty', '-print', '-print0', '-prune', '-quit', '-ls', '-true', '-false', '-readable', '-writable', '-executable', '-nouser', '-nogroup', '-depth', '-mount', '-xdev', '-noleaf', '-follow', '-daystart', '-ignore_readdir_race', '-noignore_readdir_race', '-not', '!', '-a', '-and', '-o', '-or', '(', ')', ',', '-d']);
const FIND_FORBIDDEN = {
    '-exec': 'runs a command', '-execdir': 'runs a command', '-ok': 'runs a command', '-okdir': 'runs a command',
    '-delete': 'deletes files', '-fprint': 'writes a file', '-fprint0': 'writes a file', '-fprintf': 'writes a file', '-fls': 'writes a file',
};
function checkFind(args, resolve) {
    const { roots, index } = findOperands(args);
    let i = index;
    const start = checkSpec('find', roots, { operands: 'files', defaultsToCwd: true, inert: true }, resolve);
    const globbed = roots.find((r) => r.glob);
    if (globbed !== undefined)
        return notReadOnly(`\`find\` with the unquoted glob \`${globbed.value}\` (it could expand to -delete)`, start.reads);
    for (; i < args.length; i++) {
        const w = args[i];
        if (w.dynamic)
            return notReadOnly(`\`find\` is given \`${w.value}\`, which is only known at run time`, start.reads);
        if (w.glob)
            return notReadOnly(`\`find\` with the unquoted glob \`${w.value}\` (it could expand to -delete)`, start.reads);
        const why = FIND_FORBIDDEN[w.value];
        if (why !== undefined)
            return notReadOnly(`\`find ${w.value}\` ${why}`, start.reads);
        if (FIND_VALUE.has(w.value) || /^-newer[a-zA-Z]{2}$/.test(w.value))
            i++;
        else if (!FIND_FLAG.has(w.value))
            return notReadOnly(`\`find ${w.value}\` is not a primary the read-only list knows`, start.reads);
    }
    return start;
}
function checkJq(args, resolve) {
    const rest = [];
    let filterFromFile = false;
    const reads = [];
    for (let i = 0; i < args.length; i++) {
        const w = args[i];
        const v = w.value;
        if (w.dynamic || !v.startsWith('-') || v === '-') {
            rest.push(w);
            continue;
        }
        if (v === '--args' || v === '--jsonargs')
            break; // the rest are values, not files
        if (['--arg', '--argjson'].includes(v))
            i += 2;
        else if (['--slurpfile', '--rawfile'].includes(v)) {
            const f = args[i + 2];
            if (f !== undefined)
                reads.push(f);
            i += 2;
        }
        else if (v === '-f' || v === '--from-file') {
            const f = args[++i];
            if (f !== undefined)
                reads.push(f);
            filterFromFile = true;
        }
        else if (v === '--indent')
            i++;
        else if (v === '-L' || v.startsWith('-L') || v === '--library-path')
            return notReadOnly('`jq -L` loads modules from a directory');
        else if (!/^-[rcjaSCMensRe]+$/.test(v) && !['--raw-output', '--compact-output', '--join-output', '--ascii-output', '--sort-keys', '--color-output', '--monochrome-output', '--null-input', '--slurp', '--raw-input', '--exit-status', '--tab', '--seq', '--stream', '--raw-output0', '--unbuffered'].includes(v)) {
            return notReadOnly(`\`jq ${v}\` is not an option the read-only list knows`);
        }
    }
    const files = filterFromFile ? rest : rest.slice(1);
    if (!filterFromFile && rest[0]?.dynamic === true)
        return notReadOnly('`jq` with a filter computed at run time');
    const checked = checkSpec('jq', files, { operands: 'files' }, resolve);
    return { ...checked, reads: [...reads, ...checked.reads] };
}

;// CONCATENATED MODULE: ./lib/policy/bash/read-only-git.js

const FORBIDDEN = {
    '--output': 'writes its output to a file',
    '--ext-diff': 'runs an external diff program',
    '--textconv': 'runs textconv filter programs',
    '--filters': 'runs filter programs',
    '--no-index': 'compares files outside the repository',
    '--show-signature': 'runs gpg',
    '--open-files-in-pager': 'runs a pager',
    '--paginate': 'runs a pager',
};
const set = (...s) => new Set(s);
const DIFF = ['--stat', '--shortstat', '--numstat', '--name-only', '--name-status', '--summary', '--patch', '-p', '-u', '--no-patch', '-s', '--raw', '--patch-with-stat', '--patch-with-raw', '--compact-summary', '--cached', '--staged', '--merge-base', '--no-color', '--color', '--word-diff', '--color-words', '--no-renames', '--find-renames', '-M', '-C', '-B', '--find-copies-harder', '--text', '-a', '-w', '-b', '--ignore-all-space', '--ignore-space-change', '--ignore-space-at-eol', '--ignore-blank-lines', '--ignore-cr-at-eol', '--minimal', '--patience', '--histogram', '--full-index', '--binary', '--abbrev', '--no-abbrev', '--check', '-R', '--relative', '--no-relative', '--exit-code', '--quiet', '--no-prefix', '--default-prefix', '--ita-invisible-in-index', '--irreversible-delete', '-D', '--pickaxe-all', '--pickaxe-regex', '--submodule', '--no-ext-diff', '--no-textconv', '--indent-heuristic', '--no-indent-heuristic', '--function-context', '-W', '--color-moved', '--no-color-moved', '-z', '--dirstat', '--cumulative', '--no-stat', '-m', '-c', '--cc', '--combined-all-paths', '--full-diff'];
const DIFF_PREFIXES = ['--format=', '--pretty=', '--stat=', '--stat-width=', '--stat-name-width=', '--stat-graph-width=', '--stat-count=', '--dirstat=', '--unified=', '-U', '--word-diff=', '--word-diff-regex=', '--color=', '--color-moved=', '--color-words=', '--diff-filter=', '--diff-algorithm=', '--find-renames=', '--find-copies=', '-M', '-C', '-B', '-l', '-S', '-G', '-O', '--relative=', '--src-prefix=', '--dst-prefix=', '--line-prefix=', '--submodule=', '--ignore-submodules=', '--inter-hunk-context=', '--anchored=', '--output-indicator-new=', '--output-indicator-old=', '--output-indicator-context=', '--abbrev=', '--break-rewrites=', '--ws-error-highlight=', '--diff-merges=', '--orderfile=', '--rotate-to=', '--skip-to=', '--find-object='];
const LOG = ['--oneline', '--graph', '--all', '--branches', '--tags', '--remotes', '--decorate', '--no-decorate', '--reverse', '--first-parent', '--merges', '--no-merges', '--follow', '--left-right', '--cherry-pick', '--cherry-mark', '--cherry', '--boundary', '--topo-order', '--date-order', '--author-date-order', '--no-walk', '--do-walk', '--source', '--abbrev-commit', '--no-abbrev-commit', '--parents', '--children', '--full-history', '--simplify-merges', '--ancestry-path', '--simplify-by-decoration', '--dense', '--sparse', '--show-pulls', '--notes', '--no-notes', '--walk-reflogs', '-g', '--mailmap', '--use-mailmap', '--no-mailmap', '--regexp-ignore-case', '-i', '--extended-regexp', '-E', '--fixed-strings', '-F', '--perl-regexp', '-P', '--all-match', '--invert-grep', '--log-size', '--count', '--relative-date', '--show-linear-break', '--remove-empty', '--ignore-missing', '--pretty', '--date', '--no-graph', '--exclude-first-parent-only'];
const LOG_PREFIXES = ['--date=', '--since=', '--after=', '--until=', '--before=', '--author=', '--committer=', '--grep=', '--max-count=', '-n', '--skip=', '--max-age=', '--min-age=', '--decorate=', '--decorate-refs=', '--decorate-refs-exclude=', '--encoding=', '--expand-tabs=', '--branches=', '--tags=', '--remotes=', '--glob=', '--exclude=', '--notes=', '--show-notes=', '--max-parents=', '--min-parents=', '--grep-reflog=', '-L', '--since-as-filter='];
const LOG_SEPARATE = set('-n', '--max-count', '--skip', '--author', '--committer', '--grep', '--since', '--until', '--after', '--before', '-S', '-G', '-L', '-O');
const HISTORY = { exact: new Set([...DIFF, ...LOG]), prefixes: [...DIFF_PREFIXES, ...LOG_PREFIXES], separate: LOG_SEPARATE };
const DIFF_ONLY = { exact: new Set(DIFF), prefixes: DIFF_PREFIXES, separate: set('-S', '-G', '-O') };
const SUBCOMMANDS = {
    status: { exact: set('-s', '--short', '-b', '--branch', '--long', '-v', '--verbose', '-z', '--null', '--show-stash', '--ahead-behind', '--no-ahead-behind', '--renames', '--no-renames', '--no-column', '-u', '--porcelain', '--ignored', '--untracked-files', '--column'), prefixes: ['--porcelain=', '--untracked-files=', '-u', '--ignored=', '--ignore-submodules', '--find-renames', '--column='] },
    diff: DIFF_ONLY, 'diff-tree': HISTORY, 'diff-index': DIFF_ONLY, 'diff-files': DIFF_ONLY,
    log: HISTORY, show: HISTORY, whatchanged: HISTORY, 'rev-list': HISTORY,
    shortlog: { exact: set('-n', '--numbered', '-s', '--summary', '-e', '--email', '-c', '--committer', '--all', '--no-merges', '--merges'), prefixes: ['--format=', '--group=', '-w', '--since=', '--until=', '--author='] },
    reflog: { exact: set('show', '--all', '--date=relative', '--oneline', '-n'), prefixes: ['--format=', '--pretty=', '--date=', '-n'], separate: set('-n') },
    branch: { exact: set('-a', '--all', '-r', '--remotes', '-v', '-vv', '--verbose', '-l', '--list', '--show-current', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty'), prefixes: ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort=', '--format=', '--abbrev=', '--color='], separate: set('--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'), operandsNeed: ['-l', '--list'] },
    tag: { exact: set('-l', '--list', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty'), prefixes: ['-n', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort=', '--format=', '--color'], separate: set('--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'), operandsNeed: ['-l', '--list'] },
    'rev-parse': 'any',
    'ls-files': { exact: set('-c', '-d', '-m', '-o', '-i', '-s', '-u', '-k', '-z', '-t', '-v', '-f', '--cached', '--deleted', '--modified', '--others', '--ignored', '--stage', '--unmerged', '--killed', '--directory', '--no-empty-directory', '--eol', '--full-name', '--recurse-submodules', '--debug', '--deduplicate', '--exclude-standard', '--error-unmatch', '--sparse', '--abbrev'), prefixes: ['--format=', '--exclude=', '-x', '--exclude-per-directory=', '--abbrev='], separate: set('-x', '--exclude') },
    'ls-tree': { exact: set('-d', '-r', '-t', '-l', '-z', '--long', '--name-only', '--name-status', '--object-only', '--full-name', '--full-tree', '--abbrev'), prefixes: ['--format=', '--abbrev='] },
    'cat-file': { exact: set('-t', '-s', '-e', '-p', '--batch', '--batch-check', '--batch-all-objects', '--buffer', '--unordered', '--follow-symlinks', '-Z'), prefixes: ['--batch=', '--batch-check='] },
    'merge-base': { exact: set('--all', '--octopus', '--independent', '--is-ancestor', '--fork-point'), prefixes: [] },
    'show-ref': { exact: set('--head', '--tags', '--heads', '--branches', '-d', '--dereference', '-s', '--hash', '--verify', '--abbrev', '-q', '--quiet', '--exists'), prefixes: ['--hash=', '--abbrev='] },
    'for-each-ref': { exact: set('--shell', '--perl', '--python', '--tcl', '--ignore-case', '--omit-empty'), prefixes: ['--format=', '--sort=', '--count=', '--points-at', '--merged', '--no-merged', '--contains', '--no-contains', '--exclude='], separate: set('--format', '--sort', '--count', '--points-at', '--merged', '--no-merged', '--contains', '--no-contains') },
    describe: { exact: set('--tags', '--all', '--always', '--long', '--exact-match', '--first-parent', '--contains', '--debug'), prefixes: ['--abbrev=', '--match=', '--exclude=', '--candidates=', '--dirty', '--broken'], separate: set('--match', '--exclude') },
    'name-rev': { exact: set('--tags', '--all', '--name-only', '--no-undefined', '--always', '--annotate-stdin'), prefixes: ['--refs=', '--exclude='] },
    'count-objects': { exact: set('-v', '-H', '--verbose', '--human-readable'), prefixes: [], noOperands: true },
    blame: { exact: set('-w', '-s', '-e', '-l', '-t', '-p', '-c', '-f', '-n', '-b', '--porcelain', '--line-porcelain', '--root', '--show-name', '--show-number', '--show-email', '--incremental', '--minimal', '--progress', '--no-progress', '--color-lines', '--color-by-age'), prefixes: ['-L', '-M', '-C', '--date=', '--abbrev=', '--since=', '--ignore-rev=', '--first-parent'], separate: set('-L') },
    'check-ignore': { exact: set('-q', '--quiet', '-v', '--verbose', '-n', '--non-matching', '-z', '--stdin', '--no-index'), prefixes: [] },
    'check-attr': { exact: set('-a', '--all', '--cached', '-z', '--stdin'), prefixes: ['--source='] },
    grep: { exact: set('--cached', '--untracked', '--no-exclude-standard', '--exclude-standard', '--recurse-submodules', '-a', '--text', '-i', '--ignore-case', '-I', '-w', '--word-regexp', '-v', '--invert-match', '-h', '-H', '--full-name', '-E', '--extended-regexp', '-G', '--basic-regexp', '-P', '--perl-regexp', '-F', '--fixed-strings', '-n', '--line-number', '--column', '-l', '--files-with-matches', '--name-only', '-L', '--files-without-match', '-z', '--null', '-o', '--only-matching', '-c', '--count', '--color', '--no-color', '--break', '--heading', '-p', '--show-function', '-W', '--function-context', '--and', '--or', '--not', '--all-match', '-q', '--quiet', '-r', '--recursive', '--no-recursive'), prefixes: ['-e', '-A', '-B', '-C', '--max-depth=', '--color=', '-m', '--max-count=', '--threads=', '--after-context=', '--before-context=', '--context='], separate: set('-e', '-A', '-B', '-C', '-m', '--max-depth', '--max-count', '-f') },
    version: 'any',
    'symbolic-ref': { exact: set('-q', '--quiet', '--short', '--no-recurse'), prefixes: [] },
    'show-branch': { exact: set('-a', '--all', '-r', '--remotes', '--current', '--topo-order', '--date-order', '--sparse', '--more', '--list', '--merge-base', '--independent', '--no-name', '--sha1-name'), prefixes: ['--more='] },
};
/** `git remote`, `git stash`, `git worktree`, `git config`: only their listing forms. */
function listingForm(sub, rest) {
    const [first, ...more] = rest;
    switch (sub) {
        case 'remote':
            return first === undefined || first === '-v' || first === '--verbose' || (first === 'get-url' && more.length <= 2) || (first === 'show' && more[0] === '-n');
        case 'stash':
            return first === 'list' || (first === 'show' && more.every((m) => !m.startsWith('--output') && m !== '--ext-diff'));
        case 'worktree':
            return first === 'list';
        case 'config':
            return rest.some((r) => ['--get', '--get-all', '--get-regexp', '--list', '-l', '--get-urlmatch'].includes(r)) || first === 'get' || first === 'list';
        default:
            return false;
    }
}
/**
 * Paths whose content the command shows: operands after `--` and `rev:path` (`git show HEAD:.env`),
 * so Read denies apply to what git prints from history too.
 */
function contentReads(sub, rest) {
    if (!['show', 'cat-file', 'diff', 'log', 'blame', 'grep', 'whatchanged', 'diff-tree'].includes(sub))
        return [];
    const reads = [];
    const dash = rest.findIndex((w) => w.value === '--');
    for (const [k, w] of rest.entries()) {
        if (w.dynamic)
            continue;
        const spec = /^[^:-][^:]*:(.+)$/.exec(w.value);
        if (spec !== null)
            reads.push({ ...w, value: spec[1] });
        else if ((dash !== -1 && k > dash) || (sub === 'blame' && !w.value.startsWith('-')))
            reads.push(w);
    }
    return reads;
}
function checkOptions(sub, rest, opts) {
    let operands = 0;
    let needMet = false;
    let endOfOptions = false;
    for (let i = 0; i < rest.length; i++) {
        const w = rest[i];
        if (w.dynamic)
            return `\`git ${sub}\` is given \`${w.value}\`, which is only known at run time`;
        if (w.glob)
            return `\`git ${sub}\` with the unquoted glob \`${w.value}\` (it could expand to an option)`;
        const v = w.value;
        if (endOfOptions || !v.startsWith('-') || v === '-') {
            operands++;
            continue;
        }
        if (v === '--') {
            endOfOptions = true;
            continue;
        }
        const name = v.split('=')[0];
        const why = FORBIDDEN[name];
        if (why !== undefined)
            return `\`git ${sub} ${name}\` ${why}`;
        if (/^-\d+$/.test(v) || opts.exact.has(v)) {
            if (opts.separate?.has(v) === true && !/^-\d+$/.test(v))
                i++;
            if (opts.operandsNeed?.includes(v) === true)
                needMet = true;
            continue;
        }
        if (opts.separate?.has(v) === true) {
            i++;
            continue;
        }
        if (!opts.prefixes.some((p) => v.startsWith(p) && v.length > p.length))
            return `\`git ${sub} ${v}\` is not an option the read-only list knows`;
    }
    if (opts.noOperands === true && operands > 0)
        return `\`git ${sub}\` with operands`;
    if (opts.operandsNeed !== undefined && operands > 0 && !needMet)
        return `\`git ${sub}\` with a name creates or changes something`;
    return null;
}
function checkGit(args, _resolve) {
    let i = 0;
    for (; i < args.length && args[i].value.startsWith('-'); i++) {
        const w = args[i];
        if (w.dynamic)
            return notReadOnly('`git` with a computed global option');
        if (['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-replace-objects', '--no-advice'].includes(w.value))
            continue;
        if (w.value === '-c') {
            i++; // only inert keys get this far (exec-arguments refuses the rest)
            continue;
        }
        if (w.value === '-C') {
            const dir = args[++i];
            if (dir === undefined || dir.dynamic || dir.value.startsWith('/') || dir.value.split('/').includes('..') || dir.tilde) {
                return notReadOnly('`git -C` with a directory that may be outside the workspace (its hooks and config could run)');
            }
            continue;
        }
        return notReadOnly(`\`git ${w.value}\` is not a global option the read-only list knows`);
    }
    const sub = args[i];
    if (sub === undefined)
        return notReadOnly('`git` without a subcommand');
    if (sub.dynamic)
        return notReadOnly('`git` with a subcommand computed at run time');
    const rest = args.slice(i + 1);
    const opts = SUBCOMMANDS[sub.value];
    if (opts === 'any')
        return rest.some((r) => r.dynamic) ? notReadOnly(`\`git ${sub.value}\` with computed arguments`) : readOnly();
    if (opts === undefined) {
        if (rest.every((r) => !r.dynamic) && listingForm(sub.value, rest.map((r) => r.value)))
            return readOnly();
        return notReadOnly(`\`git ${sub.value}\` is not a read-only git command`);
    }
    if (sub.value === 'reflog' && rest[0] !== undefined && !['show', '-n'].includes(rest[0].value) && !rest[0].value.startsWith('-') && /^(expire|delete|drop|write|exists)$/.test(rest[0].value)) {
        return notReadOnly(`\`git reflog ${rest[0].value}\` changes the reflog`);
    }
    const problem = checkOptions(sub.value, rest, opts);
    const reads = contentReads(sub.value, rest);
    return problem === null ? readOnly(reads) : notReadOnly(problem, reads);
}

;// CONCATENATED MODULE: ./lib/policy/bash/read-only-commands.js



const files = (spec) => ({ ...spec, operands: 'files' });
const inert = (operands = 'any') => ({ operands, inert: true });
const SPECS = {
    cat: files({ flags: 'AbeEnstTuv', long: ['--show-all', '--number-nonblank', '--number', '--squeeze-blank', '--show-ends', '--show-tabs', '--show-nonprinting'], inert: true }),
    head: files({ flags: 'qvz', valueFlags: 'cn', numeric: true, longValue: ['--bytes', '--lines'], long: ['--quiet', '--silent', '--verbose', '--zero-terminated'], inert: true }),
    tail: files({ flags: 'qvz', valueFlags: 'cn', numeric: true, longValue: ['--bytes', '--lines'], long: ['--quiet', '--silent', '--verbose', '--zero-terminated'], forbidden: { '-f': 'follows the file forever', '-F': 'follows the file forever', '--follow': 'follows the file forever' }, inert: true }),
    wc: files({ flags: 'clmwL', long: ['--bytes', '--chars', '--lines', '--words', '--max-line-length'], longValue: ['--total'], inert: true }),
    nl: files({ flags: 'p', valueFlags: 'bdfhilnsvw', inert: true }),
    tac: files({ flags: 'br', valueFlags: 's', inert: true }),
    rev: files({ inert: true }),
    od: files({ flags: 'bcdfilosvx', valueFlags: 'AjNStw', inert: true }),
    hexdump: files({ flags: 'bcCdovx', valueFlags: 'enst', fileValues: ['-f'], inert: true }),
    xxd: { flags: 'aCEipu', valueFlags: 'cglosn', operands: 'files', maxOperands: 1, forbidden: { '-r': 'writes binary output (and patches files)' } },
    strings: files({ flags: 'afw', valueFlags: 'ntTe', inert: true }),
    fold: files({ flags: 'bs', valueFlags: 'w', inert: true }),
    fmt: files({ flags: 'cstu', valueFlags: 'wpg', inert: true }),
    column: files({ flags: 'xnJeLrt', valueFlags: 'csoNRHWlS', inert: true }),
    expand: files({ flags: 'i', valueFlags: 't', inert: true }),
    unexpand: files({ flags: 'a', valueFlags: 't', inert: true }),
    cut: files({ flags: 'nsz', valueFlags: 'bcdf', long: ['--complement', '--only-delimited', '--zero-terminated'], longValue: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'], inert: true }),
    paste: files({ flags: 'sz', valueFlags: 'd', inert: true }),
    comm: files({ flags: '123iz', long: ['--check-order', '--nocheck-order', '--total', '--zero-terminated'], longValue: ['--output-delimiter'], inert: true }),
    join: files({ flags: 'iz', valueFlags: 'aejotv12', inert: true }),
    tr: { flags: 'cCdst', operands: 'any', inert: true },
    uniq: { flags: 'cdDiuz', valueFlags: 'fsw', long: ['--count', '--repeated', '--ignore-case', '--unique', '--zero-terminated'], longValue: ['--skip-fields', '--skip-chars', '--check-chars'], longOptional: ['--all-repeated', '--group'], operands: 'files', maxOperands: 1 },
    sort: {
        flags: 'bdfgiMhnRrVcCmsuz', valueFlags: 'kSt', operands: 'files',
        long: ['--ignore-leading-blanks', '--dictionary-order', '--ignore-case', '--general-numeric-sort', '--ignore-nonprinting', '--month-sort', '--human-numeric-sort', '--numeric-sort', '--random-sort', '--reverse', '--version-sort', '--merge', '--stable', '--unique', '--zero-terminated', '--debug'],
        longValue: ['--key', '--field-separator', '--buffer-size', '--parallel', '--sort'], longOptional: ['--check'],
        forbidden: { '-o': 'writes its output to a file', '--output': 'writes its output to a file', '--compress-program': 'runs the program it names', '-T': 'writes temporary files to a directory it names', '--temporary-directory': 'writes temporary files to a directory it names', '--files0-from': 'reads its file list from a file', '--random-source': 'reads a file it names' },
    },
    diff: {
        flags: 'abBdeEfHiNnpqrstTuwyZ', valueFlags: 'CDFILUWxXS', operands: 'files', maxOperands: 2, fileValues: ['-X'], recursive: ['-r', '--recursive'],
        long: ['--brief', '--recursive', '--new-file', '--ignore-case', '--ignore-all-space', '--ignore-space-change', '--ignore-blank-lines', '--text', '--side-by-side', '--strip-trailing-cr', '--normal', '--minimal', '--speed-large-files', '--suppress-common-lines', '--expand-tabs', '--initial-tab', '--show-c-function', '--report-identical-files', '--no-dereference', '--unidirectional-new-file', '--ignore-tab-expansion', '--ignore-trailing-space', '--suppress-blank-empty', '--left-column'],
        longValue: ['--exclude', '--label', '--width', '--show-function-line', '--ignore-matching-lines', '--horizon-lines', '--tabsize'], longOptional: ['--unified', '--context', '--color'],
        forbidden: { '--from-file': 'compares against a file list it names', '--to-file': 'compares against a file list it names', '--exclude-from': 'reads patterns from a file' },
    },
    cmp: files({ flags: 'blsz', valueFlags: 'in', inert: true, maxOperands: 4 }),
    md5sum: files({ flags: 'bctwz', long: ['--check', '--tag', '--text', '--binary', '--quiet', '--status', '--strict', '--warn', '--zero', '--ignore-missing'], inert: true }),
    sha1sum: files({ flags: 'bctwz', long: ['--check', '--tag', '--text', '--binary', '--quiet', '--status', '--strict', '--warn', '--zero'], inert: true }),
    sha256sum: files({ flags: 'bctwz', long: ['--check', '--tag', '--text', '--binary', '--quiet', '--status', '--strict', '--warn', '--zero'], inert: true }),
    sha512sum: files({ flags: 'bctwz', long: ['--check', '--tag', '--text', '--binary', '--quiet', '--status', '--strict', '--warn', '--zero'], inert: true }),
    cksum: files({ inert: true }),
    base64: { flags: 'di', valueFlags: 'w', long: ['--decode', '--ignore-garbage'], longValue: ['--wrap'], operands: 'files', maxOperands: 1 },
    file: {
        flags: 'bcEhiIkLlNnprsvzZ0S', valueFlags: 'eFP', operands: 'files', long: ['--brief', '--mime', '--mime-type', '--mime-encoding', '--dereference', '--no-dereference', '--keep-going', '--special-files', '--uncompress', '--no-pad', '--print0', '--raw', '--preserve-date'],
        forbidden: { '-m': 'loads a magic file it names', '--magic-file': 'loads a magic file it names', '-f': 'reads its file list from a file', '--files-from': 'reads its file list from a file', '-C': 'compiles (writes) a magic file', '--compile': 'compiles (writes) a magic file' },
    },
    stat: files({ flags: 'LftZ', valueFlags: 'c', long: ['--dereference', '--file-system', '--terse'], longValue: ['--format', '--printf', '--cached'], inert: true }),
    du: files({ flags: '0abcDhHklLmsSxPt', valueFlags: 'dBtX', long: ['--all', '--apparent-size', '--bytes', '--total', '--dereference-args', '--human-readable', '--si', '--count-links', '--dereference', '--separate-dirs', '--summarize', '--one-file-system', '--null', '--no-dereference', '--inodes'], longValue: ['--max-depth', '--block-size', '--threshold', '--exclude', '--time-style'], longOptional: ['--time'], defaultsToCwd: true, fileValues: ['-X'], inert: true }),
    df: files({ flags: 'ahHiklPTx', valueFlags: 'BtxF', long: ['--all', '--human-readable', '--si', '--inodes', '--local', '--portability', '--print-type', '--total', '--sync', '--no-sync'], longValue: ['--block-size', '--type', '--exclude-type'], longOptional: ['--output'], inert: true }),
    tree: files({ flags: 'adfilpsughDFqNQrtvUxCAS', valueFlags: 'LPIH', long: ['--noreport', '--dirsfirst', '--filesfirst', '--prune', '--du', '--gitignore', '--matchdirs', '--ignore-case', '--si'], longValue: ['--charset', '--filelimit', '--sort', '--timefmt'], forbidden: { '-o': 'writes its output to a file', '-R': 'writes index files into directories', '--fromfile': 'reads its listing from files' }, defaultsToCwd: true }),
    ls: files({
        flags: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvwxXZ1', valueFlags: 'ITw', defaultsToCwd: true, inert: true,
        long: ['--all', '--almost-all', '--author', '--escape', '--directory', '--classify', '--file-type', '--full-time', '--group-directories-first', '--no-group', '--human-readable', '--si', '--dereference', '--dereference-command-line', '--inode', '--kibibytes', '--literal', '--numeric-uid-gid', '--hide-control-chars', '--show-control-chars', '--quote-name', '--recursive', '--reverse', '--size', '--context', '--zero'],
        longValue: ['--block-size', '--format', '--hide', '--ignore', '--indicator-style', '--quoting-style', '--sort', '--time', '--time-style', '--tabsize', '--width'], longOptional: ['--color', '--colour', '--hyperlink'],
    }),
    grep: grepSpec(), egrep: grepSpec(), fgrep: grepSpec(),
    rg: {
        flags: 'abcFHhiIlLnNopqsSuvVwxUP0', valueFlags: 'ABCegtTmMjEfr', operands: 'pattern-files', patternOptions: ['-e', '--regexp', '-f', '--file'], fileValues: ['-f', '--file'], recursive: 'always', defaultsToCwd: true,
        long: ['--files', '--files-with-matches', '--files-without-match', '--count', '--count-matches', '--fixed-strings', '--ignore-case', '--smart-case', '--case-sensitive', '--invert-match', '--word-regexp', '--line-regexp', '--line-number', '--no-line-number', '--column', '--no-heading', '--heading', '--hidden', '--no-ignore', '--no-ignore-vcs', '--no-ignore-dot', '--follow', '--json', '--vimgrep', '--only-matching', '--quiet', '--multiline', '--multiline-dotall', '--pcre2', '--no-messages', '--stats', '--sort-files', '--trim', '--with-filename', '--no-filename', '--null', '--unrestricted', '--text', '--binary', '--passthru', '--debug', '--type-list', '--no-config', '--crlf', '--byte-offset', '--no-unicode', '--one-file-system', '--glob-case-insensitive', '--include-zero', '--max-columns-preview'],
        longValue: ['--regexp', '--file', '--glob', '--iglob', '--type', '--type-not', '--max-count', '--max-depth', '--max-filesize', '--max-columns', '--threads', '--after-context', '--before-context', '--context', '--context-separator', '--field-match-separator', '--encoding', '--sort', '--sortr', '--replace', '--path-separator', '--type-add', '--color', '--colors', '--engine'],
        forbidden: { '--pre': 'runs a preprocessor program', '--pre-glob': 'runs a preprocessor program', '-z': 'runs decompression programs', '--search-zip': 'runs decompression programs', '--hostname-bin': 'runs the program it names', '--ignore-file': 'reads an ignore file it names' },
    },
    echo: inert(), printf: inert(), test: inert(), '[': inert(), '[[': inert(), true: inert(), false: inert(), ':': inert(),
    pwd: { flags: 'LP', operands: 'none' }, whoami: inert('none'), id: inert(), uname: inert(), nproc: inert(), arch: inert('none'),
    basename: inert(), dirname: inert(), realpath: inert(), readlink: inert(), which: inert(), type: inert(), seq: inert(), expr: inert(), sleep: inert(),
    hostname: { flags: 'aAdfiIsy', long: ['--fqdn', '--short', '--all-ip-addresses', '--ip-address'], operands: 'none' },
    date: { flags: 'uIR', valueFlags: 'dr', long: ['--utc', '--universal', '--rfc-email', '--debug'], longValue: ['--date', '--reference'], longOptional: ['--iso-8601', '--rfc-3339'], operands: 'any', fileValues: ['-r', '--reference'], forbidden: { '-s': 'sets the clock', '--set': 'sets the clock', '-f': 'reads dates from a file', '--file': 'reads dates from a file' } },
    // Shell builtins that only change the shell's own state (unsafe variables are refused earlier).
    export: inert(), declare: inert(), local: inert(), readonly: inert(), typeset: inert(), unset: inert(), set: inert(), shopt: inert(),
    read: inert(), mapfile: inert(), readarray: inert(), shift: inert(), wait: inert(), break: inert(), continue: inert(), return: inert(),
    exit: inert(), getopts: inert(), unalias: inert(), jobs: inert(), times: inert(), trap: inert(), alias: inert(), dirs: inert(),
    exec: inert('none'), umask: { flags: 'pS', operands: 'none' },
};
function grepSpec() {
    return {
        flags: 'EFGPcHhiIlLnoqrRsTUvVwxyZzab', valueFlags: 'ABCDefm', operands: 'pattern-files', patternOptions: ['-e', '--regexp', '-f', '--file'], fileValues: ['-f', '--file', '--exclude-from'],
        recursive: ['-r', '-R', '--recursive', '--dereference-recursive'], defaultsToCwd: 'recursive',
        long: ['--extended-regexp', '--fixed-strings', '--basic-regexp', '--perl-regexp', '--count', '--with-filename', '--no-filename', '--ignore-case', '--no-ignore-case', '--files-with-matches', '--files-without-match', '--line-number', '--only-matching', '--quiet', '--silent', '--recursive', '--dereference-recursive', '--no-messages', '--invert-match', '--word-regexp', '--line-regexp', '--null', '--null-data', '--text', '--byte-offset', '--line-buffered', '--initial-tab'],
        longValue: ['--regexp', '--file', '--after-context', '--before-context', '--context', '--max-count', '--include', '--exclude', '--exclude-dir', '--exclude-from', '--label', '--binary-files', '--devices'],
        longOptional: ['--color', '--colour'],
        // grep has no option that writes or runs anything, so globs and piped file names are harmless.
        inert: true,
    };
}
/** Is this command read-only, and what does it read? `resolve` gives the values of dynamic words. */
function readOnlyForm(cmd, resolve) {
    const [name, ...args] = cmd.words;
    if (name === undefined || name.dynamic)
        return notReadOnly('it has no static command name');
    // A path-qualified name may be a planted binary (`./ls`): only bare names are built-ins.
    if (name.value.includes('/'))
        return notReadOnly(`\`${name.value}\` is run by path`);
    switch (name.value) {
        case 'git':
            return checkGit(args, resolve);
        case 'sed':
            return checkSed(args, resolve);
        case 'awk':
        case 'gawk':
        case 'mawk':
            return checkAwk(name.value, args, resolve);
        case 'find':
            return checkFind(args, resolve);
        case 'jq':
            return checkJq(args, resolve);
        case 'cd':
        case 'pushd':
            return args.length > 1 ? notReadOnly(`\`${name.value}\` with options`) : readOnly();
        case 'popd':
            return readOnly();
        case 'command':
            return args.length >= 1 && /^-[vV]$/.test(args[0]?.value ?? '') ? readOnly() : notReadOnly('`command` without -v');
        case 'trap':
        case 'alias':
            return readOnly(); // with a payload they are wrappers, and the payload is judged
        default: {
            const spec = SPECS[name.value];
            if (spec === undefined)
                return notReadOnly(`\`${name.value}\` is not a built-in read-only command`);
            return checkSpec(name.value, args, spec, resolve);
        }
    }
}

;// CONCATENATED MODULE: ./lib/policy/bash/decide-bash.js







/** How bad a denial is, for choosing the one to report: rule hits first. */
const SEVERITY = { deny: 4, ask: 3, path: 2, approval: 1 };
const FILE_EDIT_COMMANDS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp']);
function label(cmd) {
    const inside = cmd.wrappers.length > 0 ? ` (run by \`${cmd.wrappers.join('` → `')}\`)` : '';
    return `\`${cmd.text}\`${inside}`;
}
const canonicalPatterns = new Map();
/** The specifier canonicalised like a command's flags (match-texts.ts), compiled once. */
function canonicalPattern(specifier) {
    let p = canonicalPatterns.get(specifier);
    if (p === undefined) {
        if (canonicalPatterns.size > 1000)
            canonicalPatterns.clear();
        p = compileBashPattern(canonicalSpecifier(specifier));
        canonicalPatterns.set(specifier, p);
    }
    return p;
}
function matchRule(rules, texts) {
    if (texts === null)
        return null;
    for (const rule of rules) {
        const pattern = compileBashPattern(rule.specifier);
        if (texts.plain.some((t) => patternMayMatch(pattern, t)))
            return rule;
        if (patternMayMatch(canonicalPattern(rule.specifier), texts.canonical))
            return rule;
    }
    return null;
}
/** What deny and ask rules are matched against: every spelling; a hidden payload is anything. */
function ruleTexts(cmd, rules) {
    if (cmd.role === 'redirect' || rules.deny.length + rules.ask.length === 0)
        return null;
    return cmd.role === 'hidden' ? { plain: [WILD], canonical: WILD } : denyTexts(cmd);
}
class Judge {
    rules;
    opts;
    commands;
    paths;
    constructor(rules, judgePath, opts, commands, variables) {
        this.rules = rules;
        this.opts = opts;
        this.commands = commands;
        this.paths = new PathChecker(judgePath, opts.cwd, variables, opts.judgeTreeRead);
    }
    judge(cmd, seq) {
        const hidden = cmd.role === 'hidden';
        const subject = hidden ? `${cmd.text}; the analysis cannot see those commands, and they` : label(cmd);
        const texts = ruleTexts(cmd, this.rules);
        const deny = matchRule(this.rules.deny, texts);
        if (deny !== null)
            return this.no(SEVERITY.deny, deny.text, `${subject} ${hidden ? 'could match' : 'matches'} deny rule ${describeBashRule(deny)}`);
        const ask = matchRule(this.rules.ask, texts);
        if (ask !== null)
            return this.no(SEVERITY.ask, ask.text, `${subject} ${hidden ? 'could match' : 'matches'} ask rule ${describeBashRule(ask)}: that would need approval, and there is no one to ask in CI`);
        if (cmd.role === 'deny-view')
            return { ok: true, by: 'deny rules only (runner payload)', rule: null, exact: false };
        if (hidden) {
            if (this.opts.mode === 'bypassPermissions')
                return { ok: true, by: 'bypassPermissions', rule: null, exact: false };
            return this.no(SEVERITY.approval, null, `${cmd.text}; the analysis cannot see those commands, so no rule can approve them`);
        }
        const resolve = this.paths.resolverAt(seq);
        const ro = readOnlyForm(cmd, resolve);
        const files = this.checkFiles(cmd, ro, resolve);
        if (files !== null)
            return files;
        if (cmd.role === 'redirect' || cmd.wrapperKind === 'transparent')
            return { ok: true, by: 'wrapper', rule: null, exact: false };
        return this.approve(cmd, ro);
    }
    no(severity, rule, reason) {
        return { ok: false, severity, decision: { behavior: 'deny', rule, reason } };
    }
    /** Redirects, writer operands, reader operands, `cd`, and critical removals. */
    checkFiles(cmd, ro, resolve) {
        const plan = this.opts.mode === 'plan';
        const fromJudge = (d, what) => this.no(SEVERITY.path, d.rule, `${label(cmd)}: ${what}: ${d.reason}`);
        for (const r of cmd.redirects) {
            if (r.target === null || (r.kind !== 'write' && r.kind !== 'read'))
                continue;
            if (plan && r.kind === 'write' && !/^\/dev\/(null|stdout|stderr)$/.test(r.target.value)) {
                return this.no(SEVERITY.path, null, `${label(cmd)} writes to \`${r.target.value}\`, and plan mode allows no writes`);
            }
            const d = this.paths.check(r.kind, r.target, resolve);
            if (d !== null)
                return fromJudge(d, `${r.kind === 'write' ? 'output' : 'input'} redirection \`${r.op} ${r.target.value}\``);
        }
        const name = cmd.words[0]?.value;
        const access = fileAccess(cmd);
        if (access !== null) {
            if (plan && access.writes.length > 0)
                return this.no(SEVERITY.path, null, `${label(cmd)} writes files, and plan mode allows no writes`);
            if (name === 'rm' || name === 'rmdir') {
                const critical = access.writes.find((w) => access.noPreserveRoot || this.paths.isCriticalRemoval(w));
                if (critical !== undefined)
                    return this.no(SEVERITY.path, null, `${label(cmd)} removes \`${critical.value}\`, a critical path (the root, a top-level directory, home, or the workspace and its parents)`);
            }
            for (const w of access.reads) {
                const d = this.paths.check('read', w, resolve);
                if (d !== null)
                    return fromJudge(d, `reading \`${w.value}\``);
            }
            for (const w of access.writes) {
                const d = this.paths.check('write', w, resolve);
                if (d !== null)
                    return fromJudge(d, `writing \`${w.value}\``);
            }
        }
        for (const w of ro.reads) {
            const d = this.paths.check('read', w, resolve);
            if (d !== null)
                return fromJudge(d, `reading \`${w.value}\``);
        }
        for (const w of ro.treeReads) {
            const d = this.paths.check('tree', w, resolve);
            if (d !== null)
                return fromJudge(d, `reading \`${w.value}\` recursively`);
        }
        if (name === 'cd' || name === 'pushd' || name === 'popd') {
            const target = name === 'popd' ? undefined : cmd.words[1];
            if (target !== undefined && !target.dynamic && !target.tilde && target.value !== '-') {
                const d = this.paths.check('read', target, resolve);
                if (d !== null)
                    return fromJudge(d, `changing into \`${target.value}\``);
            }
            this.paths.changeDirectory(target, resolve);
        }
        return null;
    }
    approve(cmd, ro) {
        const mode = this.opts.mode;
        const envSafe = cmd.env.every((a) => isSafeVariable(a.name));
        const gitElsewhere = cmd.words[0]?.value === 'git' && !this.paths.insideWorkspace();
        const readOnly = ro.readOnly && envSafe && !gitElsewhere && cmd.role === 'command';
        if (mode === 'plan') {
            if (readOnly)
                return { ok: true, by: 'read-only', rule: null, exact: false };
            return this.no(SEVERITY.approval, null, `${label(cmd)} is not a read-only command, and plan mode allows only those (${ro.reason ?? 'it changes something'})`);
        }
        if (mode === 'bypassPermissions')
            return { ok: true, by: 'bypassPermissions', rule: null, exact: false };
        const text = allowText(cmd);
        if (text !== null) {
            for (const rule of this.rules.allow) {
                if (patternMatchesText(compileBashPattern(rule.specifier), text)) {
                    const exact = rule.specifier !== null && !rule.specifier.includes('*');
                    return { ok: true, by: rule.text, rule: rule.text, exact };
                }
            }
        }
        if (readOnly)
            return { ok: true, by: 'read-only', rule: null, exact: false };
        if (mode === 'acceptEdits' && this.acceptsEdit(cmd))
            return { ok: true, by: 'acceptEdits', rule: null, exact: false };
        let why = '';
        if (cmd.wrapperKind === 'gate')
            why = ' (it runs other commands, so it needs an allow rule of its own)';
        else if (gitElsewhere && ro.readOnly)
            why = ' (git is read-only only inside the workspace: elsewhere its hooks and config could run)';
        else if (ro.reason !== null && !ro.reason.includes('is not a built-in'))
            why = ` (and it is not read-only: ${ro.reason})`;
        return this.no(SEVERITY.approval, null, `no allow rule matches ${label(cmd)}${why}`);
    }
    /** acceptEdits: mkdir/touch/rm/rmdir/mv/cp whose every operand is known and inside the workspace. */
    acceptsEdit(cmd) {
        const name = cmd.words[0]?.value ?? '';
        if (!FILE_EDIT_COMMANDS.has(name) || cmd.env.some((a) => !isSafeVariable(a.name)))
            return false;
        const access = fileAccess(cmd);
        if (access === null || !access.understood)
            return false;
        const operands = [...access.writes, ...access.reads];
        return operands.length > 0 && this.paths.insideWorkspace() && operands.every((w) => !w.dynamic && !w.tilde && !w.value.startsWith('/') && within(this.opts.cwd, `${this.opts.cwd}/${w.value}`));
    }
    /** Every verdict, then payloads approved through an exact rule on a gate wrapper around them. */
    all() {
        const verdicts = this.commands.map((c, i) => this.judge(c, i));
        return verdicts.map((v, i) => {
            if (v.ok || v.severity !== SEVERITY.approval)
                return v;
            for (let p = this.commands[i]?.parent ?? null; p !== null; p = this.commands[p]?.parent ?? null) {
                const up = verdicts[p];
                if (up?.ok === true && up.exact && this.commands[p]?.wrapperKind === 'gate')
                    return { ok: true, by: `exact rule ${up.rule ?? ''}`, rule: up.rule, exact: true };
            }
            return v;
        });
    }
}
function structural(command, reason) {
    const text = `Bash command denied: ${reason}. Nothing was run; no rule can allow this form, so write the command with literal names and paths.`;
    const decision = { behavior: 'deny', rule: null, reason: text, subcommand: command.length > 200 ? `${command.slice(0, 200)}…` : command };
    return { ...decision, subcommands: [{ text: decision.subcommand ?? command, decision: { behavior: 'deny', rule: null, reason } }] };
}
function decideBash(command, rules, judgePath, opts) {
    const analysis = analyseBash(command, opts.limits);
    if (!analysis.ok)
        return structural(command, analysis.reason);
    if (analysis.commands.length === 0)
        return { behavior: 'allow', rule: null, reason: 'The command runs nothing.', subcommands: [] };
    const verdicts = new Judge(rules, judgePath, opts, analysis.commands, analysis.variables).all();
    const subcommands = analysis.commands.map((cmd, i) => {
        const v = verdicts[i];
        const decision = v.ok ? { behavior: 'allow', rule: v.rule, reason: v.by } : v.decision;
        return { text: cmd.text, decision };
    });
    let worst = null;
    for (const [i, v] of verdicts.entries()) {
        if (!v.ok && (worst === null || v.severity > worst.v.severity))
            worst = { v, cmd: analysis.commands[i] };
    }
    if (worst !== null) {
        const d = worst.v.decision;
        return { behavior: 'deny', rule: d.rule, reason: `Bash command denied: ${d.reason}.`, subcommand: worst.cmd.text, subcommands };
    }
    const approvals = verdicts.filter((v) => v.ok && v.rule !== null);
    const ruleTexts = [...new Set(approvals.map((v) => v.rule))];
    const rule = ruleTexts.length === 1 ? (ruleTexts[0] ?? null) : null;
    const parts = analysis.commands.map((cmd, i) => `\`${cmd.text}\` (${verdicts[i].by})`);
    return { behavior: 'allow', rule, reason: `Allowed: ${parts.join(', ')}.`, subcommands };
}

;// CONCATENATED MODULE: ./lib/policy/bash/index.js
/**
 * The Bash analysis and decision: parse with tree-sitter-bash, judge every simple command on its
 * own, unwrap wrappers, fail closed. `await initBashParser()` once, then everything is synchronous.
 */






/***/ })

};
