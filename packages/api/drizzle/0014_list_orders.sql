DROP INDEX "shop_orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "tasks_created_at_id_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shop_items_created_at_id_idx" ON "shop_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shop_orders_created_at_id_idx" ON "shop_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "loot_boxes_created_at_id_idx" ON "loot_boxes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_listed_idx" ON "withdrawals" USING btree (("decision" is null),"created_at","id");--> statement-breakpoint
CREATE INDEX "giveaways_expired_date_id_idx" ON "giveaways" USING btree ("expired_date","id");--> statement-breakpoint
CREATE INDEX "mailings_created_at_id_idx" ON "mailings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tournaments_date_id_idx" ON "tournaments" USING btree ("tournaments_date" DESC NULLS LAST,"id" DESC NULLS FIRST);