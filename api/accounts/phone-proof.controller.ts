import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AccountsService } from './accounts.service';
import { PhoneCodeDto } from './accounts.dto';
import { CurrentUser } from './current-user.decorator';
import { PhoneProofService } from './phone-proof.service';
import { SessionAuthGuard } from './session-auth.guard';
import type { User } from './user.entity';

/** Proving the signed-in user's claimed number (SPEC decision "Phone numbers are proved before use"). */
@ApiTags('accounts')
@Controller('api/user/phone')
@UseGuards(SessionAuthGuard)
export class PhoneProofController {
  constructor(
    @Inject(PhoneProofService) private readonly proofs: PhoneProofService,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  /** The wa.me link prefilled with "CODE 123456": sending it from the phone proves the number. */
  @Post('proof-link')
  @HttpCode(200)
  link(@CurrentUser() user: User) {
    return this.proofs.messageLink(user);
  }

  /** Sends a 6-digit code to the number (authentication template): 3 an hour, 10 a day. */
  @Post('send-code')
  @HttpCode(200)
  send(@CurrentUser() user: User) {
    return this.proofs.sendCode(user);
  }

  @Post('verify')
  @HttpCode(200)
  async verify(@CurrentUser() user: User, @Body() dto: PhoneCodeDto) {
    await this.proofs.verifyCode(user, dto.code);
    return this.accounts.toPublic((await this.accounts.findById(user.id))!);
  }
}
