import type { FastifyInstance } from 'fastify';
import { calls, createTaskBodySchema, updateTaskBodySchema } from '@manager/contract';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readFormOrJson } from '../lib/request-body';
import { route } from '../lib/route';
import { ok, parse } from '../plugins/envelope';
import { createTask, deleteTask, listTasks, updateTask } from './repository';

/** Tasks: multipart with an optional `photo`, or JSON for the status toggle. */
export default async function taskRoutes(app: FastifyInstance) {
  route(app, calls.tasks, async () => ok(await listTasks(app.db)));

  route(app, calls.createTask, async (request) => {
    const { fields, images } = await readFormOrJson(request);
    const body = parse(createTaskBodySchema, fields);
    const task = await withStoredImages(app.images, { photo: images.photo }, (names) =>
      createTask(app.db, adminIdOf(request), body, names.photo ?? ''),
    );
    return ok(task, 'Task added successfully');
  });

  route(app, calls.updateTask, async (request) => {
    const id = idOf(request);
    const { fields, images } = await readFormOrJson(request);
    const body = parse(updateTaskBodySchema, fields);
    const task = await withStoredImages(app.images, { photo: images.photo }, (names) =>
      updateTask(app.db, adminIdOf(request), id, body, names.photo),
    );
    return ok(task, 'Task updated successfully');
  });

  route(app, calls.deleteTask, async (request) => {
    await deleteTask(app.db, adminIdOf(request), idOf(request));
    return ok(null, 'Task deleted successfully');
  });
}
