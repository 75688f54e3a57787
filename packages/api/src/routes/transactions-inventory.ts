import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inventoryQuerySchema, type InventoryItem } from '@manager/contract';
import { inventories, users } from '../db/schema/index';
import { ok, parse } from '../plugins/envelope';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /transactions/inventory?page&limit=20&search: gifts held on the platform (withdrawn
 * ones have left), newest first; search by item name or collection (trigram indexes).
 */
export default async function transactionsInventoryRoutes(app: FastifyInstance) {
  app.get('/transactions/inventory', async (request) => {
    const q = parse(inventoryQuerySchema, request.query, 'query');
    const like = q.search ? `%${escapeLike(q.search)}%` : undefined;
    const where = and(
      ne(inventories.status, 'withdrawn'),
      like ? or(ilike(inventories.name, like), ilike(inventories.baseName, like)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      app.db
        .select({
          item: inventories,
          avatar: users.avatar,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          isPremium: users.isPremium,
        })
        .from(inventories)
        .leftJoin(users, eq(users.telegramId, inventories.telegramId))
        .where(where)
        .orderBy(desc(inventories.createdAt), desc(inventories.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      app.db.select({ n: count() }).from(inventories).where(where),
    ]);
    const items: InventoryItem[] = rows.map(({ item, ...u }) => ({
      id: item.id,
      user:
        u.isPremium === null
          ? null
          : { avatar: u.avatar, username: u.username, firstName: u.firstName, lastName: u.lastName, isPremium: u.isPremium, telegramId: item.telegramId },
      name: item.name,
      giftNumber: item.giftNumber,
      price: Number(item.price),
      createdAt: item.createdAt.toISOString(),
    }));
    const totalItems = Number(total?.n ?? 0);
    return ok({ items, pagination: { totalPages: Math.ceil(totalItems / q.limit), currentPage: q.page, totalItems } });
  });
}
