-- The local gateway's books: every movement asked of it, under Krom's reference, and where it stands.
CREATE TABLE "movements" (
	"reference" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"network" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"counterpart" text NOT NULL,
	"collection_reference" text,
	"status" text NOT NULL,
	"voucher_code" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "movements_kind_check" CHECK ("kind" IN ('collection', 'payout', 'refund')),
	CONSTRAINT "movements_network_check" CHECK ("network" IN ('mtn', 'telecel', 'airteltigo')),
	CONSTRAINT "movements_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "movements_status_check" CHECK ("status" IN ('needs_otp', 'pending', 'succeeded', 'failed')),
	CONSTRAINT "movements_refund_names_collection" CHECK (("kind" = 'refund') = ("collection_reference" IS NOT NULL)),
	CONSTRAINT "movements_collection_reference_fk" FOREIGN KEY ("collection_reference") REFERENCES "movements"("reference")
);
--> statement-breakpoint
CREATE INDEX "movements_phone_idx" ON "movements" ("phone", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "movements_collection_reference_idx" ON "movements" ("collection_reference") WHERE "collection_reference" IS NOT NULL;
--> statement-breakpoint
-- Switches a developer flips on the phone page to try the unhappy paths (a payout the network refuses).
CREATE TABLE "switches" (
	"name" text PRIMARY KEY NOT NULL,
	"on" boolean NOT NULL
);
