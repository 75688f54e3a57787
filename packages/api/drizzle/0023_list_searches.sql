CREATE TABLE "inventory_name_counts" (
	"name_stem" text NOT NULL,
	"base_name" text NOT NULL,
	"slot" smallint NOT NULL,
	"gifts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_name_counts_key" UNIQUE("name_stem","base_name","slot")
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_name_counts" (
	"item_name_stem" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_order_name_counts_key" UNIQUE("item_name_stem","slot")
);
--> statement-breakpoint
CREATE INDEX "marketplace_orders_gift_number_idx" ON "marketplace_orders" USING btree ("gift_number");--> statement-breakpoint
CREATE INDEX "marketplace_orders_buyer_created_at_id_idx" ON "marketplace_orders" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_seller_created_at_id_idx" ON "marketplace_orders" USING btree ("seller_id","created_at","id");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers or functions): a gift's name stem, its
-- name without a trailing "-<digits>" (the gift's number in its slug "PlushPepe-1234"). A search
-- with no "-" and no digit matches a name exactly when it matches the stem: no match can reach
-- into the suffix, made only of those characters.
CREATE FUNCTION "gift_name_stem"(n text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(n, '-[0-9]+$', '')
$$;--> statement-breakpoint
-- The gifts on the platform (status not withdrawn) per name stem and collection, one grouped difference per INSERT, DELETE or UPDATE
-- statement (transition tables; an update adds its new rows and takes away its old ones, keys
-- whose difference is nothing are left alone, so a status change between available, listed and
-- withdrawing writes nothing), TRUNCATE empties the counts; each statement adds to its
-- connection's slot, keys in order, so two writers never take the same rows in opposite orders.
LOCK TABLE "inventories" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "inventory_name_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "inventory_name_counts";
  INSERT INTO "inventory_name_counts" ("name_stem", "base_name", "slot", "gifts")
  SELECT "gift_name_stem"("name"), "base_name", 0, count(*) FROM "inventories" WHERE "status" <> 'withdrawn' GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT "inventory_name_counts_rebuild"();--> statement-breakpoint
CREATE FUNCTION "inventory_name_counts_add"(stem text, base text, d_gifts bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "inventory_name_counts" AS c ("name_stem", "base_name", "slot", "gifts") VALUES (stem, base, pg_backend_pid() % 8, d_gifts)
  ON CONFLICT ("name_stem", "base_name", "slot") DO UPDATE SET "gifts" = c."gifts" + excluded."gifts";
$$;--> statement-breakpoint
CREATE FUNCTION "inventory_name_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "inventory_name_counts_add"(g.n, g.base, g.gifts)
    FROM (SELECT "gift_name_stem"("name") AS n, "base_name" AS base, count(*) AS gifts FROM new_rows WHERE "status" <> 'withdrawn' GROUP BY 1, 2 ORDER BY 1, 2) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "inventory_name_counts_add"(g.n, g.base, -g.gifts)
    FROM (SELECT "gift_name_stem"("name") AS n, "base_name" AS base, count(*) AS gifts FROM old_rows WHERE "status" <> 'withdrawn' GROUP BY 1, 2 ORDER BY 1, 2) g;
  ELSE
    PERFORM "inventory_name_counts_add"(g.n, g.base, g.gifts)
    FROM (SELECT n, base, sum(d) AS gifts FROM (
            SELECT "gift_name_stem"("name") AS n, "base_name" AS base, 1 AS d FROM new_rows WHERE "status" <> 'withdrawn'
            UNION ALL
            SELECT "gift_name_stem"("name"), "base_name", -1 FROM old_rows WHERE "status" <> 'withdrawn') r
          GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2) g;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "inventory_name_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "inventory_name_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "inventories_names_insert" AFTER INSERT ON "inventories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inventory_name_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_names_delete" AFTER DELETE ON "inventories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inventory_name_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_names_update" AFTER UPDATE ON "inventories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inventory_name_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_names_truncate" AFTER TRUNCATE ON "inventories" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_name_counts_truncated"();
--> statement-breakpoint
-- The sales per item name stem, the same way: one grouped difference per INSERT, DELETE or UPDATE
-- statement (an update that keeps the stems writes nothing), TRUNCATE empties the counts.
LOCK TABLE "marketplace_orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "marketplace_order_name_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "marketplace_order_name_counts";
  INSERT INTO "marketplace_order_name_counts" ("item_name_stem", "slot", "orders")
  SELECT "gift_name_stem"("item_name"), 0, count(*) FROM "marketplace_orders" GROUP BY 1;
$$;--> statement-breakpoint
SELECT "marketplace_order_name_counts_rebuild"();--> statement-breakpoint
CREATE FUNCTION "marketplace_order_name_counts_add"(stem text, d_orders bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "marketplace_order_name_counts" AS c ("item_name_stem", "slot", "orders") VALUES (stem, pg_backend_pid() % 8, d_orders)
  ON CONFLICT ("item_name_stem", "slot") DO UPDATE SET "orders" = c."orders" + excluded."orders";
$$;--> statement-breakpoint
CREATE FUNCTION "marketplace_order_name_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "marketplace_order_name_counts_add"(g.n, g.orders)
    FROM (SELECT "gift_name_stem"("item_name") AS n, count(*) AS orders FROM new_rows GROUP BY 1 ORDER BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "marketplace_order_name_counts_add"(g.n, -g.orders)
    FROM (SELECT "gift_name_stem"("item_name") AS n, count(*) AS orders FROM old_rows GROUP BY 1 ORDER BY 1) g;
  ELSE
    PERFORM "marketplace_order_name_counts_add"(g.n, g.orders)
    FROM (SELECT n, sum(d) AS orders FROM (
            SELECT "gift_name_stem"("item_name") AS n, 1 AS d FROM new_rows
            UNION ALL
            SELECT "gift_name_stem"("item_name"), -1 FROM old_rows) r
          GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1) g;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "marketplace_order_name_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "marketplace_order_name_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_names_insert" AFTER INSERT ON "marketplace_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_order_name_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_names_delete" AFTER DELETE ON "marketplace_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_order_name_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_names_update" AFTER UPDATE ON "marketplace_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_order_name_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_names_truncate" AFTER TRUNCATE ON "marketplace_orders" FOR EACH STATEMENT EXECUTE FUNCTION "marketplace_order_name_counts_truncated"();
--> statement-breakpoint
-- A name search's page reads the gifts of each matching (collection, stem) from this index.
CREATE INDEX "inventories_stem_on_platform_idx" ON "inventories" USING btree ("base_name",gift_name_stem("name"),"created_at","id") WHERE "inventories"."status" <> 'withdrawn';--> statement-breakpoint
-- The count tables' trigram indexes once the rebuilds have filled them (one sorted build each,
-- not one index insert per row), and the buyer and seller indexes in list order replace the
-- single-column ones only now: until the end the old ones still serve the reads.
CREATE INDEX "inventory_name_counts_name_stem_trgm_idx" ON "inventory_name_counts" USING gin ("name_stem" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "inventory_name_counts_base_name_trgm_idx" ON "inventory_name_counts" USING gin ("base_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "marketplace_order_name_counts_stem_trgm_idx" ON "marketplace_order_name_counts" USING gin ("item_name_stem" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "marketplace_orders_buyer_idx";--> statement-breakpoint
DROP INDEX "marketplace_orders_seller_idx";
