import { validationKeys } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../http/request-context.ts';
import type { AppConfig } from '../config/env.ts';
import type { Database, SignFlowRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { Scratch } from '../files/scratch.ts';
import type { SigningDeps } from '../signing/signing-deps.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { Clock } from '../time/clock.ts';
import { flowStateOf } from './flow-state.ts';
import { findVisibleFlow, type FlowAccess } from './signflows.repository.ts';

export interface SignFlowDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  config: AppConfig;
  clock: Clock;
  /** This node's temporary files. */
  scratch: Scratch;
}

/** Sending, cancelling and checking reach into signing: they need its clock, trust and jobs. */
export type SignFlowActionDeps = SigningDeps;

/** Whose flows the user may see: read with the session, so it costs no query of its own. */
export function accessOf(user: SessionUser): FlowAccess {
  return { userId: user.id, groupIds: user.groupIds };
}

/** The flow if this user may see it; otherwise 404, so that its existence does not leak. */
export async function loadVisibleFlow(db: Kysely<Database>, user: SessionUser, flowId: string) {
  const flow = await findVisibleFlow(db, accessOf(user), flowId);
  if (!flow) throw new AppError('notFound');
  return flow;
}

/** Only a draft can change: otherwise 409 with the flow's state (just read). */
export function assertDraft(flow: SignFlowRow) {
  if (flow.status !== 'Draft') {
    throw new AppError('conflict', {
      issues: [{ path: 'Status', key: validationKeys.notEditable }],
      current: flowStateOf(flow),
    });
  }
}
