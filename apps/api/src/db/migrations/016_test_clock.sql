-- The offset of the controllable clock of browser tests (E2E_CONTROLLABLE_CLOCK; never used in
-- production), kept in the database so every API process and job worker of a test cluster moves
-- together (docs/decisions/016-abuse-limits-and-instances.md). One row at most.
CREATE TABLE test_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0)
);
