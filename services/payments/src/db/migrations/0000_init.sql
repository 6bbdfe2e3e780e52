CREATE TABLE "handled_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"booking_id" uuid,
	"driver_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_key" UNIQUE NULLS NOT DISTINCT("type","booking_id","driver_id"),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."type" IN ('gateway_clearing', 'service_fee_revenue', 'gateway_fees') AND "ledger_accounts"."booking_id" IS NULL AND "ledger_accounts"."driver_id" IS NULL)
        OR ("ledger_accounts"."type" IN ('passenger_funds_held', 'refunds_in_transit') AND "ledger_accounts"."booking_id" IS NOT NULL AND "ledger_accounts"."driver_id" IS NULL)
        OR ("ledger_accounts"."type" IN ('driver_payable', 'payouts_in_transit') AND "ledger_accounts"."driver_id" IS NOT NULL AND "ledger_accounts"."booking_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"memo" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reference_key" UNIQUE("reference"),
	CONSTRAINT "ledger_entries_reference_check" CHECK (char_length("ledger_entries"."reference") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_lines_amount_check" CHECK ("ledger_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handled_events_handled_at_idx" ON "handled_events" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "ledger_accounts_driver_idx" ON "ledger_accounts" USING btree ("driver_id") WHERE driver_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","position") WHERE booking_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "outbox" USING btree ("created_at") WHERE published_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_published_idx" ON "outbox" USING btree ("published_at") WHERE published_at IS NOT NULL;