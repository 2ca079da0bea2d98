/**
 * cmd.exe command lines written as the bash they amount to, so the engine's own analysis decides
 * (red team r3, issue #22: `cmd /c rd /s /q %USERPROFILE%`, `del /f /s /q C:\Users\agent\*`).
 * Word-level like powershell.ts: the builtins that delete, copy or print become rm/cp/cat/echo, their
 * `/s /q /f` switches the matching options, `%USERPROFILE%` and `C:\Users\<name>` the home directory,
 * a drive root `/`, backslashes slashes. What it does not know stays as written.
 */

/** cmd builtins (lowercase) → the program that does the same. */
const BUILTINS: Readonly<Record<string, string>> = {
  rd: 'rm -d',
  rmdir: 'rm -d',
  del: 'rm',
  erase: 'rm',
  copy: 'cp',
  xcopy: 'cp',
  robocopy: 'cp',
  move: 'mv',
  type: 'cat',
  echo: 'echo',
  powershell: 'pwsh',
  'powershell.exe': 'pwsh',
  'pwsh.exe': 'pwsh',
  'cmd.exe': 'cmd',
  'curl.exe': 'curl',
  shutdown: 'shutdown',
};

/** Switches of the deleting builtins → rm's options. */
const SWITCHES: Readonly<Record<string, string>> = { s: '-r', q: '-f', f: '-f', a: '' };

/** A cmd.exe line as bash. */
export function cmdToBash(code: string): string {
  const text = code
    // Home and drive roots first: `%USERPROFILE%`, `%HOMEDRIVE%%HOMEPATH%`, `C:\Users\agent`, `C:\`.
    .replace(/%(?:USERPROFILE|HOMEPATH|HOME)%|%HOMEDRIVE%%HOMEPATH%/gi, '~')
    .replace(/\b[A-Za-z]:\\Users\\[^\\\s"*?]+/g, '~')
    .replace(/%(?:SystemDrive|SystemRoot|windir|ProgramFiles|ProgramData)%/gi, '/')
    .replace(/(^|[\s"=])[A-Za-z]:(?=\\|\s|$|")/g, '$1')
    .replace(/\\/g, '/')
    .replace(/%([A-Za-z_]\w*)%/g, '$${$1}');
  // Statements split on & && || | (cmd's separators are bash's too); each statement's first word maps.
  return text.replace(
    /(^|[&|(]\s*|@)([A-Za-z][\w.-]*)((?:\s+[^&|]*)?)/g,
    (all, lead: string, name: string, rest: string) => {
      const program = BUILTINS[name.toLowerCase()];
      if (program === undefined) return all;
      const deleting = program.startsWith('rm');
      const args = rest.replace(/(\s)\/([A-Za-z])(?![\w/])/g, (sw, space: string, letter: string) => {
        if (!deleting) return sw;
        const option = SWITCHES[letter.toLowerCase()];
        return option === undefined ? sw : option === '' ? space : space + option;
      });
      // `rd /s` removes the tree (rm -r); plain `rd` only an empty directory (rm -d).
      const head = program === 'rm -d' && /(?:^|\s)-r\b/.test(args) ? 'rm' : program;
      return lead + head + args;
    },
  );
}
