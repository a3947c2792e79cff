import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitBucket } from '../common/rate-limit-bucket.entity';
import { RateLimitService } from '../common/rate-limit.service';
import { AccountsMaintenance } from './accounts-maintenance';
import { AccountsService } from './accounts.service';
import { AdminGuard } from './admin.guard';
import { AuthRateLimit } from './auth-rate-limit';
import { AuthController } from './auth.controller';
import { IdentityService } from './identity.service';
import { LoginThrottle } from './login-throttle';
import { PasswordResetCode } from './password-reset-code.entity';
import { PhoneProofController } from './phone-proof.controller';
import { PhoneProof } from './phone-proof.entity';
import { PhoneProofService } from './phone-proof.service';
import { PasswordResetService } from './password-reset.service';
import { Session } from './session.entity';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionStrategy } from './session.strategy';
import { SessionsService } from './sessions.service';
import { UserActivity } from './user-activity.entity';
import { User } from './user.entity';

// USER_MESSENGER (reset codes) comes from a global module chosen by AppModule.
@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([User, UserActivity, Session, PasswordResetCode, PhoneProof, RateLimitBucket])],
  controllers: [AuthController, PhoneProofController],
  providers: [
    AccountsService,
    SessionsService,
    SessionStrategy,
    SessionAuthGuard,
    AdminGuard,
    PasswordResetService,
    RateLimitService,
    AuthRateLimit,
    AccountsMaintenance,
    PhoneProofService,
    IdentityService,
    LoginThrottle,
  ],
  exports: [AccountsService, IdentityService, PhoneProofService, SessionsService, SessionAuthGuard, AdminGuard, RateLimitService, AuthRateLimit, TypeOrmModule],
})
export class AccountsModule {}
