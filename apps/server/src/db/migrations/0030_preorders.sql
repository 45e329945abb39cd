CREATE TABLE "order_ship_windows" (
	"order_id" uuid NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"ships_from" date NOT NULL,
	"ships_until" date NOT NULL,
	"completed_on" timestamp with time zone NOT NULL,
	CONSTRAINT "order_ship_windows_order_id_ships_from_ships_until_pk" PRIMARY KEY("order_id","ships_from","ships_until")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorder_ships_from" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorder_ships_until" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorder_order_by" date;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "ships_from" date;--> statement-breakpoint
ALTER TABLE "line_items" ADD COLUMN "ships_until" date;--> statement-breakpoint
ALTER TABLE "order_ship_windows" ADD CONSTRAINT "order_ship_windows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ship_windows" ADD CONSTRAINT "order_ship_windows_seller_organization_id_organizations_id_fk" FOREIGN KEY ("seller_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_ship_windows_seller_idx" ON "order_ship_windows" USING btree ("seller_organization_id","ships_from","ships_until","completed_on" DESC NULLS LAST,"order_id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_preorder_window" CHECK (("products"."preorder_ships_from" is null and "products"."preorder_ships_until" is null and "products"."preorder_order_by" is null)
          or ("products"."preorder_ships_from" is not null and "products"."preorder_ships_until" is not null and "products"."preorder_order_by" is not null
              and "products"."preorder_ships_from" <= "products"."preorder_ships_until" and "products"."preorder_order_by" <= "products"."preorder_ships_until"));--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_ship_window" CHECK (("line_items"."ships_from" is null and "line_items"."ships_until" is null) or ("line_items"."ships_from" is not null and "line_items"."ships_until" is not null and "line_items"."ships_from" <= "line_items"."ships_until"));