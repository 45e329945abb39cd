CREATE TABLE "seller_customer_sales_weeks" (
	"seller_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"buyer_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"sales_cents" bigint NOT NULL,
	CONSTRAINT "seller_customer_sales_weeks_seller_id_week_start_buyer_id_pk" PRIMARY KEY("seller_id","week_start","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "seller_customers" (
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"first_order_on" timestamp with time zone NOT NULL,
	"last_order_on" timestamp with time zone NOT NULL,
	"orders" integer NOT NULL,
	"sales_cents" bigint NOT NULL,
	CONSTRAINT "seller_customers_seller_id_buyer_id_pk" PRIMARY KEY("seller_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "seller_product_sales_weeks" (
	"seller_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"sales_cents" bigint NOT NULL,
	CONSTRAINT "seller_product_sales_weeks_seller_id_week_start_product_id_pk" PRIMARY KEY("seller_id","week_start","product_id")
);
--> statement-breakpoint
CREATE TABLE "seller_sales_days" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"sales_cents" bigint NOT NULL,
	CONSTRAINT "seller_sales_days_seller_id_day_pk" PRIMARY KEY("seller_id","day")
);
--> statement-breakpoint
ALTER TABLE "seller_customer_sales_weeks" ADD CONSTRAINT "seller_customer_sales_weeks_seller_id_organizations_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_customer_sales_weeks" ADD CONSTRAINT "seller_customer_sales_weeks_buyer_id_organizations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_customers" ADD CONSTRAINT "seller_customers_seller_id_organizations_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_customers" ADD CONSTRAINT "seller_customers_buyer_id_organizations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_product_sales_weeks" ADD CONSTRAINT "seller_product_sales_weeks_seller_id_organizations_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_product_sales_weeks" ADD CONSTRAINT "seller_product_sales_weeks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sales_days" ADD CONSTRAINT "seller_sales_days_seller_id_organizations_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_customers_recent_idx" ON "seller_customers" USING btree ("seller_id","last_order_on","orders");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."status" = 'OPEN';--> statement-breakpoint
-- Backfill: the orders placed before this migration, counted as checkout's completion counts
-- them (dashboard/service.ts recordOrderForDashboard). Days and weeks are UTC; weeks start on Monday.
INSERT INTO "seller_sales_days" ("seller_id", "day", "orders", "sales_cents")
SELECT o."selling_organization_id", (o."completed_on" AT TIME ZONE 'UTC')::date, count(*), coalesce(sum(o."subtotal_cents"), 0)
  FROM "orders" o
 WHERE o."completed_on" IS NOT NULL
 GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "seller_product_sales_weeks" ("seller_id", "week_start", "product_id", "units", "sales_cents")
SELECT o."selling_organization_id", date_trunc('week', o."completed_on" AT TIME ZONE 'UTC')::date, li."product_id",
       sum(li."quantity"), sum(li."quantity"::bigint * coalesce(li."unit_price_in_cents", 0))
  FROM "orders" o
  JOIN "line_items" li ON li."cart_id" = o."cart_id"
 WHERE o."completed_on" IS NOT NULL
 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "seller_customer_sales_weeks" ("seller_id", "week_start", "buyer_id", "orders", "sales_cents")
SELECT o."selling_organization_id", date_trunc('week', o."completed_on" AT TIME ZONE 'UTC')::date, o."purchasing_organization_id",
       count(*), coalesce(sum(o."subtotal_cents"), 0)
  FROM "orders" o
 WHERE o."completed_on" IS NOT NULL
 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "seller_customers" ("seller_id", "buyer_id", "first_order_on", "last_order_on", "orders", "sales_cents")
SELECT o."selling_organization_id", o."purchasing_organization_id", min(o."completed_on"), max(o."completed_on"),
       count(*), coalesce(sum(o."subtotal_cents"), 0)
  FROM "orders" o
 WHERE o."completed_on" IS NOT NULL
 GROUP BY 1, 2;
