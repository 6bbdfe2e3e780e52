-- The search answers' generation, per departure date: a ride written, changed or cancelled moves
-- the generation of the Ghana date it departs on (both dates when it moves from one to another),
-- so a seat booked or a ride posted for tomorrow leaves the kept answers of every other day alone
-- (src/search/search-cache.ts). A change every ride may show (a vehicle, a driver's profile, a
-- table emptied) still moves them all, through `shared`.
--
-- `value` stays the count of every change (the key of a search without a date). A transaction
-- moves it once, at commit, and stamps each date it changed (and `shared`, when it changed what
-- every date shows) with the new value, so a date's generation never repeats. The singleton row
-- is locked first and the date rows only by its holder: two transactions changing the same dates
-- in another order queue on the singleton, they never deadlock on the dates.
ALTER TABLE "search_generation" ADD COLUMN "shared" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE TABLE "search_date_generation" (
	"departure_date" date PRIMARY KEY,
	"value" bigint NOT NULL
);--> statement-breakpoint
-- The generation this transaction commits: moved on its first call, read back on the next ones.
CREATE FUNCTION "search_generation_of_transaction"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	moved bigint := NULLIF(current_setting('krom.search_generation', true), '')::bigint;
BEGIN
	IF moved IS NULL THEN
		UPDATE "search_generation" SET "value" = "value" + 1 RETURNING "value" INTO moved;
		PERFORM set_config('krom.search_generation', moved::text, true);
	END IF;
	RETURN moved;
END $$;--> statement-breakpoint
-- Stamps one departure date, once per transaction.
CREATE FUNCTION "bump_search_date"("day" date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	bumped text := COALESCE(NULLIF(current_setting('krom.search_dates_bumped', true), ''), ',');
BEGIN
	IF "day" IS NULL OR position(',' || "day"::text || ',' IN bumped) > 0 THEN
		RETURN;
	END IF;
	INSERT INTO "search_date_generation" ("departure_date", "value") VALUES ("day", "search_generation_of_transaction"())
		ON CONFLICT ("departure_date") DO UPDATE SET "value" = excluded."value";
	PERFORM set_config('krom.search_dates_bumped', bumped || "day"::text || ',', true);
END $$;--> statement-breakpoint
-- What every date shows changed (a vehicle, a profile, a TRUNCATE): the existing triggers call it.
CREATE OR REPLACE FUNCTION "bump_search_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved bigint;
BEGIN
	IF current_setting('krom.search_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
		PERFORM set_config('krom.search_generation_bumped', 'yes', true);
		-- Moved first: the one statement cannot update the row twice.
		moved := "search_generation_of_transaction"();
		UPDATE "search_generation" SET "shared" = moved;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A ride's row: the date it departed on before the write and the one it departs on after.
CREATE FUNCTION "bump_search_ride_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "bump_search_date"(OLD."departure_date");
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "bump_search_date"(NEW."departure_date");
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A stop's row: its ride's date. A stop deleted with its ride finds no ride; the ride's own
-- trigger stamps that date.
CREATE FUNCTION "bump_search_stop_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "bump_search_date"("departure_date") FROM "rides" WHERE "id" = OLD."ride_id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "bump_search_date"("departure_date") FROM "rides" WHERE "id" = NEW."ride_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "rides_search_generation" ON "rides";--> statement-breakpoint
DROP TRIGGER "ride_stops_search_generation" ON "ride_stops";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rides_search_generation" AFTER INSERT OR UPDATE OR DELETE ON "rides"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_search_ride_dates"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ride_stops_search_generation" AFTER INSERT OR UPDATE OR DELETE ON "ride_stops"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_search_stop_dates"();
