-- The ledger's two rules, kept by the database itself so that no code path, present or future,
-- and no hand-written statement can break them (README, "The ledger").
--
-- 1. Every entry balances: at least two lines that sum to zero. Checked by deferred constraint
--    triggers, at commit, once the transaction has written all of an entry's lines (an entry's row
--    goes in before its lines, so a check at each statement would always fail). The trigger on
--    entries catches an entry with no lines at all; the one on lines catches a line added later to
--    an entry that balanced, in another transaction.
CREATE FUNCTION "ledger_entry_must_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	checked uuid;
	line_count bigint;
	total numeric;
BEGIN
	-- Only the branch taken reads NEW: each table has just one of the two columns.
	IF TG_TABLE_NAME = 'ledger_entries' THEN
		checked := NEW."id";
	ELSE
		checked := NEW."entry_id";
	END IF;
	SELECT count(*), coalesce(sum("amount"), 0) INTO line_count, total FROM "ledger_lines" WHERE "entry_id" = checked;
	IF line_count < 2 THEN
		RAISE EXCEPTION 'ledger entry % has % line(s); an entry needs at least a debit and a credit', checked, line_count
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
	END IF;
	IF total <> 0 THEN
		RAISE EXCEPTION 'ledger entry % does not balance: its debits exceed its credits by % pesewas', checked, total
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entry_must_balance"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_lines_balanced" AFTER INSERT ON "ledger_lines"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entry_must_balance"();--> statement-breakpoint
-- 2. The books are append-only: what was posted stays as posted. A mistake is put right by a new
--    entry that reverses it, so the history of every cedi can always be read back. Accounts are
--    kept too: an account's type and owner are what its lines mean.
CREATE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% on % refused: the ledger is append-only; post a correcting entry instead', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines"
	FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_append_only" BEFORE UPDATE OR DELETE ON "ledger_accounts"
	FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
-- TRUNCATE fires no row trigger.
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();
