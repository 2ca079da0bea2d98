/**
 * Backslash-newline inside a word is a line continuation that bash removes before it splits words
 * (`r\<newline>m -rf ~` runs `rm`). The grammar keeps it, so it is rewritten to `""` (the same
 * length, so spans hold; an empty quote joins the two halves exactly as bash does). Continuations
 * after a blank separate words already and are left alone, as are quotes and comments.
 */
export function joinContinuations(text: string): string {
  if (!text.includes('\\\n')) return text;
  let out = '';
  let from = 0;
  let state: 'plain' | 'single' | 'double' | 'ansi' | 'comment' = 'plain';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (state === 'comment') {
      if (c === '\n') state = 'plain';
      continue;
    }
    if (state === 'single') {
      if (c === "'") state = 'plain';
      continue;
    }
    if (state === 'ansi') {
      if (c === '\\') i++;
      else if (c === "'") state = 'plain';
      continue;
    }
    if (c === '\\') {
      const joins =
        text[i + 1] === '\n' && (state === 'double' || (i > 0 && !/[\s;&|()<>]/.test(text[i - 1]!)));
      if (joins) {
        out += text.slice(from, i) + '""';
        from = i + 2;
      }
      i++;
      continue;
    }
    if (state === 'double') {
      if (c === '"') state = 'plain';
      continue;
    }
    if (c === '"') state = 'double';
    else if (c === "'") state = i > 0 && text[i - 1] === '$' ? 'ansi' : 'single';
    else if (c === '#' && (i === 0 || /[\s;&|()]/.test(text[i - 1]!))) state = 'comment';
  }
  return out + text.slice(from);
}
