/** Reading an aws CLI run: its service and operation words, past the global options. */

/** aws global options that take a value as the next word. */
const WITH_VALUE = new Set([
  '--profile',
  '--region',
  '--output',
  '--endpoint-url',
  '--query',
  '--cli-read-timeout',
  '--cli-connect-timeout',
  '--ca-bundle',
  '--color',
]);

/** The first two words that are not options or option values: `[service, operation]`. */
export function awsCommandWords(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length && out.length < 2; i++) {
    const a = args[i]!;
    if (WITH_VALUE.has(a)) i++;
    else if (!a.startsWith('-')) out.push(a);
  }
  return out;
}
