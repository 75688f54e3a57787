import type { FastifyInstance } from 'fastify';
import { WITHDRAWAL_ACTIONS, withdrawalActionRequestSchema } from '@manager/contract';
import { ok, parse, unauthorized } from '../plugins/envelope';
import { decideWithdrawal } from '../withdrawals/decide';
import { readWithdrawals } from '../withdrawals/queries';
import { transferPortFor } from '../withdrawals/transfer-port';

const SUCCESS: Record<(typeof WITHDRAWAL_ACTIONS)[number], string> = {
  'with-transfer': 'Withdrawal with transfer processed successfully',
  'without-transfer': 'Withdrawal without transfer processed successfully',
  reject: 'Withdrawal rejected successfully',
};

/**
 * GET /withdrawals (all but rejected ones) and the three decisions. The client sends the
 * whole withdrawal object; only its `id` is read: amounts and owners come from the database.
 */
export default async function withdrawalRoutes(app: FastifyInstance) {
  app.get('/withdrawals', async () => ok(await readWithdrawals(app.db)));

  for (const action of WITHDRAWAL_ACTIONS) {
    app.post(`/withdrawals/${action}`, async (request) => {
      const { id } = parse(withdrawalActionRequestSchema, request.body);
      if (!request.admin) throw unauthorized();
      const decided = await decideWithdrawal(app.db, {
        id,
        action,
        adminId: request.admin.id,
        now: app.clock(),
        port: transferPortFor(app.db),
      });
      return ok(decided, SUCCESS[action]);
    });
  }
}
