-- The search answers' generation: a number that changes whenever a committed change could change
-- what a ride search answers (a ride, its stops, its vehicle or its driver's profile). The search
-- keeps answers under the generation they were computed at (src/rides/search-cache.ts), so an
-- answer is reused only while nothing it depends on has changed, whichever instance or process
-- made the change.
--
-- The count moves in a deferred constraint trigger, so at commit, after every other write of the
-- transaction: the one row is locked last and briefly (no transaction waits for it while holding
-- it, so it cannot take part in a deadlock), and only once per transaction however many rows it
-- wrote (a transaction-local setting remembers it).
CREATE TABLE "search_generation" (
	"singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
	"value" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "search_generation" ("singleton", "value") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION "bump_search_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('krom.search_generation_bumped', true) IS DISTINCT FROM 'yes' THEN
		PERFORM set_config('krom.search_generation_bumped', 'yes', true);
		UPDATE "search_generation" SET "value" = "value" + 1;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rides_search_generation" AFTER INSERT OR UPDATE OR DELETE ON "rides"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ride_stops_search_generation" AFTER INSERT OR UPDATE OR DELETE ON "ride_stops"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vehicles_search_generation" AFTER INSERT OR UPDATE OR DELETE ON "vehicles"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_profiles_search_generation" AFTER INSERT OR UPDATE OR DELETE ON "user_profiles"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_search_generation"();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: it moves the count at once.
CREATE TRIGGER "rides_truncate_search_generation" AFTER TRUNCATE ON "rides" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE TRIGGER "ride_stops_truncate_search_generation" AFTER TRUNCATE ON "ride_stops" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE TRIGGER "vehicles_truncate_search_generation" AFTER TRUNCATE ON "vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();--> statement-breakpoint
CREATE TRIGGER "user_profiles_truncate_search_generation" AFTER TRUNCATE ON "user_profiles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();
