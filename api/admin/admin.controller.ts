import { All, Controller, Get, NotFoundException, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { AdminGuard } from '../accounts/admin.guard';
import { entitlement } from '../accounts/plan';
import { User } from '../accounts/user.entity';

/** Back-office API. Every route here, known or not, is behind the admin guard (401/403 first). */
@ApiTags('admin')
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly accounts: AccountsService,
  ) {}

  @Get('users')
  async list() {
    const users = await this.users.find({ order: { createdAt: 'DESC' } });
    const now = new Date();
    return users.map((u) => ({
      ...this.accounts.toPublic(u, now),
      plan: u.plan,
      effectivePlan: entitlement(u, now).plan,
      reminderQuota: u.reminderQuota,
      remindersUsed: u.remindersUsed,
    }));
  }

  /** Unknown admin paths answer 404 only to administrators. */
  @All('*path')
  notFound() {
    throw new NotFoundException('Not found');
  }
}
