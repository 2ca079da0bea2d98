/**
 * Cypher given to a graph-database tool, written as the SQL it amounts to so the SQL rules judge
 * its reach (red team r3, issue #22): `MATCH (n) DETACH DELETE n` deletes every node (`DELETE FROM
 * nodes`), `MATCH (u:User {id: $id}) DETACH DELETE u` one matched by its properties, and a WHERE
 * keeps its condition (`WHERE true` stays always-true). Reads become a harmless SELECT.
 */

/** A WHERE condition SQL reads the same way (comparisons of properties, literals, parameters). */
const PLAIN_CONDITION = /^[\w.\s=<>!'"$()-]+$/;

/** The SQL a Cypher query amounts to, or undefined when the text is not Cypher. */
export function cypherAsSql(text: string): string | undefined {
  if (!/^\s*(?:OPTIONAL\s+)?(?:MATCH|MERGE|UNWIND)\b/i.test(text) || text.length > 65536) return undefined;
  const deletes = /\b(?:DETACH\s+)?DELETE\b/i.test(text);
  const sets = /\b(?:SET|REMOVE)\b/i.test(text);
  if (!deletes && !sets) return 'SELECT 1;';
  const where =
    /\bWHERE\b([\s\S]*?)(?=\b(?:DETACH\s+)?DELETE\b|\bSET\b|\bREMOVE\b|\bWITH\b|\bRETURN\b|$)/i.exec(text);
  // A property map in a node pattern (`(u:User {id: $id})`) selects the nodes it names.
  const props = /\(\s*\w*\s*(?::\s*`?\w+`?\s*)*\{\s*\w/.test(text);
  let filter = '';
  if (where) {
    const cond = where[1]!.trim();
    filter = ` WHERE ${cond !== '' && PLAIN_CONDITION.test(cond) ? cond : 'id = 1'}`;
  } else if (props) filter = ' WHERE id = 1';
  return deletes ? `DELETE FROM nodes${filter};` : `UPDATE nodes SET changed = 1${filter};`;
}
