CREATE TABLE "customer_price_lists" (
	"seller_organization_id" uuid NOT NULL,
	"purchaser_organization_id" uuid NOT NULL,
	"price_list_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_price_lists_seller_organization_id_purchaser_organization_id_pk" PRIMARY KEY("seller_organization_id","purchaser_organization_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_hidden_products" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "price_list_hidden_products_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_price_breaks" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_in_cents" integer NOT NULL,
	CONSTRAINT "price_list_price_breaks_price_list_id_product_id_min_quantity_pk" PRIMARY KEY("price_list_id","product_id","min_quantity"),
	CONSTRAINT "price_list_price_breaks_min_quantity_check" CHECK ("price_list_price_breaks"."min_quantity" > 1),
	CONSTRAINT "price_list_price_breaks_price_check" CHECK ("price_list_price_breaks"."unit_price_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_price_in_cents" integer NOT NULL,
	CONSTRAINT "price_list_prices_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "price_list_prices_price_check" CHECK ("price_list_prices"."unit_price_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent_off_basis_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_percent_off_check" CHECK ("price_lists"."percent_off_basis_points" >= 0 and "price_lists"."percent_off_basis_points" < 10000)
);
--> statement-breakpoint
-- The target of customer_price_lists_list_fk must exist before it.
CREATE UNIQUE INDEX "price_lists_id_organization_key" ON "price_lists" USING btree ("id","organization_id");--> statement-breakpoint
ALTER TABLE "customer_price_lists" ADD CONSTRAINT "customer_price_lists_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_price_lists" ADD CONSTRAINT "customer_price_lists_purchaser_organization_id_organizations_id_fk" FOREIGN KEY ("purchaser_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_price_lists" ADD CONSTRAINT "customer_price_lists_list_fk" FOREIGN KEY ("price_list_id","seller_organization_id") REFERENCES "public"."price_lists"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_hidden_products" ADD CONSTRAINT "price_list_hidden_products_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_hidden_products" ADD CONSTRAINT "price_list_hidden_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_price_breaks" ADD CONSTRAINT "price_list_price_breaks_price_fk" FOREIGN KEY ("price_list_id","product_id") REFERENCES "public"."price_list_prices"("price_list_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_price_lists_list_idx" ON "customer_price_lists" USING btree ("price_list_id");--> statement-breakpoint
CREATE INDEX "price_list_prices_product_idx" ON "price_list_prices" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_name_key" ON "price_lists" USING btree ("organization_id",lower("name"));