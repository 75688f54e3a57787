import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../exports/route';
import {
  calls,
  FIRST_APPROVAL_MESSAGE,
  withdrawalActionRequestSchema,
  withdrawalBatchRequestSchema,
  withdrawalsQuerySchema,
  type CallSpec,
  type WithdrawalAction,
} from '@manager/contract';
import { adminIdOf } from '../lib/request';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { decideBatch } from './batch';
import { decideWithdrawal } from './decision-repository';
import { withdrawalsPlan } from './export-plan';
import { listWithdrawals } from './repository';

const DECISIONS: Array<{ call: CallSpec; action: WithdrawalAction; success: string }> = [
  {
    call: calls.withdrawWithTransfer,
    action: 'with-transfer',
    success: 'Withdrawal with transfer processed successfully',
  },
  {
    call: calls.withdrawWithoutTransfer,
    action: 'without-transfer',
    success: 'Withdrawal without transfer processed successfully',
  },
  { call: calls.rejectWithdrawal, action: 'reject', success: 'Withdrawal rejected successfully' },
];

/**
 * Withdrawals (whole or by page) and the three decisions, one row at a time or in a batch. The client sends the whole
 * withdrawal object; only its `id` is read: amounts and owners come from the database. Worth
 * DUAL_APPROVAL_MIN_TON or more (a TON amount with what its player withdrew in the last 24
 * hours), the first approval answers 200 with FIRST_APPROVAL_MESSAGE.
 */
export default async function withdrawalRoutes(app: FastifyInstance) {
  route(app, calls.withdrawals, async (request) =>
    ok(
      await listWithdrawals(
        app.db,
        { minTon: app.config.dualApprovalMinTon, now: app.clock() },
        parse(withdrawalsQuerySchema, request.query, 'query'),
      ),
    ),
  );
  exportRoute(app, calls.exportWithdrawals, withdrawalsPlan);

  for (const { call, action, success } of DECISIONS) {
    route(app, call, async (request) => {
      const { id, reason } = parse(withdrawalActionRequestSchema, request.body);
      const decided = await decideWithdrawal(app.db, {
        id,
        action,
        reason,
        adminId: adminIdOf(request),
        now: app.clock(),
        port: app.transferPort,
        dualApprovalMinTon: app.config.dualApprovalMinTon,
      });
      // A first approval is a success too (code 200): the message says nothing moved yet.
      return ok(decided.withdrawal, decided.firstApproval ? FIRST_APPROVAL_MESSAGE : success);
    });
  }

  // One decision over many rows: each decided on its own, its outcome reported (batch.ts).
  route(app, calls.decideWithdrawals, async (request) => {
    const { ids, action, reason } = parse(withdrawalBatchRequestSchema, request.body);
    const results = await decideBatch(app.db, {
      ids,
      action,
      reason,
      adminId: adminIdOf(request),
      now: app.clock(),
      port: app.transferPort,
      dualApprovalMinTon: app.config.dualApprovalMinTon,
    });
    return ok({ results });
  });
}
