import type { FastifyInstance } from 'fastify';
import { calls, createTaskBodySchema, tasksQuerySchema, updateTaskBodySchema } from '@manager/contract';
import { rowsWithImageRoutes } from '../lib/image-form';
import { createTask, deleteTask, listTasks, updateTask } from './repository';

/**
 * Tasks: multipart with an optional `photo`, or JSON for the status toggle. A new task needs a
 * fresh step-up (the contract marks it); an edit only when it changes the reward.
 */
export default async function taskRoutes(app: FastifyInstance) {
  rowsWithImageRoutes(app, {
    calls: {
      list: calls.tasks,
      create: calls.createTask,
      update: calls.updateTask,
      remove: calls.deleteTask,
    },
    imageField: 'photo',
    listQuery: tasksQuerySchema,
    createSchema: createTaskBodySchema,
    updateSchema: updateTaskBodySchema,
    amounts: (body) => [{ field: 'rewardAmount', currency: body.rewardCurrency, value: body.rewardAmount }],
    list: (db, q) => listTasks(db, q),
    create: createTask,
    update: updateTask,
    remove: deleteTask,
    messages: {
      created: 'Task added successfully',
      updated: 'Task updated successfully',
      deleted: 'Task deleted successfully',
    },
  });
}
