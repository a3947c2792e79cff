import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Commission } from './commission.entity';
import { Partner } from './partner.entity';
import { CreatePartnerDto, DUPLICATE_CODE } from './referrals.dto';

/** Contract C: a partner with its totals computed here, amounts in euros. */
export interface PartnerView {
  id: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  referralCode: string;
  active: boolean;
  referralCount: number;
  totalCommissions: number;
  pendingCommissions: number;
  createdAt: Date;
}

export interface CommissionView {
  id: number;
  partnerId: number;
  partnerName: string;
  userId: number | null;
  userName: string | null;
  amount: string;
  status: 'pending' | 'paid' | 'cancelled';
  planType: 'monthly' | 'yearly';
  createdAt: Date;
}

const euros = (cents: number | string | null) => Number(cents ?? 0) / 100;

/** The code when it names an active partner, else null (an unknown code never fails a registration). */
export async function activeReferralCode(manager: EntityManager, code: string | null | undefined): Promise<string | null> {
  if (!code) return null;
  const normalised = code.trim().toUpperCase();
  const rows = await manager.query(`SELECT referral_code FROM referral_partners WHERE referral_code = $1 AND active`, [normalised]);
  return rows.length ? normalised : null;
}

/** Referral partners and their commissions: COMMISSION_RATE of every amount a referred user pays. */
@Injectable()
export class ReferralsService {
  private readonly logger = new Logger(ReferralsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async listPartners(): Promise<PartnerView[]> {
    const rows = await this.dataSource.query(`
      SELECT p.*,
        (SELECT count(*) FROM users u WHERE u.referred_by = p.referral_code)::int AS referral_count,
        COALESCE((SELECT sum(c.amount_cents) FROM referral_commissions c WHERE c.partner_id = p.id AND c.status <> 'cancelled'), 0)::int AS total_cents,
        COALESCE((SELECT sum(c.amount_cents) FROM referral_commissions c WHERE c.partner_id = p.id AND c.status = 'pending'), 0)::int AS pending_cents
      FROM referral_partners p ORDER BY p.created_at DESC, p.id DESC`);
    return rows.map((r: any) => this.partnerView(r));
  }

  async getPartner(id: number): Promise<PartnerView> {
    const found = (await this.listPartners()).find((p) => p.id === id);
    if (!found) throw new NotFoundException('Partenaire introuvable');
    return found;
  }

  async createPartner(dto: CreatePartnerDto): Promise<PartnerView> {
    try {
      const saved = await this.dataSource.getRepository(Partner).save({
        name: dto.name,
        email: dto.email,
        phoneNumber: dto.phoneNumber || null,
        referralCode: dto.referralCode,
        active: dto.active ?? true,
      });
      return this.getPartner(saved.id);
    } catch (e) {
      if (e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505') throw new ConflictException(DUPLICATE_CODE);
      throw e;
    }
  }

  async setActive(id: number, active: boolean): Promise<PartnerView> {
    const res = await this.dataSource.getRepository(Partner).update({ id }, { active });
    if (!res.affected) throw new NotFoundException('Partenaire introuvable');
    return this.getPartner(id);
  }

  /** Deletes the partner and its commissions; the users it referred keep their accounts. */
  async deletePartner(id: number): Promise<void> {
    const res = await this.dataSource.getRepository(Partner).delete({ id });
    if (!res.affected) throw new NotFoundException('Partenaire introuvable');
  }

  async listCommissions(): Promise<CommissionView[]> {
    const rows = await this.dataSource.query(`
      SELECT c.*, p.name AS partner_name, COALESCE(u.display_name, u.username, c.user_name) AS current_user_name
      FROM referral_commissions c JOIN referral_partners p ON p.id = c.partner_id LEFT JOIN users u ON u.id = c.user_id
      ORDER BY c.created_at DESC, c.id DESC`);
    return rows.map((r: any) => this.commissionView(r));
  }

  async markPaid(id: number): Promise<CommissionView> {
    const [rows] = await this.dataSource.query(`UPDATE referral_commissions SET status = 'paid', updated_at = now() WHERE id = $1 AND status IN ('pending', 'paid') RETURNING id`, [id]);
    if (!rows.length) {
      const exists = await this.dataSource.query(`SELECT status FROM referral_commissions WHERE id = $1`, [id]);
      if (!exists.length) throw new NotFoundException('Commission introuvable');
      throw new ConflictException('Une commission annulée ne peut pas être marquée payée');
    }
    return (await this.listCommissions()).find((c) => c.id === id)!;
  }

  /**
   * One pending commission per paid invoice of a referred user (the invoice id is unique, so a
   * replayed or concurrent event creates nothing twice). The amount is what the user actually paid.
   */
  async recordInvoice(inv: { invoiceId: string; userId: number; amountPaidCents: number; currency: string; cycle: 'monthly' | 'yearly' }, manager: EntityManager = this.dataSource.manager): Promise<Commission | null> {
    if (inv.amountPaidCents <= 0) return null;
    const rows = await manager.query(
      `SELECT p.id AS partner_id, COALESCE(u.display_name, u.username) AS user_name FROM users u JOIN referral_partners p ON p.referral_code = u.referred_by AND p.active WHERE u.id = $1`,
      [inv.userId],
    );
    if (!rows.length) return null;
    const amountCents = Math.round(inv.amountPaidCents * this.config.payments.commissionRate);
    const inserted = await manager.query(
      `INSERT INTO referral_commissions (partner_id, user_id, user_name, invoice_id, amount_cents, amount_paid_cents, currency, status, plan_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) ON CONFLICT (invoice_id) DO NOTHING RETURNING id`,
      [rows[0].partner_id, inv.userId, rows[0].user_name, inv.invoiceId, amountCents, inv.amountPaidCents, inv.currency, inv.cycle],
    );
    if (inserted.length) this.logger.log(`Commission ${inserted[0].id}: ${amountCents} cents for partner ${rows[0].partner_id} on invoice ${inv.invoiceId}`);
    return inserted.length ? manager.getRepository(Commission).findOneBy({ id: inserted[0].id }) : null;
  }

  /**
   * A refund takes back the commission on what was refunded, and never rewrites what was paid out.
   * `refundedCents` is the invoice's cumulative refunded amount (Stripe's `amount_refunded`).
   * - A still-pending commission whose invoice is wholly refunded is cancelled.
   * - Otherwise (a partial refund, or a commission already paid to the partner) a negative pending
   *   adjustment is added for the share not yet taken back, so the partner's next payout nets it.
   * Replays are harmless: an adjustment's key is the invoice and the cumulative refund.
   * Returns how many commission rows were cancelled or added.
   */
  async adjustForRefund(invoiceId: string, refundedCents: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    if (!(refundedCents > 0)) return 0;
    return manager.transaction(async (tx) => {
      const [original] = await tx.query(`SELECT * FROM referral_commissions WHERE invoice_id = $1 FOR UPDATE`, [invoiceId]);
      if (!original || original.status === 'cancelled') return 0;
      const paidCents = Number(original.amount_paid_cents);
      const refunded = Math.min(refundedCents, paidCents);
      const prefix = `${invoiceId}:refund:`;
      const [taken] = await tx.query(
        `SELECT COALESCE(-sum(amount_cents), 0)::int AS cents, count(*) FILTER (WHERE status = 'paid')::int AS paid
         FROM referral_commissions WHERE starts_with(invoice_id, $1) AND status <> 'cancelled'`,
        [prefix],
      );
      if (original.status === 'pending' && refunded >= paidCents && Number(taken.paid) === 0) {
        await tx.query(`UPDATE referral_commissions SET status = 'cancelled', updated_at = now() WHERE invoice_id = $1 OR (starts_with(invoice_id, $2) AND status = 'pending')`, [invoiceId, prefix]);
        return 1;
      }
      const due = Math.round((Number(original.amount_cents) * refunded) / paidCents) - Number(taken.cents);
      if (due <= 0) return 0;
      const inserted = await tx.query(
        `INSERT INTO referral_commissions (partner_id, user_id, user_name, invoice_id, amount_cents, amount_paid_cents, currency, status, plan_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) ON CONFLICT (invoice_id) DO NOTHING RETURNING id`,
        [original.partner_id, original.user_id, original.user_name, `${prefix}${refunded}`, -due, 0, original.currency, original.plan_type],
      );
      return inserted.length;
    });
  }

  private partnerView(r: any): PartnerView {
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      phoneNumber: r.phone_number,
      referralCode: r.referral_code,
      active: r.active,
      referralCount: r.referral_count,
      totalCommissions: euros(r.total_cents),
      pendingCommissions: euros(r.pending_cents),
      createdAt: r.created_at,
    };
  }

  private commissionView(r: any): CommissionView {
    return {
      id: r.id,
      partnerId: r.partner_id,
      partnerName: r.partner_name,
      userId: r.user_id,
      userName: r.current_user_name,
      amount: (Number(r.amount_cents) / 100).toFixed(2),
      status: r.status,
      planType: r.plan_type,
      createdAt: r.created_at,
    };
  }
}
