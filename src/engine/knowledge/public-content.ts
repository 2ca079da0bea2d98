/**
 * Names that mark a resource as made for the public (docs, a marketing site, a press kit, static
 * assets, releases): anyone reading it, or its password page removed, is what it is for. A name
 * that also says private data, an admin surface or production records is not read as public.
 */

/** Words of content published to everyone. */
const PUBLIC =
  /(?:^|[-_./:\s])(?:public|docs|documentation|www|website|site|marketing|landing|blog|press|presskit|press-kit|static|assets|cdn|downloads|releases|help|status|changelog|brand|media-kit|fonts|images|img|showcase|portfolio|opensource|oss)(?:$|[-_./:\s\d])/i;
/** Words of what must stay private whatever else the name says. */
const PRIVATE =
  /(?:^|[-_./:\s])(?:private|internal|admin|secret|secrets|backup|backups|export|exports|customer|customers|records|medical|health|patient|payroll|hr|finance|invoices?|billing|users|accounts|pii|logs|db|database|dump|keys|credentials|staff|intranet|console|dashboard)(?:$|[-_./:\s\d])/i;

/** Whether every named target is public content (at least one named, none private). */
export function publicContent(names: readonly string[]): boolean {
  return names.length > 0 && names.some((n) => PUBLIC.test(n)) && !names.some((n) => PRIVATE.test(n));
}

/** Whether any name says private data, an admin surface or production records. */
export function privateContent(names: readonly string[]): boolean {
  return names.some((n) => PRIVATE.test(n));
}
