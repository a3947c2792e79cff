import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../accounts/current-user.decorator';
import type { User } from '../accounts/user.entity';
import { Staff, StaffController } from '../admin/staff-roles';
import { AuditService } from '../audit/audit.service';
import { CreatePartnerDto, UpdateCommissionDto, UpdatePartnerDto } from './referrals.dto';
import { ReferralsService } from './referrals.service';

const id = new ParseIntPipe({ exceptionFactory: () => new NotFoundException('Introuvable') });

/** Contract C: the referral programme's admin API (admin role only); every change in the audit log. */
@ApiTags('admin')
@Controller('api/admin/referral')
@StaffController()
export class ReferralsAdminController {
  constructor(
    private readonly referrals: ReferralsService,
    private readonly audit: AuditService,
  ) {}

  @Get('partners')
  @Staff('admin')
  partners() {
    return this.referrals.listPartners();
  }

  @Post('partners')
  @Staff('admin')
  async create(@CurrentUser() actor: User, @Body() dto: CreatePartnerDto) {
    const partner = await this.referrals.createPartner(dto);
    await this.audit.record(actor, 'partner.create', { type: 'partner', id: partner.id }, { name: partner.name, email: partner.email, referralCode: partner.referralCode, active: partner.active });
    return partner;
  }

  @Patch('partners/:id')
  @Staff('admin')
  async update(@CurrentUser() actor: User, @Param('id', id) partnerId: number, @Body() dto: UpdatePartnerDto) {
    const before = await this.referrals.getPartner(partnerId);
    const partner = await this.referrals.setActive(partnerId, dto.active);
    if (before.active !== partner.active) await this.audit.record(actor, 'partner.state', { type: 'partner', id: partnerId }, { active: { from: before.active, to: partner.active } });
    return partner;
  }

  @Delete('partners/:id')
  @HttpCode(200)
  @Staff('admin')
  async remove(@CurrentUser() actor: User, @Param('id', id) partnerId: number) {
    const before = await this.referrals.getPartner(partnerId);
    await this.referrals.deletePartner(partnerId);
    await this.audit.record(actor, 'partner.delete', { type: 'partner', id: partnerId }, { name: before.name, referralCode: before.referralCode });
    return { success: true };
  }

  @Get('commissions')
  @Staff('admin')
  commissions() {
    return this.referrals.listCommissions();
  }

  @Patch('commissions/:id')
  @Staff('admin')
  async markPaid(@CurrentUser() actor: User, @Param('id', id) commissionId: number, @Body() _dto: UpdateCommissionDto) {
    const commission = await this.referrals.markPaid(commissionId);
    await this.audit.record(actor, 'commission.paid', { type: 'commission', id: commissionId }, { partnerName: commission.partnerName, amount: commission.amount, status: { to: 'paid' } });
    return commission;
  }
}
