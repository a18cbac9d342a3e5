-- Autovacuum could not analyze chefs: it runs with a search_path of pg_catalog only, and
-- earthdistance's ll_to_earth (used by the index chefs_earth_idx) names cube() and earth()
-- without their schema, so evaluating the index expression failed with 'type "earth" does not
-- exist' and the table's statistics were never refreshed on a live database (plans drift as
-- chefs are added). The same body with the extension's schema written out works under any
-- search_path and stays an inlinable SQL function (a SET search_path clause would stop the
-- planner inlining it). A database user that does not own the extension keeps the original
-- function: the migration then only reports it (docs/operations.md, "Statistics").
DO $migration$
DECLARE
  s text := (SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'earthdistance');
  c text := (SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'cube');
BEGIN
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION %1$s.ll_to_earth(float8, float8) RETURNS %1$s.earth LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %3$L',
    s, c,
    format('SELECT %2$s.cube(%2$s.cube(%2$s.cube(%1$s.earth()*pg_catalog.cos(pg_catalog.radians($1))*pg_catalog.cos(pg_catalog.radians($2))),'
        || '%1$s.earth()*pg_catalog.cos(pg_catalog.radians($1))*pg_catalog.sin(pg_catalog.radians($2))),'
        || '%1$s.earth()*pg_catalog.sin(pg_catalog.radians($1)))::%1$s.earth', s, c));
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'll_to_earth is not owned by this user: autovacuum cannot analyze chefs; run ANALYZE chefs after large imports';
END
$migration$;
