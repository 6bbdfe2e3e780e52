-- Short codes a member types on a basic phone: a ride's after BOOK (5 characters), a booking's
-- after CANCEL (7: never mistaken for the ride's, nor for the booking's 6-character boarding
-- code). The alphabet is contracts' shortCodeAlphabet (the boarding code's: no 0/O, 1/I/L, 2/Z,
-- 5/S, 8/B). Each code is unique over every row ever written, not only over rides to come: a
-- code in an old match SMS must never book a newer ride. The database writes them (the columns'
-- defaults), in the transaction that writes the row, so every writer (posting, booking, the seed,
-- tests) gets one; a code already taken is drawn again, and after ten draws taken (the short
-- codes growing scarce) the next is one character longer. Two writers drawing the same free code
-- at the same instant are kept apart by the unique index.
CREATE FUNCTION "short_code"("length" int) RETURNS text LANGUAGE sql VOLATILE AS $$
	SELECT string_agg(substr('ACDEFGHJKMNPQRTUVWXY34679', 1 + floor(random() * 25)::int, 1), '') FROM generate_series(1, "length")
$$;--> statement-breakpoint
-- A code of `length` characters no row of `table` has in `code_column`.
CREATE FUNCTION "new_short_code"("table" text, "code_column" text, "length" int) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	code text;
	draws int := 0;
	taken boolean;
BEGIN
	LOOP
		code := "short_code"(CASE WHEN draws < 10 THEN "length" ELSE "length" + 1 END);
		EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I = $1)', "table", "code_column") INTO taken USING code;
		EXIT WHEN NOT taken;
		draws := draws + 1;
	END LOOP;
	RETURN code;
END $$;--> statement-breakpoint
-- Existing rows: a code each, drawn again for the few drawn twice (one statement cannot see its own rows).
ALTER TABLE "rides" ADD COLUMN "ride_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booking_code" text;--> statement-breakpoint
UPDATE "rides" SET "ride_code" = "short_code"(5);--> statement-breakpoint
UPDATE "bookings" SET "booking_code" = "short_code"(7);--> statement-breakpoint
DO $$
BEGIN
	LOOP
		UPDATE "rides" SET "ride_code" = "new_short_code"('rides', 'ride_code', 5) WHERE "id" IN (
			SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "ride_code" ORDER BY "id") AS n FROM "rides") drawn WHERE n > 1);
		EXIT WHEN NOT FOUND;
	END LOOP;
	LOOP
		UPDATE "bookings" SET "booking_code" = "new_short_code"('bookings', 'booking_code', 7) WHERE "id" IN (
			SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "booking_code" ORDER BY "id") AS n FROM "bookings") drawn WHERE n > 1);
		EXIT WHEN NOT FOUND;
	END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "ride_code" SET DEFAULT new_short_code('rides', 'ride_code', 5);--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "ride_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "booking_code" SET DEFAULT new_short_code('bookings', 'booking_code', 7);--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "booking_code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_code_key" ON "bookings" USING btree ("booking_code");--> statement-breakpoint
CREATE UNIQUE INDEX "rides_ride_code_key" ON "rides" USING btree ("ride_code");
