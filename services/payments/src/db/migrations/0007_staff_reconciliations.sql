CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"ran_by" uuid NOT NULL,
	"passed" boolean NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliations_ran_at_idx" ON "reconciliations" USING btree ("ran_at");--> statement-breakpoint
CREATE INDEX "payments_wallet_phone_idx" ON "payments" USING btree ("wallet_phone","created_at");