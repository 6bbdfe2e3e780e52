ALTER TABLE "payments" ADD COLUMN "route_from" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "route_to" text;--> statement-breakpoint
CREATE INDEX "payments_passenger_idx" ON "payments" USING btree ("passenger_id","created_at");