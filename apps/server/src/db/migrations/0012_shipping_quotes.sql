CREATE TABLE "shipping_quotes" (
	"order_id" uuid NOT NULL,
	"rate_id" text NOT NULL,
	"provider" text NOT NULL,
	"carrier" text NOT NULL,
	"service_level_token" text NOT NULL,
	"service_level_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"position" integer NOT NULL,
	"request_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_quotes_order_id_rate_id_pk" PRIMARY KEY("order_id","rate_id")
);
--> statement-breakpoint
ALTER TABLE "shipping_quotes" ADD CONSTRAINT "shipping_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;