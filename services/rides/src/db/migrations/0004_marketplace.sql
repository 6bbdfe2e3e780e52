-- Trigram indexes answer the search's "contains" on localities, cities and names. pg_trgm is a
-- trusted extension (PostgreSQL 13+): the database's owner, the rides role, may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- No JIT compilation for this database's sessions: its queries are short (the search included),
-- and JIT, triggered by the search's estimated cost, spent 100+ ms compiling a query that runs in a
-- few. The database's owner may set this; it applies to sessions opened after the migration.
DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET jit = off', current_database()); END $$;--> statement-breakpoint
CREATE TABLE "ride_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"stop_order" integer NOT NULL,
	"location" text NOT NULL,
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"city" text,
	"locality_area" text,
	"region" text,
	"place_id" text,
	"stop_type" text DEFAULT 'either' NOT NULL,
	"estimated_arrival_time" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(locality_area, '') || chr(31) || coalesce(city, '') || chr(31) || location)) STORED NOT NULL,
	CONSTRAINT "ride_stops_stop_order_check" CHECK ("ride_stops"."stop_order" BETWEEN 1 AND 10),
	CONSTRAINT "ride_stops_stop_type_check" CHECK ("ride_stops"."stop_type" IN ('pickup', 'dropoff', 'either'))
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"from_city" text NOT NULL,
	"to_city" text NOT NULL,
	"from_location" text NOT NULL,
	"to_location" text NOT NULL,
	"from_latitude" numeric(10, 8),
	"from_longitude" numeric(11, 8),
	"from_locality_area" text,
	"from_region" text,
	"from_place_id" text,
	"to_latitude" numeric(10, 8),
	"to_longitude" numeric(11, 8),
	"to_locality_area" text,
	"to_region" text,
	"to_place_id" text,
	"departure_date" date NOT NULL,
	"departure_time" text NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"available_seats" integer NOT NULL,
	"total_seats" integer NOT NULL,
	"price_per_seat" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"description" text,
	"duration" text,
	"pickup_station" text,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_search" text GENERATED ALWAYS AS (lower(coalesce(from_locality_area, '') || chr(31) || coalesce(from_city, '') || chr(31) || from_location)) STORED NOT NULL,
	"to_search" text GENERATED ALWAYS AS (lower(coalesce(to_locality_area, '') || chr(31) || coalesce(to_city, '') || chr(31) || to_location)) STORED NOT NULL,
	"route_search" text NOT NULL,
	"route_key" text GENERATED ALWAYS AS (CASE WHEN octet_length(route_search) <= 1000 THEN route_search END) STORED,
	"route_south" double precision,
	"route_north" double precision,
	"route_west" double precision,
	"route_east" double precision,
	CONSTRAINT "rides_status_check" CHECK ("rides"."status" IN ('active', 'completed', 'cancelled')),
	CONSTRAINT "rides_seats_check" CHECK ("rides"."available_seats" >= 0 AND "rides"."total_seats" BETWEEN 1 AND 8 AND "rides"."available_seats" <= "rides"."total_seats"),
	CONSTRAINT "rides_price_check" CHECK ("rides"."price_per_seat" > 0),
	CONSTRAINT "rides_departure_time_check" CHECK ("rides"."departure_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"color" text NOT NULL,
	"license_plate" text NOT NULL,
	"seats" integer DEFAULT 4 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "vehicles_seats_check" CHECK ("vehicles"."seats" BETWEEN 2 AND 8),
	CONSTRAINT "vehicles_year_check" CHECK ("vehicles"."year" >= 1990)
);
--> statement-breakpoint
ALTER TABLE "ride_stops" ADD CONSTRAINT "ride_stops_ride_id_fkey" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_vehicle_id_fkey" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_stops_ride_order_key" ON "ride_stops" USING btree ("ride_id","stop_order");--> statement-breakpoint
CREATE INDEX "rides_search_date_idx" ON "rides" USING btree ("departure_date","departure_at","id","driver_id","available_seats","route_key","route_south","route_north","route_west","route_east") WHERE status = 'active' AND available_seats > 0;--> statement-breakpoint
CREATE INDEX "rides_search_departure_idx" ON "rides" USING btree ("departure_at","id","driver_id","available_seats","route_key","route_south","route_north","route_west","route_east") WHERE status = 'active' AND available_seats > 0;--> statement-breakpoint
CREATE INDEX "rides_route_search_trgm_idx" ON "rides" USING gin ("route_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rides_route_box_idx" ON "rides" USING gist (box(point(route_west, route_south), point(route_east, route_north)));--> statement-breakpoint
CREATE INDEX "rides_driver_departure_idx" ON "rides" USING btree ("driver_id","departure_at");--> statement-breakpoint
CREATE INDEX "rides_vehicle_departure_idx" ON "rides" USING btree ("vehicle_id","departure_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_license_plate_key" ON "vehicles" USING btree ("license_plate") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "vehicles_driver_created_idx" ON "vehicles" USING btree ("driver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_profiles_hidden_idx" ON "user_profiles" USING btree ("user_id") WHERE suspended OR deleted;--> statement-breakpoint
COMMENT ON COLUMN "vehicles"."deleted_at" IS 'Set when the driver deletes the vehicle (or their account): the rides it made still show it, and its plate may be registered again.';--> statement-breakpoint
COMMENT ON COLUMN "rides"."departure_at" IS 'departure_date and departure_time as one instant; Ghana keeps GMT all year, so the wall-clock time is UTC.';--> statement-breakpoint
COMMENT ON COLUMN "rides"."route_search" IS 'Search texts of departure, stops and destination in route order, joined by chr(30); a prefilter for the search (see services/rides/README.md).';