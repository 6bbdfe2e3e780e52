CREATE TABLE "payment_method_codes" (
	"payment_method_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_method_codes_attempts_check" CHECK ("payment_method_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'mobile_money' NOT NULL,
	"network" text NOT NULL,
	"number" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" = 'mobile_money'),
	CONSTRAINT "payment_methods_network_check" CHECK ("payment_methods"."network" IN ('mtn', 'vodafone', 'airteltigo'))
);
--> statement-breakpoint
ALTER TABLE "payment_method_codes" ADD CONSTRAINT "payment_method_codes_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_number_key" ON "payment_methods" USING btree ("user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_per_user" ON "payment_methods" USING btree ("user_id") WHERE is_default;