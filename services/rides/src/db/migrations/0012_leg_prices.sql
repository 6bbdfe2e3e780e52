-- Leg prices the driver sets in the wizard's step 3 (rides/legs.ts), and the seats offered and
-- taken per leg in the search's two btree indexes: a search without places checks the whole
-- route's seats left from the index alone, as it checks the freest leg's (search-rides.ts).
DROP INDEX "rides_search_date_idx";--> statement-breakpoint
DROP INDEX "rides_search_departure_idx";--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "leg_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "rides_search_date_idx" ON "rides" USING btree ("departure_date","departure_at","id","driver_id","available_seats","seats_offered","leg_seats_taken","route_key","route_south","route_north","route_west","route_east") WHERE status = 'active' AND available_seats > 0;--> statement-breakpoint
CREATE INDEX "rides_search_departure_idx" ON "rides" USING btree ("departure_at","id","driver_id","available_seats","seats_offered","leg_seats_taken","route_key","route_south","route_north","route_west","route_east") WHERE status = 'active' AND available_seats > 0;