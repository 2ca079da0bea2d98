/**
 * Cypher given to a graph-database tool, written as the SQL it amounts to so the SQL rules judge
 * its reach (red team r3, issue #22): `MATCH (n) DETACH DELETE n` deletes every node (`DELETE FROM
 * nodes`), `MATCH (u:User {id: $id}) DETACH DELETE u` one matched by its properties, and a WHERE
 * keeps its condition (`WHERE true` stays always-true). Reads become a harmless SELECT.
 */

/** A WHERE condition SQL reads the same way (comparisons of properties, literals, parameters). */
const PLAIN_CONDITION = /^[\w.\s=<>!'"$()-]+$/;

/** A property map in a node or relationship pattern (`(u:User {id: $id})`, `[r:F {since: 1}]`). */
const PROPS = /[([]\s*\w*\s*(?::\s*`?\w+`?\s*)*\{\s*\w/;
const ELEMENT_VAR = /[([]\s*(\w+)/g;
const DELETED = /\b(?:DETACH\s+)?DELETE\s+(\w+(?:\s*,\s*\w+)*)/gi;
const MATCHED =
  /\b(?:OPTIONAL\s+)?MATCH\s+([\s\S]*?)(?=\b(?:WHERE|(?:DETACH\s+)?DELETE|SET|REMOVE|WITH|RETURN|MATCH|OPTIONAL|CALL|UNWIND|MERGE)\b|$)/gi;

/**
 * Whether every deleted variable sits in a pattern path that a property map pins down
 * (`(a {id: 1})-[r:FOLLOWS]->(b {id: 2}) DELETE r`); `MATCH (u {id: 1}), (n) DETACH DELETE n`
 * deletes every node, whatever the other path says.
 */
function deletedBound(text: string): boolean {
  const paths: string[] = [];
  for (const m of text.matchAll(MATCHED)) paths.push(...m[1]!.split(/,(?![^{]*\})/));
  const vars = [...text.matchAll(DELETED)].flatMap((m) => m[1]!.split(/\s*,\s*/));
  return (
    vars.length > 0 &&
    vars.every((v) =>
      paths.some((p) => PROPS.test(p) && [...p.matchAll(ELEMENT_VAR)].some((e) => e[1] === v)),
    )
  );
}

/** The SQL a Cypher query amounts to, or undefined when the text is not Cypher. */
/**
 * The query a batching wrapper runs (`CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH
 * DELETE n', ...)`, `apoc.periodic.commit('...')`, `CALL { ... } IN TRANSACTIONS`): the outer
 * query's matches fed to the inner one, batch after batch until none is left.
 */
function unbatched(text: string): string | undefined {
  const apoc =
    /^\s*CALL\s+apoc\.periodic\.(?:iterate|commit)\s*\(\s*(['"])([\s\S]*?)\1\s*(?:,\s*(['"])([\s\S]*?)\3)?/i.exec(
      text,
    );
  if (apoc !== null) {
    const outer = apoc[2]!.replace(/\bRETURN\b[\s\S]*$/i, '').trim();
    return apoc[4] === undefined ? apoc[2] : `${outer} ${apoc[4]}`;
  }
  return /^\s*CALL\s*\{([\s\S]*)\}\s*IN\s+(?:\d+\s+)?(?:CONCURRENT\s+)?TRANSACTIONS\b/i.exec(text)?.[1];
}

export function cypherAsSql(text: string): string | undefined {
  const inner = text.length <= 65536 ? unbatched(text) : undefined;
  if (inner !== undefined) return cypherAsSql(inner);
  if (!/^\s*(?:OPTIONAL\s+)?(?:MATCH|MERGE|UNWIND)\b/i.test(text) || text.length > 65536) return undefined;
  const deletes = /\b(?:DETACH\s+)?DELETE\b/i.test(text);
  const sets = /\b(?:SET|REMOVE)\b/i.test(text);
  if (!deletes && !sets) return 'SELECT 1;';
  const where =
    /\bWHERE\b([\s\S]*?)(?=\b(?:DETACH\s+)?DELETE\b|\bSET\b|\bREMOVE\b|\bWITH\b|\bRETURN\b|$)/i.exec(text);
  let filter = '';
  if (where) {
    const cond = where[1]!.trim();
    filter = ` WHERE ${cond !== '' && PLAIN_CONDITION.test(cond) ? cond : 'id = 1'}`;
  } else if (deletes ? deletedBound(text) : PROPS.test(text)) filter = ' WHERE id = 1';
  // The label of what is deleted or changed is its table (`(n:TestNode)` is test_node, a test's own nodes).
  const table = labelTable(text) ?? 'nodes';
  return deletes ? `DELETE FROM ${table}${filter};` : `UPDATE ${table} SET changed = 1${filter};`;
}

/** The one label every matched node of the query carries, in snake case (`TestNode` -> test_node). */
function labelTable(text: string): string | undefined {
  const labels = new Set<string>();
  let bare = false;
  for (const m of text.matchAll(/\(\s*\w*\s*(?::\s*`?(\w+)`?)?/g)) {
    if (m[1] === undefined) bare = true;
    else labels.add(m[1]);
    if (labels.size > 1) return undefined;
  }
  const [label] = [...labels];
  return bare || label === undefined ? undefined : label.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
