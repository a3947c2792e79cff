import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { Commission } from './commission.entity';
import { Partner } from './partner.entity';
import { ReferralsAdminController } from './referrals-admin.controller';
import { ReferralsService } from './referrals.service';

@Module({
  imports: [AccountsModule, TypeOrmModule.forFeature([Partner, Commission])],
  controllers: [ReferralsAdminController],
  providers: [ReferralsService],
  exports: [ReferralsService],
})
export class ReferralsModule {}
