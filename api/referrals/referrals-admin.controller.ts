import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../accounts/admin.guard';
import { CreatePartnerDto, UpdateCommissionDto, UpdatePartnerDto } from './referrals.dto';
import { ReferralsService } from './referrals.service';

const id = new ParseIntPipe({ exceptionFactory: () => new NotFoundException('Introuvable') });

/** Contract C: the referral programme's admin API (admin role only). */
@ApiTags('admin')
@Controller('api/admin/referral')
@UseGuards(AdminGuard)
export class ReferralsAdminController {
  constructor(private readonly referrals: ReferralsService) {}

  @Get('partners')
  partners() {
    return this.referrals.listPartners();
  }

  @Post('partners')
  create(@Body() dto: CreatePartnerDto) {
    return this.referrals.createPartner(dto);
  }

  @Patch('partners/:id')
  update(@Param('id', id) partnerId: number, @Body() dto: UpdatePartnerDto) {
    return this.referrals.setActive(partnerId, dto.active);
  }

  @Delete('partners/:id')
  @HttpCode(200)
  async remove(@Param('id', id) partnerId: number) {
    await this.referrals.deletePartner(partnerId);
    return { success: true };
  }

  @Get('commissions')
  commissions() {
    return this.referrals.listCommissions();
  }

  @Patch('commissions/:id')
  markPaid(@Param('id', id) commissionId: number, @Body() _dto: UpdateCommissionDto) {
    return this.referrals.markPaid(commissionId);
  }
}
