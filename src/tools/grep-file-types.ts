/**
 * Grep's `type` filter. Our own table, given to ripgrep with --type-add, so the ripgrep and
 * JS paths select exactly the same files and an unknown name fails the same way on both.
 * Names follow ripgrep's (`rg --type-list`).
 */
export const FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  c: ['*.c', '*.h'],
  cpp: ['*.cpp', '*.cc', '*.cxx', '*.hpp', '*.hh', '*.hxx', '*.h', '*.inl'],
  cs: ['*.cs'],
  css: ['*.css', '*.scss', '*.sass', '*.less'],
  go: ['*.go'],
  html: ['*.html', '*.htm', '*.xhtml'],
  java: ['*.java'],
  js: ['*.js', '*.jsx', '*.mjs', '*.cjs', '*.vue'],
  json: ['*.json', '*.jsonc', '*.json5'],
  kotlin: ['*.kt', '*.kts'],
  lua: ['*.lua'],
  make: ['Makefile', 'makefile', 'GNUmakefile', '*.mk', '*.mak'],
  md: ['*.md', '*.markdown', '*.mdx'],
  php: ['*.php'],
  py: ['*.py', '*.pyi'],
  rb: ['*.rb', 'Gemfile', 'Rakefile', '*.gemspec'],
  rust: ['*.rs'],
  sh: ['*.sh', '*.bash', '*.zsh', '.bashrc', '.zshrc'],
  sql: ['*.sql'],
  swift: ['*.swift'],
  toml: ['*.toml'],
  ts: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  txt: ['*.txt'],
  xml: ['*.xml', '*.xsd', '*.xsl'],
  yaml: ['*.yaml', '*.yml'],
};

export function fileTypeGlobs(type: string): readonly string[] | undefined {
  return Object.hasOwn(FILE_TYPES, type) ? FILE_TYPES[type] : undefined;
}
