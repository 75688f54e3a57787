DROP INDEX "games_created_at_idx";--> statement-breakpoint
DROP INDEX "inventories_created_at_idx";--> statement-breakpoint
DROP INDEX "marketplace_items_created_at_idx";--> statement-breakpoint
DROP INDEX "marketplace_orders_created_at_idx";--> statement-breakpoint
DROP INDEX "stars_payments_created_at_idx";--> statement-breakpoint
DROP INDEX "ton_payments_created_at_idx";--> statement-breakpoint
CREATE INDEX "games_created_at_id_idx" ON "games" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventories_on_platform_idx" ON "inventories" USING btree ("created_at","id") WHERE "inventories"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "marketplace_items_created_at_id_idx" ON "marketplace_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_created_at_id_idx" ON "marketplace_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stars_payments_created_at_id_idx" ON "stars_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ton_payments_created_at_id_idx" ON "ton_payments" USING btree ("created_at","id");