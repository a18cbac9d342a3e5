-- Invoices and credit notes, each with its own gapless number series (issue 17 part 2;
-- docs/decisions/034-invoice-numbers-and-credit-notes.md).

-- The last number issued in each series (INV, CN) and year. The next number is taken by
-- updating this row in the transaction that stores the document: the row stays locked until
-- that transaction ends, so concurrent issues queue one behind the other (unique), and a
-- transaction that rolls back gives its number back (gapless).
CREATE TABLE document_counters (
  series text NOT NULL CHECK (series IN ('INV', 'CN')),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2999),
  last_number integer NOT NULL CHECK (last_number > 0),
  PRIMARY KEY (series, year)
);

-- An order's invoice, issued once (at its first download or its first credit note, whichever
-- comes first): the totals it charged, which credit notes are measured against, and everything
-- it printed, so that a copy downloaded years later prints the same seller, buyer, lines and
-- amounts whatever changed since (the order, the restaurant, the company settings).
CREATE TABLE invoices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number text NOT NULL UNIQUE CHECK (number ~ '^INV-[0-9]{4}-[0-9]{6,}$'),
  catering_order_id bigint NOT NULL UNIQUE REFERENCES catering_orders (id),
  issued_at timestamptz NOT NULL,
  currency text NOT NULL CHECK (currency IN ('cad', 'usd')),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  totals jsonb NOT NULL,
  document jsonb NOT NULL
);

-- A credit note: a decrease of an invoiced order's total after its payment was collected (an
-- edit that lowers it, a cancel or a decline that refunds it). credit holds the decrease per
-- component (the domain's totalsDecrease of the totals before and after), document what it printed.
CREATE TABLE credit_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number text NOT NULL UNIQUE CHECK (number ~ '^CN-[0-9]{4}-[0-9]{6,}$'),
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  catering_order_id bigint NOT NULL REFERENCES catering_orders (id),
  issued_at timestamptz NOT NULL,
  reason text NOT NULL CHECK (reason IN ('edit', 'cancel', 'decline')),
  total_cents integer NOT NULL CHECK (total_cents > 0),
  credit jsonb NOT NULL,
  document jsonb NOT NULL
);
CREATE INDEX credit_notes_order_idx ON credit_notes (catering_order_id, id);
