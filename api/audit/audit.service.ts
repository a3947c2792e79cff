import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { User } from '../accounts/user.entity';
import { AuditEntry } from './audit-entry.entity';

export type Actor = Pick<User, 'id' | 'username' | 'role' | 'displayName'>;

export interface AuditTarget {
  type: string;
  id: string | number | null;
}

/** Before/after of the fields that differ: `{email: {from: 'a', to: 'b'}}`. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    const a = norm(before[key]);
    const b = norm(after[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = { from: a, to: b };
  }
  return out;
}

function norm(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v === undefined ? null : v;
}

@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Pass the transaction's manager so the entry commits (or not) with the change itself. */
  async record(actor: Actor, action: string, target: AuditTarget, changes: Record<string, unknown> | null, manager?: EntityManager): Promise<void> {
    const m = manager ?? this.dataSource.manager;
    await m.insert(AuditEntry, {
      actorId: actor.id,
      actorName: (actor.displayName || actor.username).slice(0, 64),
      actorRole: actor.role,
      action,
      targetType: target.type,
      targetId: target.id === null ? null : String(target.id).slice(0, 40),
      changes: changes as never,
    });
  }
}
