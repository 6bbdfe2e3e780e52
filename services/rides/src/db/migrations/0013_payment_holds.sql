-- Mobile money bookings (the payments saga): the wallet the fare is collected from and Krom's fee,
-- both fixed when the booking is made, so payments is asked for what rides charged, never a
-- figure a screen sent. Every booking before this was cash: no wallet, no fee.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_amount_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "wallet_phone" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "wallet_network" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_fee" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_wallet_check" CHECK (("bookings"."payment_method" = 'cash' AND "bookings"."wallet_phone" IS NULL AND "bookings"."wallet_network" IS NULL)
        OR ("bookings"."payment_method" = 'mobile_money' AND "bookings"."wallet_phone" IS NOT NULL AND "bookings"."wallet_network" IN ('mtn', 'vodafone', 'airteltigo')));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_amount_check" CHECK ("bookings"."price_per_seat" > 0 AND "bookings"."total_amount" > 0 AND "bookings"."service_fee" >= 0);