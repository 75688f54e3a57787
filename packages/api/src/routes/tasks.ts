import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTaskBodySchema, idParamSchema, updateTaskBodySchema } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { tasks } from '../db/schema/index';
import { notFound, ok, parse } from '../plugins/envelope';
import { adminIdOf, readFormOrJson } from '../tasks/request-body';
import { completedCount, listTasks, toTask } from '../tasks/task-queries';

/** GET/POST /tasks, PUT/DELETE /tasks/:id (multipart with an optional `photo`, or JSON for the toggle). */
export default async function taskRoutes(app: FastifyInstance) {
  app.get('/tasks', async () => ok(await listTasks(app.db)));

  app.post('/tasks', async (request) => {
    const { fields, images } = await readFormOrJson(request);
    const body = parse(createTaskBodySchema, fields);
    // Stored only once the fields are accepted: a refused request leaves no file behind.
    const photoUrl = images.photo ? await app.storeImage(images.photo) : '';
    const created = await app.discardImageOnFailure(
      photoUrl,
      app.db.transaction(async (tx) => {
        const [row] = await tx.insert(tasks).values({ ...body, rewardAmount: String(body.rewardAmount), link: body.link ?? null, photoUrl }).returning();
        await writeAudit(tx, { adminId: adminIdOf(request), action: 'task.create', entity: 'task', entityId: row!.id, after: row });
        return row!;
      }),
    );
    return ok(toTask(created, 0), 'Task added successfully');
  });

  app.put('/tasks/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    const { fields, images } = await readFormOrJson(request);
    const body = parse(updateTaskBodySchema, fields);
    const photoUrl = images.photo ? await app.storeImage(images.photo) : undefined;
    const updated = await app.discardImageOnFailure(
      photoUrl,
      app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
        if (!before) throw notFound('Task not found');
        const [row] = await tx
          .update(tasks)
          .set({
            ...body,
            rewardAmount: String(body.rewardAmount),
            link: body.link ?? null,
            status: body.status ?? before.status,
            ...(photoUrl ? { photoUrl } : {}),
          })
          .where(eq(tasks.id, id))
          .returning();
        await writeAudit(tx, { adminId: adminIdOf(request), action: 'task.update', entity: 'task', entityId: id, before, after: row });
        return row!;
      }),
    );
    return ok(toTask(updated, await completedCount(app.db, id)), 'Task updated successfully');
  });

  app.delete('/tasks/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    await app.db.transaction(async (tx) => {
      const [before] = await tx.delete(tasks).where(eq(tasks.id, id)).returning();
      if (!before) throw notFound('Task not found');
      await writeAudit(tx, { adminId: adminIdOf(request), action: 'task.delete', entity: 'task', entityId: id, before });
    });
    return ok(null, 'Task deleted successfully');
  });
}
