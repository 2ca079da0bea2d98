/**
 * Splitting a serialised answer around one member's value, so a repeated answer can be written from
 * the pieces with only its per-request values filled in (/validate, /sanitize). Inside a JSON string
 * every quote is escaped, so `,"name":` can only match a member, never text within a value.
 */

/** [`json` up to and including `,"name":`, `json` after the value]; throws if the member is missing. */
export function splitAtMember(json: string, name: string, value: unknown): [string, string] {
  const key = `,${JSON.stringify(name)}:`;
  const at = json.indexOf(`${key}${JSON.stringify(value)},`);
  // Not found means the answer's layout changed: fail loudly rather than write a corrupt answer.
  if (at < 0) throw new Error(`answer template: member ${name} not found`);
  return [json.slice(0, at) + key, json.slice(json.indexOf(',', at + key.length))];
}
