/** Text helpers shared by the formatters: length limits and neutralising markup in untrusted text. */

/** Cut to at most `max` UTF-16 units with an ellipsis, never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * Text inside a Markdown code fence: a fence in the command would close ours, so a zero-width
 * space breaks any run of three backticks.
 */
export function fenceSafe(text: string): string {
  return text.replace(/```/g, '`\u200b``');
}
