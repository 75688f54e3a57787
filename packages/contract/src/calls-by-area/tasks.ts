import * as tasks from '../schemas/tasks.ts';
import { idParamSchema } from '../schemas/common.ts';
import { call, GET, POST, PUT, DELETE } from './call.ts';

/** Tasks. Part of `calls` (../calls.ts). */
export const taskCalls = {
  // tasks (the status toggle sends the same fields as JSON)
  tasks: call({
    method: GET,
    permission: 'tasks.read',
    path: '/tasks',
    query: tasks.tasksQuerySchema,
    response: tasks.tasksResponseSchema,
  }),
  createTask: call({
    method: POST,
    permission: 'tasks.manage',
    path: '/tasks',
    stepUp: 'always',
    multipart: true,
    body: tasks.createTaskBodySchema,
    response: tasks.taskResponseSchema,
  }),
  updateTask: call({
    method: PUT,
    permission: 'tasks.manage',
    path: '/tasks/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: tasks.updateTaskBodySchema,
    response: tasks.taskResponseSchema,
  }),
  deleteTask: call({ method: DELETE, permission: 'tasks.manage', path: '/tasks/:id', params: idParamSchema }),
} as const;
