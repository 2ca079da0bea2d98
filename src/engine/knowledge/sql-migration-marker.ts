/**
 * The tables a migration tool keeps its place in (R13 twin-migration): golang-migrate's one-row
 * `schema_migrations (version, dirty)`, Alembic's `alembic_version`, the lock rows of Knex
 * (`knex_migrations_lock`) and Liquibase (`DATABASECHANGELOGLOCK`). Setting the version or clearing
 * the lock without a WHERE is how a migration is marked done or a stuck lock released; the rows
 * hold the tool's bookkeeping, not the application's data.
 */

const MARKER =
  /^(?:schema_migrations|alembic_version|\w*schema_version|\w*migrations?_lock|databasechangeloglock|\w+_db_version)$/i;

/** Whether every table named is a migration tool's version or lock marker. */
export function migrationMarkersOnly(targets: readonly string[]): boolean {
  return (
    targets.length > 0 &&
    targets.every((t) => MARKER.test((t.split('.').pop() ?? t).replace(/^[`"[]|[`"\]]$/g, '')))
  );
}
