/**
 * PowerShell and Deno code written as the shell and node code it amounts to, so the engine's own
 * analysis decides (issue 21: `pwsh -c 'iwr URL | iex'`, `deno eval 'Deno.removeSync(...)'`).
 * The translation is word-level: cmdlets and their aliases become the programs that do the same,
 * their switches the matching options; what it does not know stays as written.
 */

/** Cmdlets and aliases (lowercase) → the program that does the same. */
const CMDLETS: Readonly<Record<string, string>> = {
  'remove-item': 'rm',
  ri: 'rm',
  rm: 'rm',
  del: 'rm',
  erase: 'rm',
  rd: 'rm',
  rmdir: 'rm',
  'invoke-webrequest': 'curl',
  iwr: 'curl',
  'invoke-restmethod': 'curl',
  irm: 'curl',
  curl: 'curl',
  wget: 'curl',
  'invoke-expression': 'eval',
  iex: 'eval',
  'start-process': 'command',
  saps: 'command',
  start: 'command',
  'set-content': 'tee',
  sc: 'tee',
  'add-content': 'tee -a',
  ac: 'tee -a',
  'out-file': 'tee',
  'get-content': 'cat',
  gc: 'cat',
  cat: 'cat',
  type: 'cat',
  'copy-item': 'cp',
  cpi: 'cp',
  copy: 'cp',
  'move-item': 'mv',
  mi: 'mv',
  move: 'mv',
  'write-output': 'echo',
  'write-host': 'echo',
  echo: 'echo',
  'stop-computer': 'shutdown',
  'restart-computer': 'reboot',
  'stop-process': 'kill',
  spps: 'kill',
  'set-executionpolicy': ':',
};

/** Switches and parameter names → the option they amount to ('' drops the name, keeping its value). */
const PARAMETERS: Readonly<Record<string, string>> = {
  recurse: '-r',
  force: '-f',
  path: '',
  literalpath: '',
  uri: '',
  filepath: '',
  value: '',
  argumentlist: '',
  outfile: '-o',
  usebasicparsing: '',
  nonewwindow: '',
  wait: '',
  append: '-a',
};

/** A PowerShell script as bash: cmdlets, switches, `$env:X`, WebClient downloads and `iex`. */
export function powershellToBash(code: string): string {
  let text = code
    // (New-Object Net.WebClient).DownloadString('URL'): the page's text, i.e. $(curl URL).
    .replace(
      /\(\s*New-Object\s+(?:System\.)?Net\.WebClient\s*\)\s*\.\s*DownloadString\s*\(\s*([^)]*)\)/gi,
      '"$(curl $1)"',
    )
    .replace(
      /\(\s*New-Object\s+(?:System\.)?Net\.WebClient\s*\)\s*\.\s*DownloadFile\s*\(\s*([^,)]*)\s*,\s*([^)]*)\)/gi,
      'curl -o $2 $1',
    )
    // `iex (iwr URL)`, `Invoke-Expression (...)`: the parenthesised command's output runs as code.
    .replace(/\b(?:iex|Invoke-Expression)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/gi, 'eval "$$($1)"')
    .replace(/\$env:([A-Za-z_]\w*)/gi, '$$$1')
    .replace(/-(?:ErrorAction|ea)\s+\w+/gi, '')
    .replace(/-Confirm:\$false/gi, '');
  // Command words: at the start of a statement, after a pipe, or as an argument of iex/start.
  text = text.replace(/(^|[|;\n{(]\s*)([A-Za-z][\w-]*)/g, (all, lead: string, name: string) => {
    const program = CMDLETS[name.toLowerCase()];
    return program === undefined ? all : lead + program;
  });
  // A bare `iex`/`eval` at the end of a pipeline reads code from it: a shell.
  text = text.replace(/\|\s*eval\s*(?=$|[;\n|])/g, '| sh');
  return text.replace(/(\s)-([A-Za-z]+)\b(?!:)/g, (all, space: string, name: string) => {
    const option = PARAMETERS[name.toLowerCase()];
    return option === undefined ? all : option === '' ? space : space + option;
  });
}

/** Deno's runtime API as node's (`Deno.removeSync` → `fs.rmSync`, `Deno.env.get("X")` → `process.env.X`). */
export function denoToNode(code: string): string {
  return code
    .replace(/\bDeno\.env\.get\(\s*(['"`])(\w+)\1\s*\)/g, 'process.env.$2')
    .replace(/\bDeno\.(?:removeSync|remove)\s*\(/g, 'require("fs").rmSync(')
    .replace(
      /\bDeno\.(?:writeTextFileSync|writeTextFile|writeFileSync|writeFile)\s*\(/g,
      'require("fs").writeFileSync(',
    )
    .replace(
      /\bDeno\.(?:readTextFileSync|readTextFile|readFileSync|readFile)\s*\(/g,
      'require("fs").readFileSync(',
    )
    .replace(/\bnew\s+Deno\.Command\s*\(/g, 'require("child_process").spawnSync(')
    .replace(/\bDeno\.connect\s*\(/g, 'require("net").connect(')
    .replace(/\bDeno\.homeDir\s*\(\s*\)/g, 'require("os").homedir()');
}
