CREATE TABLE "builtin_account_sessions" (
	"secret_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_payment_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"email" text,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"legal_name" text,
	"tax_id_last4" text,
	"line1" text,
	"line2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"representative_first_name" text,
	"representative_last_name" text,
	"representative_date_of_birth" date,
	"routing_number" text,
	"bank_account_last4" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "builtin_payment_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "builtin_account_sessions" ADD CONSTRAINT "builtin_account_sessions_account_id_builtin_payment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."builtin_payment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builtin_account_sessions_account_idx" ON "builtin_account_sessions" USING btree ("account_id");