CREATE TABLE "payout_credits" (
	"entry_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_pesewas" bigint NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	"payout_id" uuid,
	CONSTRAINT "payout_credits_pkey" PRIMARY KEY("entry_id","driver_id"),
	CONSTRAINT "payout_credits_amount_check" CHECK ("payout_credits"."amount_pesewas" <> 0)
);
--> statement-breakpoint
CREATE TABLE "user_names" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_booking_key";--> statement-breakpoint
ALTER TABLE "payout_credits" ADD CONSTRAINT "payout_credits_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_credits" ADD CONSTRAINT "payout_credits_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_credits_unclaimed_idx" ON "payout_credits" USING btree ("booking_id","driver_id") WHERE payout_id IS NULL;--> statement-breakpoint
CREATE INDEX "payout_credits_payout_idx" ON "payout_credits" USING btree ("payout_id") WHERE payout_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_booking_idx" ON "payouts" USING btree ("booking_id");--> statement-breakpoint
-- The credits already posted: each entry's net credit to a driver's driver_payable (payouts' own
-- entries aside), claimed by the booking's payout when that payout was made after it (it paid
-- what the booking had been credited by then); a credit posted after it stays unclaimed, so the
-- next sweep pays it.
INSERT INTO "payout_credits" ("entry_id", "driver_id", "booking_id", "amount_pesewas", "credited_at", "payout_id")
SELECT e."id", a."driver_id", e."booking_id", -sum(l."amount"), e."posted_at",
	(SELECT p."id" FROM "payouts" p WHERE p."booking_id" = e."booking_id" AND p."driver_id" = a."driver_id" AND p."created_at" >= e."posted_at")
FROM "ledger_entries" e
JOIN "ledger_lines" l ON l."entry_id" = e."id"
JOIN "ledger_accounts" a ON a."id" = l."account_id"
WHERE a."type" = 'driver_payable' AND e."booking_id" IS NOT NULL AND e."kind" NOT IN ('payout_sent', 'payout_paid', 'payout_failed')
GROUP BY e."id", a."driver_id", e."booking_id", e."posted_at"
HAVING sum(l."amount") <> 0;
