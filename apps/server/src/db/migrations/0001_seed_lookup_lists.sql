-- Reference data for the product form's select lists (spec section 7: GET /api/product/state, ...).
INSERT INTO "product_states" ("state") VALUES ('Draft'), ('Live'), ('Archived') ON CONFLICT ("state") DO NOTHING;
--> statement-breakpoint
INSERT INTO "order_units" ("unit") VALUES ('Each'), ('Case'), ('Pack'), ('Box'), ('Dozen') ON CONFLICT ("unit") DO NOTHING;
--> statement-breakpoint
INSERT INTO "weight_units" ("unit") VALUES ('lb'), ('oz'), ('kg'), ('g') ON CONFLICT ("unit") DO NOTHING;
--> statement-breakpoint
INSERT INTO "dimension_units" ("unit") VALUES ('ft'), ('in'), ('cm'), ('m') ON CONFLICT ("unit") DO NOTHING;
