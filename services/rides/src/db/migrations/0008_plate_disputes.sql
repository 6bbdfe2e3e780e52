-- Plate disputes: a member says a plate registered to another member's vehicle is theirs; staff settle it.
CREATE TABLE "plate_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_plate" text NOT NULL,
	"claimant_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plate_disputes_status_check" CHECK ("plate_disputes"."status" IN ('open', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "plate_disputes" ADD CONSTRAINT "plate_disputes_vehicle_id_fkey" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plate_disputes_open_key" ON "plate_disputes" USING btree ("claimant_id","license_plate") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "plate_disputes_status_created_idx" ON "plate_disputes" USING btree ("status","created_at" DESC NULLS LAST);